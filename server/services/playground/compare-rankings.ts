import "server-only";
import type { EngineProfile, SearchHit } from "@/search/index";
import { loadRankingSource } from "./ranking-source";
import { runQuery } from "./run-query";
import type { PlaygroundQuery } from "./search-playground";

/** How a hit of the compared column relates to the baseline column. */
export type RankMarker =
  | { kind: "same" }
  | { kind: "entered" }
  | { kind: "moved"; from: number; by: number }
  | { kind: "left"; to: number | null };

/**
 * Markers for two top-K lists: each candidate hit is `entered` (not in the baseline's top K), `moved`
 * (`by` > 0 = up) or `same`; each baseline hit missing from the candidate's top K is `left` (`to` is filled
 * in by the caller: its full-ranking position in the candidate, or null when it no longer scores).
 */
export function compareRankings(baseline: readonly SearchHit[], candidate: readonly SearchHit[]) {
  const baselineRank = new Map(baseline.map((hit) => [hit.id, hit.rank]));
  const candidateIds = new Set(candidate.map((hit) => hit.id));
  return {
    candidate: candidate.map((hit): SearchHit & { marker: RankMarker } => {
      const from = baselineRank.get(hit.id);
      if (from === undefined) return { ...hit, marker: { kind: "entered" } };
      return { ...hit, marker: from === hit.rank ? { kind: "same" } : { kind: "moved", from, by: from - hit.rank } };
    }),
    baseline: baseline.map((hit): SearchHit & { marker: RankMarker | null } => ({
      ...hit,
      marker: candidateIds.has(hit.id) ? null : { kind: "left", to: null },
    })),
  };
}

export interface CompareSide {
  version: number | null;
  profile?: EngineProfile;
}

/** Side by side: the same query over two sources/profiles (left = baseline), with moved / entered / left markers. */
export async function compareSources({
  db,
  team,
  catalog,
  query,
  limit,
  left,
  right,
  draftRevision,
}: Omit<PlaygroundQuery, "version" | "profile"> & { left: CompareSide; right: CompareSide }) {
  const [leftSource, rightSource] = await Promise.all([
    loadRankingSource({ db, team, catalog, version: left.version, knownRevision: draftRevision }),
    loadRankingSource({ db, team, catalog, version: right.version, knownRevision: draftRevision }),
  ]);
  const max = limit ?? rightSource.content.engine.defaultLimit;
  const leftIndex = leftSource.index(left.profile);
  const rightIndex = rightSource.index(right.profile);
  const leftHits = runQuery(() => leftIndex.search(query, max));
  const rightHits = runQuery(() => rightIndex.search(query, max));
  const { baseline, candidate } = compareRankings(leftHits, rightHits);
  // A baseline hit that dropped out of the candidate's top K: say where it went (or that it no longer matches).
  const leftWithTarget = baseline.map((hit) => {
    if (hit.marker?.kind !== "left") return hit;
    const explanation =
      rightSource.toolsById.get(hit.id)?.exposure === "deferred" ? rightIndex.explain(query, hit.id) : null;
    return { ...hit, marker: { kind: "left" as const, to: explanation?.rank ?? null } };
  });
  const describe = (source: typeof leftSource, id: string) => {
    const tool = source.toolsById.get(id)!;
    return { key: id, name: tool.name, namespace: tool.namespace };
  };
  return {
    limit: max,
    left: {
      version: leftSource.version,
      profile: leftIndex.settings.profile,
      hits: leftWithTarget.map((hit) => ({ ...hit, ...describe(leftSource, hit.id) })),
    },
    right: {
      version: rightSource.version,
      profile: rightIndex.settings.profile,
      hits: candidate.map((hit) => ({ ...hit, ...describe(rightSource, hit.id) })),
    },
  };
}
