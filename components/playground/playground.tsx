"use client";

import { useState } from "react";
import { ComparePanel } from "./compare-panel";
import type { Profile } from "./format";
import { PlaygroundRequestForm } from "./playground-request-form";
import { RankingPane } from "./ranking-pane";
import { type PlaygroundRequest, useExpectedKeys, usePlaygroundSearch } from "./use-playground-search";
import { WhyNotPanel } from "./why-not-panel";

interface PlaygroundProps {
  team: string;
  catalog: string;
  defaultProfile: Profile;
  defaultLimit: number;
  versions: number[];
  canEdit: boolean;
  initialQuery: string;
}

/** Type a query, read the ranking an agent would get, see why, tune search text, save the query as golden. */
export function Playground({
  team,
  catalog,
  defaultProfile,
  defaultLimit,
  versions,
  canEdit,
  initialQuery,
}: PlaygroundProps) {
  const [request, setRequest] = useState<PlaygroundRequest>({
    query: initialQuery,
    version: null,
    profile: undefined,
    limit: defaultLimit,
  });
  const onChange = (patch: Partial<PlaygroundRequest>) => setRequest((current) => ({ ...current, ...patch }));
  const result = usePlaygroundSearch(team, catalog, request);
  const expected = useExpectedKeys(result.query);
  const { version, profile, limit } = request;
  return (
    <div className="space-y-6">
      <PlaygroundRequestForm
        request={request}
        onChange={onChange}
        versions={versions}
        defaultProfile={defaultProfile}
        defaultLimit={defaultLimit}
      />

      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <RankingPane team={team} catalog={catalog} canEdit={canEdit} result={result} expected={expected} />
        <WhyNotPanel
          team={team}
          catalog={catalog}
          query={result.settled}
          version={version}
          profile={profile}
          limit={limit}
        />
      </div>

      <ComparePanel
        team={team}
        catalog={catalog}
        query={result.settled}
        limit={limit}
        versions={versions}
        defaultProfile={defaultProfile}
      />
    </div>
  );
}
