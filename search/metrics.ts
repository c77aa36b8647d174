// Ranking metrics for golden queries (the CLI eval, the publishing review and the app share them).

export interface GoldenResult {
  /** Ids that serve the query; empty = no tool fits (the right answer is no hit). */
  gold: string[];
  /** Ids the engine returned, best first. */
  ranked: string[];
}

export interface RankingMetrics {
  /** Share of queries with gold whose first hit is gold. */
  successAt1: number;
  /** Share of queries with gold with a gold id in the top k. */
  successAtK: number;
  /** Mean share of each query's gold ids found in the top k. */
  recallAtK: number;
  /** Mean reciprocal rank of the first gold id (0 when none is ranked). */
  mrr: number;
  /** Mean nDCG@10, binary relevance. */
  ndcg10: number;
  /** Queries with gold for which the engine returned nothing at all. */
  noHit: number;
  /** Share of no-gold queries that returned nothing; null when there are none. */
  noMatchEmptyRate: number | null;
  /** Queries with gold (the denominator of the means). */
  count: number;
}

function dcg(relevant: readonly boolean[]): number {
  let total = 0;
  relevant.forEach((isRelevant, i) => {
    if (isRelevant) total += 1 / Math.log2(i + 2);
  });
  return total;
}

export function evaluateRankings(results: GoldenResult[], k = 8): RankingMetrics {
  const withGold = results.filter((r) => r.gold.length > 0);
  const noGold = results.filter((r) => r.gold.length === 0);
  let successAt1 = 0;
  let successAtK = 0;
  let recallAtK = 0;
  let mrr = 0;
  let ndcg10 = 0;
  let noHit = 0;
  for (const { gold, ranked } of withGold) {
    const goldSet = new Set(gold);
    if (ranked.length === 0) noHit++;
    if (ranked.length > 0 && goldSet.has(ranked[0]!)) successAt1++;
    const topK = ranked.slice(0, k);
    const foundInK = new Set(topK.filter((id) => goldSet.has(id))).size;
    if (foundInK > 0) successAtK++;
    recallAtK += foundInK / goldSet.size;
    const first = ranked.findIndex((id) => goldSet.has(id));
    if (first >= 0) mrr += 1 / (first + 1);
    const seen = new Set<string>();
    const relevance = ranked.slice(0, 10).map((id) => {
      const isNew = goldSet.has(id) && !seen.has(id);
      seen.add(id);
      return isNew;
    });
    const ideal = dcg(Array.from({ length: Math.min(goldSet.size, 10) }, () => true));
    ndcg10 += dcg(relevance) / ideal;
  }
  const n = withGold.length || 1;
  return {
    successAt1: successAt1 / n,
    successAtK: successAtK / n,
    recallAtK: recallAtK / n,
    mrr: mrr / n,
    ndcg10: ndcg10 / n,
    noHit,
    noMatchEmptyRate: noGold.length === 0 ? null : noGold.filter((r) => r.ranked.length === 0).length / noGold.length,
    count: withGold.length,
  };
}

/** Cosine similarity of two token bags (1 = same words in the same proportions); for "nearly identical search text". */
export function textSimilarity(a: string[], b: string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const countsA = new Map<string, number>();
  const countsB = new Map<string, number>();
  for (const t of a) countsA.set(t, (countsA.get(t) ?? 0) + 1);
  for (const t of b) countsB.set(t, (countsB.get(t) ?? 0) + 1);
  let dot = 0;
  for (const [t, x] of countsA) dot += x * (countsB.get(t) ?? 0);
  let normA = 0;
  let normB = 0;
  for (const x of countsA.values()) normA += x * x;
  for (const x of countsB.values()) normB += x * x;
  return dot / Math.sqrt(normA * normB);
}
