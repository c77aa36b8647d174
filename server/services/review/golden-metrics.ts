import { z } from "zod";
import { evaluateRankings, SearchQueryError, type SearchHit, type SearchIndex } from "@/search/index";
import type { SnapshotContent } from "@/domain/snapshot/verify";
import { timed, type EngineTimer } from "./engine-timer";

export interface GoldenQuery {
  id: string;
  query: string;
  expected: string[];
}

export interface RankedGoldenQuery {
  query: GoldenQuery;
  /** Hits to depth max(K, 10): the top K is what tool_search returns, the rest feeds MRR and nDCG@10. */
  hits: SearchHit[];
  /** Why there are no hits when every scored tool was weak and the catalog drops weak hits; null otherwise. */
  noMatch: string | null;
}

/** Stored with every snapshot and shown for the draft (the same definitions as `stockroom eval`). */
export const snapshotMetricsSchema = z.object({
  k: z.number().int(),
  /** Golden queries evaluated (with and without gold). */
  queries: z.number().int(),
  /** Queries with gold: the denominator of the means. */
  withGold: z.number().int(),
  successAt1: z.number(),
  successAtK: z.number(),
  recallAtK: z.number(),
  mrr: z.number(),
  ndcg10: z.number(),
  noHit: z.number().int(),
  /** Share of no-gold queries that correctly returned nothing; null without such queries. */
  noMatchEmptyRate: z.number().nullable(),
  tools: z.object({ total: z.number().int(), direct: z.number().int(), deferred: z.number().int() }),
});
export type SnapshotMetrics = z.infer<typeof snapshotMetricsSchema>;

/** The metrics where a lower value is worse, compared before publishing. */
export const QUALITY_METRICS = ["successAt1", "successAtK", "recallAtK", "mrr", "ndcg10"] as const;
const EPSILON = 1e-9;

export function rankingDepth(k: number): number {
  return Math.max(k, 10);
}

/** Runs every golden query through the index, as tool_search would. */
export function rankGoldenQueries(
  index: SearchIndex,
  queries: readonly GoldenQuery[],
  k: number,
  timer?: EngineTimer,
): RankedGoldenQuery[] {
  const depth = rankingDepth(k);
  return timed(timer, () =>
    queries.map((query) => {
      try {
        const hits = index.search(query.query, depth);
        const noMatch = hits.length === 0 && index.settings.dropWeakHits ? index.strength(query.query).reason : null;
        return { query, hits, noMatch };
      } catch (error) {
        if (error instanceof SearchQueryError) return { query, hits: [], noMatch: null }; // a stored query the engine refuses finds nothing
        throw error;
      }
    }),
  );
}

/** success@1, success@K, recall@K and no-hit on the top K; MRR and nDCG@10 on the top 10 (as `stockroom eval`). */
export function summarizeMetrics(
  ranked: readonly RankedGoldenQuery[],
  k: number,
  content: SnapshotContent,
  timer?: EngineTimer,
): SnapshotMetrics {
  return timed(timer, () => {
    const results = ranked.map((r) => ({ gold: r.query.expected, ranked: r.hits.map((h) => h.id) }));
    const atK = evaluateRankings(
      results.map((r) => ({ gold: r.gold, ranked: r.ranked.slice(0, k) })),
      k,
    );
    const at10 = evaluateRankings(results, 10);
    const deferred = content.tools.filter((t) => t.exposure === "deferred").length;
    return {
      k,
      queries: results.length,
      withGold: atK.count,
      successAt1: atK.successAt1,
      successAtK: atK.successAtK,
      recallAtK: atK.recallAtK,
      mrr: at10.mrr,
      ndcg10: at10.ndcg10,
      noHit: atK.noHit,
      noMatchEmptyRate: atK.noMatchEmptyRate,
      tools: { total: content.tools.length, direct: content.tools.length - deferred, deferred },
    };
  });
}

export interface MetricRegression {
  metric: (typeof QUALITY_METRICS)[number] | "noHit" | "noMatchEmptyRate";
  before: number;
  after: number;
}

/** What got worse from `before` to `after` (both on the same golden queries and K). */
export function findRegressions(before: SnapshotMetrics, after: SnapshotMetrics): MetricRegression[] {
  const out: MetricRegression[] = [];
  for (const metric of QUALITY_METRICS) {
    if (after[metric] < before[metric] - EPSILON) out.push({ metric, before: before[metric], after: after[metric] });
  }
  if (after.noHit > before.noHit) out.push({ metric: "noHit", before: before.noHit, after: after.noHit });
  if (
    before.noMatchEmptyRate !== null &&
    after.noMatchEmptyRate !== null &&
    after.noMatchEmptyRate < before.noMatchEmptyRate - EPSILON
  ) {
    out.push({ metric: "noMatchEmptyRate", before: before.noMatchEmptyRate, after: after.noMatchEmptyRate });
  }
  return out;
}

export const METRIC_LABELS: Record<MetricRegression["metric"], string> = {
  successAt1: "success@1",
  successAtK: "success@K",
  recallAtK: "recall@K",
  mrr: "MRR",
  ndcg10: "nDCG@10",
  noHit: "queries with no hit",
  noMatchEmptyRate: "no-match queries left empty",
};

export function describeRegressions(regressions: readonly MetricRegression[]): string {
  const fmt = (metric: MetricRegression["metric"], x: number) => (metric === "noHit" ? String(x) : x.toFixed(3));
  return regressions
    .map((r) => `${METRIC_LABELS[r.metric]} ${fmt(r.metric, r.before)} → ${fmt(r.metric, r.after)}`)
    .join(", ");
}
