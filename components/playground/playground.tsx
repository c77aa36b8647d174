"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "../trpc-provider";
import { ComparePanel } from "./compare-panel";
import { profileLabel, sourceLabel, type Profile } from "./format";
import { HitCard } from "./hit-card";
import { SaveGoldenButton } from "./save-golden-button";
import { SourcePicker } from "./source-picker";
import { useDebouncedValue } from "./use-debounced-value";
import { WhyNotPanel } from "./why-not-panel";
import { plural } from "@/components/ui/plural";
import { Select } from "@/components/ui/select";

interface PlaygroundProps {
  team: string;
  catalog: string;
  defaultProfile: Profile;
  defaultLimit: number;
  versions: number[];
  canEdit: boolean;
  initialQuery: string;
}

const LIMITS = [1, 3, 5, 8, 10, 15, 20, 30, 50];

/** Type a query, read the ranking an agent would get, see why, tune search text, save the query as golden. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: to split (#18 item 4): the request form and the result panes; left whole while #20 changes the playground's search
export function Playground({
  team,
  catalog,
  defaultProfile,
  defaultLimit,
  versions,
  canEdit,
  initialQuery,
}: PlaygroundProps) {
  const trpc = useTRPC();
  const [query, setQuery] = useState(initialQuery);
  const [version, setVersion] = useState<number | null>(null);
  const [profile, setProfile] = useState<Profile | undefined>(undefined);
  const [limit, setLimit] = useState(defaultLimit);
  const debounced = useDebouncedValue(query, 200);
  const hasQuery = debounced.trim().length > 0;
  const search = useQuery(
    trpc.playground.search.queryOptions(
      { team, catalog, query: debounced, version, profile, limit },
      { enabled: hasQuery, placeholderData: keepPreviousData },
    ),
  );
  const [expected, setExpected] = useState<string[]>([]);
  // A new query starts with nothing ticked: pre-ticking the top hit would record today's answer as the right one.
  useEffect(() => setExpected([]), [debounced]);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (debounced.trim()) url.searchParams.set("q", debounced);
    else url.searchParams.delete("q");
    window.history.replaceState(null, "", url);
  }, [debounced]);

  const data = hasQuery ? search.data : undefined;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3 [&>*]:max-w-full">
        <label className="w-full flex-1 sm:min-w-72 text-xs font-medium text-stone-700">
          Query
          <input
            type="search"
            autoFocus
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="What would the model search for? e.g. “open a pull request”"
            className="mt-1 block w-full rounded border border-stone-300 bg-white px-3 py-2 text-base font-normal"
          />
        </label>
        <SourcePicker
          label="Ranking"
          versions={versions}
          version={version}
          onVersion={setVersion}
          profile={profile}
          defaultProfile={defaultProfile}
          onProfile={setProfile}
        />
        <div className="text-xs font-medium text-stone-700">
          <label htmlFor="playground-limit">Results (K)</label>
          <Select
            id="playground-limit"
            value={String(limit)}
            onValueChange={(n) => setLimit(Number(n))}
            options={[...new Set([...LIMITS, defaultLimit])]
              .sort((a, b) => a - b)
              .map((n) => ({ value: String(n), label: n === defaultLimit ? `${n} (default)` : String(n) }))}
            className="mt-1"
          />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <section aria-labelledby="ranking-title" className="space-y-3 lg:col-span-2">
          <div className="flex flex-wrap items-baseline gap-x-3 text-sm">
            <h2 id="ranking-title" className="font-semibold">
              Ranking
            </h2>
            {data && (
              <span className="text-xs text-stone-500" role="status">
                {sourceLabel(data.version)} · {profileLabel(data.profile)} · {data.hits.length} of {data.indexed}{" "}
                deferred tools · {data.tookMs} ms
                {search.isFetching ? " · updating…" : ""}
              </span>
            )}
          </div>
          {data && data.queryTokens.length > 0 && (
            <p className="text-xs text-stone-500">
              Query terms: <span className="font-mono">{data.queryTokens.join(" · ")}</span>
            </p>
          )}
          {data && data.profile === "stockroom" && (
            <p className="text-xs text-stone-500" aria-label="Vocabulary">
              Vocabulary: {data.vocabulary.packs.map((p) => `${p.id}@${p.version}`).join(", ") || "no packs"}
              {data.vocabulary.catalogLines > 0 ? ` + ${plural(data.vocabulary.catalogLines, "catalog line")}` : ""}
              {data.vocabulary.effect.length > 0 && (
                <>
                  {" · added "}
                  <span className="font-mono">
                    {data.vocabulary.effect
                      .map((e) => `${e.term} → ${e.related.map((r) => `${r.term} (${r.source})`).join(", ")}`)
                      .join("; ")}
                  </span>
                </>
              )}
            </p>
          )}
          {canEdit && hasQuery && data && (
            <SaveGoldenButton
              team={team}
              catalog={catalog}
              query={debounced}
              expected={expected}
              offered={data.hits.slice(0, 3).map((hit) => hit.key)}
              onToggle={(key) =>
                setExpected((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]))
              }
            />
          )}
          {search.error && hasQuery && (
            <p role="alert" className="text-sm text-red-700">
              {search.error.message}
            </p>
          )}
          {!hasQuery && (
            <p className="rounded border border-dashed border-stone-300 p-6 text-center text-sm text-stone-500">
              Type a query to rank the deferred tools.
            </p>
          )}
          {hasQuery && !data && !search.error && <p className="text-sm text-stone-500">Ranking the deferred tools…</p>}
          {data && data.hits.length === 0 && (
            <div
              role="status"
              aria-label="No results"
              className="rounded border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600"
            >
              <p>No tool matches: tool_search would return nothing.</p>
              {data.noMatch && (
                <p className="mt-2 text-xs text-stone-500">
                  {data.noMatch} Use &ldquo;Why not…?&rdquo; to see where a tool ranks.
                </p>
              )}
            </div>
          )}
          {data && data.hits.length > 0 && (
            <ol aria-label="Ranked tools" className="space-y-3">
              {data.hits.map((hit) => (
                <HitCard
                  key={hit.key}
                  hit={hit}
                  barReason={data.bar.reason}
                  team={team}
                  catalog={catalog}
                  canEdit={canEdit && data.version === null}
                  isExpected={expected.includes(hit.key)}
                  onExpectedChange={(on) =>
                    setExpected((keys) => (on ? [...keys, hit.key] : keys.filter((k) => k !== hit.key)))
                  }
                />
              ))}
            </ol>
          )}
        </section>
        <WhyNotPanel
          team={team}
          catalog={catalog}
          query={debounced}
          version={version}
          profile={profile}
          limit={limit}
        />
      </div>

      <ComparePanel
        team={team}
        catalog={catalog}
        query={debounced}
        limit={limit}
        versions={versions}
        defaultProfile={defaultProfile}
      />
    </div>
  );
}
