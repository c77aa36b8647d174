import {
  expectedToolPhrase,
  isNotableMove,
  score,
  signed,
  VERDICT_STYLE,
  VERDICT_TEXT,
  type QueryComparison,
} from "./format";

/**
 * Only moves that matter get a marker (see isNotableMove): a tool entering the top K, an expected tool moving; before
 * the first publish there is nothing to move from, so none.
 */
function Marker({ hit, k }: { hit: QueryComparison["draft"][number]; k: number }) {
  if (!isNotableMove(hit)) return null;
  if (hit.change === "entered") {
    return <span className="rounded bg-emerald-100 px-1 text-xs text-emerald-800">entered the top {k}</span>;
  }
  if (hit.previousRank === null) return null;
  const up = hit.previousRank - hit.rank;
  return (
    <span
      className={`rounded px-1 text-xs ${up > 0 ? "bg-emerald-50 text-emerald-800" : "bg-amber-100 text-amber-900"}`}
      aria-label={`moved from ${hit.previousRank} to ${hit.rank}`}
    >
      {up > 0 ? `↑${up}` : `↓${-up}`} moved from {hit.previousRank}
    </span>
  );
}

/** The draft answers the query wrong on its own (what a first publish is checked by). */
function FailingBadge({ comparison, k }: { comparison: QueryComparison; k: number }) {
  if (!comparison.isFailing) return null;
  return (
    <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">
      {comparison.expected.length === 0 ? "fails: a tool matched, none should" : `fails: expected tool not in top ${k}`}
    </span>
  );
}

/** One golden query: the latest version's top K beside the draft's, with entered / left / moved and score changes. */
export function QueryDiff({
  comparison,
  latestLabel,
  k,
}: {
  comparison: QueryComparison;
  latestLabel: string | null;
  k: number;
}) {
  const { query, verdict, draft, left, quality, expected, noMatch } = comparison;
  const gold = new Set(expected);
  const latestTop = [
    ...draft.filter((h) => h.previousRank !== null).map((h) => ({ id: h.id, rank: h.previousRank! })),
    ...left.map((h) => ({ id: h.id, rank: h.rank })),
  ].sort((a, b) => a.rank - b.rank);
  const leftIds = new Set(left.map((h) => h.id));
  return (
    <article aria-label={`Query: ${query}`} className="rounded-lg border border-stone-200 bg-white p-4">
      <header className="mb-2 flex flex-wrap items-baseline gap-2">
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${VERDICT_STYLE[verdict]}`}>
          {VERDICT_TEXT[verdict]}
        </span>
        <FailingBadge comparison={comparison} k={k} />
        <h4 className="font-medium">“{query}”</h4>
        <span className="text-xs text-stone-500">
          expects {expected.length ? expected.join(", ") : "no tool"}
          {expectedToolPhrase(expected, quality, k) && ` · ${expectedToolPhrase(expected, quality, k)}`}
        </span>
      </header>
      <div className={`grid grid-cols-1 gap-4 text-sm [&>div]:min-w-0 ${latestLabel ? "md:grid-cols-2" : ""}`}>
        {latestLabel && (
          <div>
            <h5 className="mb-1 text-xs font-medium uppercase tracking-wide text-stone-500">{latestLabel}</h5>
            <ol className="space-y-0.5">
              {latestTop.map((hit) => (
                <li key={hit.id} className={`flex gap-2 ${leftIds.has(hit.id) ? "text-red-700" : "text-stone-700"}`}>
                  <span className="w-5 text-right tabular-nums text-stone-500">{hit.rank}</span>
                  <span className={`min-w-0 font-mono text-xs break-all ${gold.has(hit.id) ? "font-semibold" : ""}`}>
                    {hit.id}
                  </span>
                  {leftIds.has(hit.id) && (
                    <span className="rounded bg-red-100 px-1 text-xs text-red-800">left the top {k}</span>
                  )}
                </li>
              ))}
              {latestTop.length === 0 && <li className="text-xs text-stone-500">no hit</li>}
            </ol>
          </div>
        )}
        <div>
          <h5 className="mb-1 text-xs font-medium uppercase tracking-wide text-stone-500">Draft</h5>
          <ol className="space-y-0.5">
            {draft.map((hit) => (
              <li key={hit.id} className="flex flex-wrap items-center gap-2">
                <span className="w-5 text-right tabular-nums text-stone-500">{hit.rank}</span>
                <span
                  className={`min-w-0 font-mono text-xs break-all ${hit.isGold ? "font-semibold text-stone-950" : "text-stone-700"}`}
                >
                  {hit.id}
                  {hit.isGold && (
                    <span className="ml-1 text-emerald-700" aria-label="expected">
                      ✓
                    </span>
                  )}
                </span>
                {latestLabel && <Marker hit={hit} k={k} />}
                <span className="ml-auto text-xs tabular-nums text-stone-500">
                  {score(hit.score)}
                  {hit.scoreDelta !== null && Math.abs(hit.scoreDelta) > 5e-4 && (
                    <span className={hit.scoreDelta > 0 ? "text-emerald-700" : "text-red-700"}>
                      {" "}
                      ({signed(hit.scoreDelta)})
                    </span>
                  )}
                </span>
              </li>
            ))}
            {draft.length === 0 && (
              <li className="text-xs text-stone-500">no hit{noMatch && ` — weak hits dropped. ${noMatch}`}</li>
            )}
          </ol>
        </div>
      </div>
    </article>
  );
}
