import { plural } from "@/components/ui/plural";
import { profileLabel, sourceLabel, vocabularyEffectLabel } from "./format";
import type { PlaygroundResult } from "./use-playground-search";

/** The ranking's title and, once there is one, what ranked it and how long it took. */
export function RankingHeading({ data, isFetching }: { data: PlaygroundResult | undefined; isFetching: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 text-sm">
      <h2 id="ranking-title" className="font-semibold">
        Ranking
      </h2>
      {data && (
        <span className="text-xs text-stone-500" role="status">
          {sourceLabel(data.version)} · {profileLabel(data.profile)} · {data.hits.length} of {data.indexed} deferred
          tools · {data.tookMs} ms
          {isFetching ? " · updating…" : ""}
        </span>
      )}
    </div>
  );
}

/** The request's words as the engine reads them, the stems beside them (labelled) when they differ. */
function QueryWords({ data }: { data: PlaygroundResult }) {
  if (data.queryWords.length === 0) return null;
  const isStemmed = data.queryWords.some(({ term, word }) => term !== word.toLowerCase());
  return (
    <p className="text-xs text-stone-500">
      Words searched for: {data.queryWords.map(({ word }) => word).join(" · ")}
      {isStemmed && <> (stems: {data.queryWords.map(({ term }) => term).join(" · ")})</>}
    </p>
  );
}

/** The query's words and, on the stockroom profile, the vocabulary that added related terms (as stems, so labelled). */
export function RankingNotes({ data }: { data: PlaygroundResult }) {
  const wordOf = new Map(data.queryWords.map(({ term, word }) => [term, word]));
  return (
    <>
      <QueryWords data={data} />
      {data.profile === "stockroom" && (
        <p className="text-xs text-stone-500" aria-label="Vocabulary">
          Vocabulary: {data.vocabulary.packs.map((p) => `${p.id}@${p.version}`).join(", ") || "no packs"}
          {data.vocabulary.catalogLines > 0 ? ` + ${plural(data.vocabulary.catalogLines, "catalog line")}` : ""}
          {data.vocabulary.effect.length > 0 && (
            <>
              {" · added "}
              <span className="font-mono">
                {data.vocabulary.effect.map((e) => vocabularyEffectLabel(e, wordOf.get(e.term))).join("; ")}
              </span>
            </>
          )}
        </p>
      )}
    </>
  );
}

/** tool_search would return nothing: say so, with the engine's reason when it has one. */
export function NoResults({ noMatch }: { noMatch: string | null | undefined }) {
  return (
    <div
      role="status"
      aria-label="No results"
      className="rounded border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600"
    >
      <p>No tool matches: tool_search would return nothing.</p>
      {noMatch && (
        <p className="mt-2 text-xs text-stone-500">{noMatch} Use &ldquo;Why not…?&rdquo; to see where a tool ranks.</p>
      )}
    </div>
  );
}
