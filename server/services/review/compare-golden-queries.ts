import { evaluateRankings, type SearchHit } from "@/search/index";
import type { RankedGoldenQuery } from "./golden-metrics";

export type HitChange = "entered" | "moved" | "same";
export type QueryVerdict = "worse" | "better" | "changed" | "same" | "new";

export interface DraftHit {
  id: string;
  rank: number;
  score: number;
  isGold: boolean;
  change: HitChange;
  /** Rank in the latest version's top K, when it was there. */
  previousRank: number | null;
  /** Score minus the latest version's score for this tool, when the latest ranked it at all. */
  scoreDelta: number | null;
}

export interface LeftHit {
  id: string;
  rank: number;
  score: number;
  isGold: boolean;
  /** Where the draft ranks it now beyond the top K (to depth max(K, 10)), or null when it dropped further. */
  draftRank: number | null;
}

export interface QueryQuality {
  recallAtK: number;
  reciprocalRank: number;
  ndcg10: number;
  /** The first gold tool's rank, or null when none is ranked. */
  firstGoldRank: number | null;
  hitCount: number;
}

export interface QueryComparison {
  id: string;
  query: string;
  expected: string[];
  verdict: QueryVerdict;
  /**
   * The draft fails the query on its own, whatever the latest version did: its expected tool is not in the top K, or,
   * for a query that expects no tool, something matched. This is what a first publish is checked by.
   */
  isFailing: boolean;
  draft: DraftHit[];
  left: LeftHit[];
  /** Why the draft has no hit for the query when the no-match rule withheld them; null otherwise. */
  noMatch: string | null;
  quality: { draft: QueryQuality; latest: QueryQuality | null };
}

const EPSILON = 1e-9;

function qualityOf(expected: string[], hits: readonly SearchHit[], k: number): QueryQuality {
  const ranked = hits.map((h) => h.id);
  const atK = evaluateRankings([{ gold: expected, ranked: ranked.slice(0, k) }], k);
  const at10 = evaluateRankings([{ gold: expected, ranked }], 10);
  const gold = new Set(expected);
  const first = ranked.findIndex((id) => gold.has(id));
  return {
    recallAtK: atK.recallAtK,
    reciprocalRank: at10.mrr,
    ndcg10: at10.ndcg10,
    firstGoldRank: first >= 0 ? first + 1 : null,
    hitCount: Math.min(hits.length, k),
  };
}

/** The draft's answer is wrong on its own: the (first) expected tool is not in the top K, or a no-tool query matched. */
export function isFailingQuery(expected: readonly string[], quality: QueryQuality, k: number): boolean {
  if (expected.length === 0) return quality.hitCount > 0;
  return quality.firstGoldRank === null || quality.firstGoldRank > k;
}

function verdictOf(expected: string[], draft: QueryQuality, latest: QueryQuality, isReordered: boolean): QueryVerdict {
  if (expected.length === 0) {
    // No tool fits: the right answer is no hit at all.
    if (latest.hitCount === 0 && draft.hitCount > 0) return "worse";
    if (latest.hitCount > 0 && draft.hitCount === 0) return "better";
    return isReordered ? "changed" : "same";
  }
  const deltas = [
    draft.recallAtK - latest.recallAtK,
    draft.reciprocalRank - latest.reciprocalRank,
    draft.ndcg10 - latest.ndcg10,
  ];
  if (deltas.some((d) => d < -EPSILON)) return "worse";
  if (deltas.some((d) => d > EPSILON)) return "better";
  return isReordered ? "changed" : "same";
}

/** The draft's top K against the latest version's for one golden query: entered, left, moved, score changes. */
export function compareQuery(draft: RankedGoldenQuery, latest: RankedGoldenQuery | null, k: number): QueryComparison {
  const { id, query, expected } = draft.query;
  const gold = new Set(expected);
  const draftTop = draft.hits.slice(0, k);
  const latestTop = latest?.hits.slice(0, k) ?? [];
  const latestRank = new Map(latestTop.map((h) => [h.id, h.rank]));
  const latestScore = new Map((latest?.hits ?? []).map((h) => [h.id, h.score]));
  const draftRank = new Map(draft.hits.map((h) => [h.id, h.rank]));
  const draftTopIds = new Set(draftTop.map((h) => h.id));
  const hits: DraftHit[] = draftTop.map((h) => {
    const previousRank = latestRank.get(h.id) ?? null;
    const before = latestScore.get(h.id);
    return {
      id: h.id,
      rank: h.rank,
      score: h.score,
      isGold: gold.has(h.id),
      change: previousRank === null ? "entered" : previousRank === h.rank ? "same" : "moved",
      previousRank,
      scoreDelta: before === undefined ? null : h.score - before,
    };
  });
  const left: LeftHit[] = latestTop
    .filter((h) => !draftTopIds.has(h.id))
    .map((h) => ({
      id: h.id,
      rank: h.rank,
      score: h.score,
      isGold: gold.has(h.id),
      draftRank: draftRank.get(h.id) ?? null,
    }));
  const draftQuality = qualityOf(expected, draft.hits, k);
  const noMatch = draft.noMatch;
  const isFailing = isFailingQuery(expected, draftQuality, k);
  if (!latest)
    return {
      id,
      query,
      expected,
      verdict: "new",
      isFailing,
      draft: hits,
      left,
      noMatch,
      quality: { draft: draftQuality, latest: null },
    };
  const latestQuality = qualityOf(expected, latest.hits, k);
  const isReordered = left.length > 0 || hits.some((h) => h.change !== "same");
  return {
    id,
    query,
    expected,
    verdict: verdictOf(expected, draftQuality, latestQuality, isReordered),
    isFailing,
    draft: hits,
    left,
    noMatch,
    quality: { draft: draftQuality, latest: latestQuality },
  };
}

const VERDICT_ORDER: Record<QueryVerdict, number> = { worse: 0, better: 1, changed: 2, new: 3, same: 4 };

/**
 * Worse queries first (the biggest nDCG drop first), then better, changed, unchanged; ties keep the golden order.
 * At a first publish (every verdict "new") the failing ones come first.
 */
export function sortComparisons(comparisons: QueryComparison[]): QueryComparison[] {
  const drop = (c: QueryComparison) => (c.quality.latest ? c.quality.draft.ndcg10 - c.quality.latest.ndcg10 : 0);
  return comparisons
    .map((c, i) => ({ c, i }))
    .sort(
      (a, b) =>
        VERDICT_ORDER[a.c.verdict] - VERDICT_ORDER[b.c.verdict] ||
        (a.c.verdict === "worse" ? drop(a.c) - drop(b.c) : 0) ||
        Number(b.c.isFailing) - Number(a.c.isFailing) ||
        a.i - b.i,
    )
    .map(({ c }) => c);
}
