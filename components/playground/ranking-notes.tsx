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

/** The query's analyzed terms and, on the stockroom profile, the vocabulary that added related terms. */
export function RankingNotes({ data }: { data: PlaygroundResult }) {
  return (
    <>
      {data.queryTokens.length > 0 && (
        <p className="text-xs text-stone-500">
          Query terms: <span className="font-mono">{data.queryTokens.join(" · ")}</span>
        </p>
      )}
      {data.profile === "stockroom" && (
        <p className="text-xs text-stone-500" aria-label="Vocabulary">
          Vocabulary: {data.vocabulary.packs.map((p) => `${p.id}@${p.version}`).join(", ") || "no packs"}
          {data.vocabulary.catalogLines > 0 ? ` + ${plural(data.vocabulary.catalogLines, "catalog line")}` : ""}
          {data.vocabulary.effect.length > 0 && (
            <>
              {" · added "}
              <span className="font-mono">{data.vocabulary.effect.map(vocabularyEffectLabel).join("; ")}</span>
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
