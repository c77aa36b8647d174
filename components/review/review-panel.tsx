"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc-provider";
import { CheckSummary } from "./check-summary";
import { METRICS, publishSummary } from "./format";
import { PublishApproval } from "./publish-approval";
import { MetricsSection, ReviewHeader } from "./review-header";
import { ReviewQueryList } from "./review-query-list";
import { ToolChanges } from "./tool-changes";
import { UpstreamChanges } from "./upstream-changes";

const LABEL = Object.fromEntries([
  ...METRICS.map((m) => [m.key, m.label]),
  ["noMatchEmptyRate", "no-match queries left empty"],
]) as Record<string, string>;

/** Draft vs latest version before publishing: metric deltas, every golden query (worse first), changed tools, then publish. */
export function ReviewPanel({ team, catalog, canPublish }: { team: string; catalog: string; canPublish: boolean }) {
  const trpc = useTRPC();
  const [k, setK] = useState<number | undefined>(undefined);
  const review = useQuery({
    ...trpc.review.get.queryOptions({ team, catalog, ...(k ? { k } : {}) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  if (review.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {review.error.message}
      </p>
    );
  if (!review.data)
    return <p className="text-sm text-stone-500">Ranking every golden query on the draft and the latest version…</p>;
  const data = review.data;
  const latestLabel = data.latest ? `Version ${data.latest.version}` : null;
  const regressions = data.metrics.regressions.map((r) => LABEL[r.metric] ?? r.metric);
  return (
    <div className="space-y-6">
      <ReviewHeader data={data} k={k} onKChange={setK} />
      <UpstreamChanges team={team} catalog={catalog} canDecide={canPublish} />
      <MetricsSection team={team} catalog={catalog} data={data} latestLabel={latestLabel} regressions={regressions} />
      <ReviewQueryList team={team} catalog={catalog} data={data} latestLabel={latestLabel} />
      <section aria-label="Changed tools" className="space-y-2">
        <h3 className="font-semibold">Changed tools</h3>
        <ToolChanges changes={data.tools} />
      </section>
      <CheckSummary team={team} catalog={catalog} data={data} />
      {canPublish ? (
        <PublishApproval
          team={team}
          catalog={catalog}
          nextVersion={(data.latest?.version ?? 0) + 1}
          isUnchanged={data.isUnchanged}
          regressions={regressions}
          draftRevision={data.draftRevision}
          summary={publishSummary(data)}
        />
      ) : (
        <p className="text-sm text-stone-600">Viewers can review; editors and owners publish.</p>
      )}
    </div>
  );
}
