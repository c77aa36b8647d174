import type { inferRouterOutputs } from "@trpc/server";
import { plural } from "@/components/ui/plural";
import type { AppRouter } from "@/server/routers/root";

export type DraftReview = inferRouterOutputs<AppRouter>["review"]["get"];
export type QueryComparison = DraftReview["queries"][number];
export type SnapshotMetrics = DraftReview["metrics"]["draft"];

export const pct = (x: number | null | undefined) => (x === null || x === undefined ? "–" : `${(100 * x).toFixed(1)}%`);
export const score = (x: number) => x.toFixed(3);
export const signed = (x: number, digits = 3) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x).toFixed(digits)}`;

/** The metrics shown everywhere, best-is-higher except queries with no hit. */
export const METRICS = [
  { key: "successAt1", label: "success@1", kind: "share" },
  { key: "successAtK", label: "success@K", kind: "share" },
  { key: "recallAtK", label: "recall@K", kind: "share" },
  { key: "mrr", label: "MRR", kind: "ratio" },
  { key: "ndcg10", label: "nDCG@10", kind: "ratio" },
  { key: "noHit", label: "queries with no hit", kind: "count" },
] as const;

export type MetricKey = (typeof METRICS)[number]["key"];

export function formatMetric(kind: (typeof METRICS)[number]["kind"], value: number): string {
  return kind === "share" ? pct(value) : kind === "ratio" ? value.toFixed(3) : String(value);
}

export const VERDICT_STYLE = {
  worse: "bg-red-100 text-red-800",
  better: "bg-emerald-100 text-emerald-800",
  changed: "bg-amber-100 text-amber-900",
  same: "bg-stone-100 text-stone-600",
  new: "bg-sky-100 text-sky-800",
} as const;

export const VERDICT_TEXT = {
  worse: "worse",
  better: "better",
  changed: "reordered",
  same: "unchanged",
  new: "first publish",
} as const;

/** "rank 3", or "not in top 8" when the tool is ranked below K or not at all. */
export function rankPhrase(rank: number | null, k: number): string {
  return rank === null || rank > k ? `not in top ${k}` : `rank ${rank}`;
}

type Quality = QueryComparison["quality"];

/**
 * Where the (first) expected tool ranks, latest → draft in plain words: "expected tool: not in top 8 → rank 1".
 * Null for a query that expects no tool.
 */
export function expectedToolPhrase(expected: readonly string[], quality: Quality, k: number): string | null {
  if (expected.length === 0) return null;
  const subject = expected.length === 1 ? "expected tool" : "first expected tool";
  const draft = rankPhrase(quality.draft.firstGoldRank, k);
  if (!quality.latest) return `${subject}: ${draft}`;
  const latest = rankPhrase(quality.latest.firstGoldRank, k);
  return latest === draft ? `${subject}: ${draft}, as before` : `${subject}: ${latest} → ${draft}`;
}

/** A move worth marking: a hit that crossed into the top K, or an expected tool that moved. Others just reorder. */
export function isNotableMove(hit: QueryComparison["draft"][number]): boolean {
  if (hit.change === "entered") return true;
  return hit.change === "moved" && hit.isGold;
}

/** The "no tool should match" part of a count line: "(1 expects no tool)", or nothing. */
function noToolPart(counts: DraftReview["counts"]): string {
  if (counts.expectNoTool === 0) return "";
  return ` (${counts.expectNoTool} ${counts.expectNoTool === 1 ? "expects" : "expect"} no tool)`;
}

/**
 * The golden queries on the draft in one line. Against a latest version: how they moved. At a first publish there is
 * nothing to move from, so how many the draft fails on its own.
 */
export function queryCountsPhrase(data: Pick<DraftReview, "latest" | "counts" | "queries">): string {
  const { counts } = data;
  const total = plural(data.queries.length, "golden query", "golden queries");
  if (!data.latest)
    return `${total} on the draft${noToolPart(counts)}: ${counts.failing === 0 ? "none fails" : `${counts.failing} ${counts.failing === 1 ? "fails" : "fail"}`}.`;
  return `Golden queries on the draft${noToolPart(counts)}: ${counts.worse} worse, ${counts.better} better, ${counts.changed} reordered, ${counts.same} unchanged.`;
}

/** What publishing ships, line by line, for the confirmation before it. */
export function publishSummary(data: Pick<DraftReview, "latest" | "counts" | "queries" | "tools" | "heldBack">) {
  const { added, removed, changedCount } = data.tools;
  const lines = [
    data.latest
      ? `Tools since version ${data.latest.version}: ${added.length} added, ${changedCount} changed, ${removed.length} removed or hidden.`
      : `Tools: ${plural(added.length, "tool")}, the first version of this catalog.`,
    data.queries.length === 0 ? "Golden queries: none, so no ranking is checked." : queryCountsPhrase(data),
  ];
  if (data.latest && data.counts.failing > 0)
    lines.push(`${plural(data.counts.failing, "golden query fails", "golden queries fail")} on the draft.`);
  if (data.heldBack.length > 0)
    lines.push(
      `${plural(data.heldBack.length, "tool")} held back in the approved form (upstream change not reviewed).`,
    );
  return lines;
}
