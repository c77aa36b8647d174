"use client";

import { HitCard } from "./hit-card";
import { NoResults, RankingHeading, RankingNotes } from "./ranking-notes";
import { SaveGoldenButton } from "./save-golden-button";
import type { PlaygroundResult, usePlaygroundSearch, useExpectedKeys } from "./use-playground-search";

interface RankingPaneProps {
  team: string;
  catalog: string;
  canEdit: boolean;
  result: ReturnType<typeof usePlaygroundSearch>;
  expected: ReturnType<typeof useExpectedKeys>;
}

/** The ranking for the query as typed: its notes, the save-as-golden button and the ranked hits. */
export function RankingPane({ team, catalog, canEdit, result, expected }: RankingPaneProps) {
  const { query, hasQuery, search, data } = result;
  return (
    <section
      aria-labelledby="ranking-title"
      className="space-y-3 lg:col-span-2"
      // The query the ranking on screen answers (not the previous one kept while the next loads): what
      // `npm run bench:keystroke` waits for after a key.
      data-ranked-query={data && !search.isPlaceholderData ? query : undefined}
    >
      <RankingHeading data={data} isFetching={search.isFetching} />
      {data && <RankingNotes data={data} />}
      {canEdit && hasQuery && data && (
        <SaveGoldenButton
          team={team}
          catalog={catalog}
          query={query}
          expected={expected.expected}
          offered={data.hits.slice(0, 3).map((hit) => hit.key)}
          onToggle={expected.toggle}
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
      {data && data.hits.length === 0 && <NoResults noMatch={data.noMatch} />}
      {data && data.hits.length > 0 && (
        <RankedHits team={team} catalog={catalog} canEdit={canEdit} data={data} expected={expected} />
      )}
    </section>
  );
}

function RankedHits({
  team,
  catalog,
  canEdit,
  data,
  expected,
}: Omit<RankingPaneProps, "result"> & { data: PlaygroundResult }) {
  return (
    <ol aria-label="Ranked tools" className="space-y-2">
      {data.hits.map((hit) => (
        <HitCard
          key={hit.key}
          hit={hit}
          barReason={data.bar.reason}
          profile={data.profile}
          team={team}
          catalog={catalog}
          canEdit={canEdit && data.version === null}
          isExpected={expected.expected.includes(hit.key)}
          onExpectedChange={(on) => expected.setTicked(hit.key, on)}
        />
      ))}
    </ol>
  );
}
