// `stockroom diff`: what changed between two snapshots — tools, namespaces, engine — and, given golden queries,
// how their rankings moved. Uses the same diff and comparison code as the app's review page.
import { createSnapshotIndex } from "../../domain/snapshot/snapshot-index";
import type { Snapshot } from "../../domain/snapshot/verify";
import { compareQuery, type QueryComparison } from "../../server/services/review/compare-golden-queries";
import { diffTools } from "../../server/services/review/diff-tools";
import {
  describeRegressions,
  findRegressions,
  rankGoldenQueries,
  summarizeMetrics,
  type GoldenQuery,
} from "../../server/services/review/golden-metrics";
import { limitFlag, parseFlags, readQueries, runCommand, stringFlag, UsageError } from "./io";
import { API_FLAGS, API_USAGE, apiTargetOf, loadSnapshotRef } from "./snapshot-source";

export const usage =
  "diff --from A --to B [--golden F] [--limit K] [--json] [--fail-on-regression] [--url U --team T --catalog C]\n" +
  "  A and B are snapshot files, or version numbers / latest fetched from the API:\n" +
  `${API_USAGE}\n` +
  '  --golden F: golden queries as exported by the app (lines {"query","gold":[ids]}); shows each query\'s top K\n' +
  "  movements (entered, left, moved) and the metric deltas. --fail-on-regression exits 1 when a metric got worse.";

interface GoldenDiff {
  k: number;
  before: ReturnType<typeof summarizeMetrics>;
  after: ReturnType<typeof summarizeMetrics>;
  regressions: ReturnType<typeof findRegressions>;
  queries: Array<{
    query: string;
    verdict: QueryComparison["verdict"];
    entered: Array<{ id: string; rank: number }>;
    left: Array<{ id: string; rank: number }>;
    moved: Array<{ id: string; from: number; to: number }>;
  }>;
}

/** Ranks every golden query on both snapshots (each with its own engine settings) and compares the top K. */
export function diffGolden(from: Snapshot, to: Snapshot, golden: GoldenQuery[], k: number): GoldenDiff {
  const before = rankGoldenQueries(createSnapshotIndex(from), golden, k);
  const after = rankGoldenQueries(createSnapshotIndex(to), golden, k);
  const beforeMetrics = summarizeMetrics(before, k, from);
  const afterMetrics = summarizeMetrics(after, k, to);
  const queries = after.map((ranked, i) => {
    const c = compareQuery(ranked, before[i]!, k);
    return {
      query: c.query,
      verdict: c.verdict,
      entered: c.draft.filter((h) => h.change === "entered").map((h) => ({ id: h.id, rank: h.rank })),
      left: c.left.map((h) => ({ id: h.id, rank: h.rank })),
      moved: c.draft.filter((h) => h.change === "moved").map((h) => ({ id: h.id, from: h.previousRank!, to: h.rank })),
    };
  });
  return {
    k,
    before: beforeMetrics,
    after: afterMetrics,
    regressions: findRegressions(beforeMetrics, afterMetrics),
    queries,
  };
}

const label = (s: Snapshot) => `v${s.version}`;
const metric = (x: number | null) => (x === null ? "-" : x.toFixed(3));

function formatText(
  from: Snapshot,
  to: Snapshot,
  tools: ReturnType<typeof diffTools>,
  golden: GoldenDiff | null,
): string {
  const lines = [
    `${from.catalog.team}/${from.catalog.slug} ${label(from)} → ${label(to)}  (${from.contentHash.slice(0, 19)}… → ${to.contentHash.slice(0, 19)}…)`,
  ];
  if (tools.engine) lines.push(`engine: ${tools.engine.before} → ${tools.engine.after}`);
  lines.push(`tools: ${tools.added.length} added, ${tools.removed.length} removed, ${tools.changedCount} changed`);
  for (const t of tools.added) lines.push(`  + ${t.id} (${t.exposure})  ${t.description}`);
  for (const t of tools.removed) lines.push(`  - ${t.id} (${t.exposure})  ${t.description}`);
  for (const t of tools.changed) lines.push(`  ~ ${t.id}: ${t.fields.map((f) => f.field).join(", ")}`);
  for (const ns of tools.namespaces)
    lines.push(
      `  namespace ${ns.name}: ${ns.before === null ? "added" : ns.after === null ? "removed" : "description changed"}`,
    );
  if (!golden) {
    lines.push("golden queries: pass --golden F (export them from the Golden queries tab) to see ranking movements");
    return lines.join("\n");
  }
  const counts = new Map<string, number>();
  for (const q of golden.queries) counts.set(q.verdict, (counts.get(q.verdict) ?? 0) + 1);
  lines.push(
    `golden queries (${golden.queries.length}, top ${golden.k}): ${["worse", "better", "changed", "same"].map((v) => `${counts.get(v) ?? 0} ${v}`).join(", ")}`,
  );
  const { before: b, after: a } = golden;
  lines.push(
    `  success@1 ${metric(b.successAt1)} → ${metric(a.successAt1)} · recall@${golden.k} ${metric(b.recallAtK)} → ${metric(a.recallAtK)} · MRR ${metric(b.mrr)} → ${metric(a.mrr)} · nDCG@10 ${metric(b.ndcg10)} → ${metric(a.ndcg10)}`,
  );
  if (golden.regressions.length) lines.push(`  regressions: ${describeRegressions(golden.regressions)}`);
  for (const q of golden.queries.filter((q) => q.verdict !== "same")) {
    const parts = [
      ...q.entered.map((h) => `entered ${h.id} at ${h.rank}`),
      ...q.left.map((h) => `left ${h.id} (was ${h.rank})`),
      ...q.moved.map((h) => `moved ${h.id} ${h.from}→${h.to}`),
    ];
    lines.push(`  ${q.verdict.padEnd(7)} ${JSON.stringify(q.query)}: ${parts.join("; ") || "scores changed"}`);
  }
  return lines.join("\n");
}

export function run(argv: string[]): Promise<number> {
  let exitCode = 0;
  return runCommand(usage, async () => {
    const flags = parseFlags(argv, [...API_FLAGS, "from", "to", "golden", "limit", "json", "fail-on-regression"]);
    const fromRef = stringFlag(flags, "from");
    const toRef = stringFlag(flags, "to");
    if (!fromRef || !toRef) throw new UsageError("--from and --to are required");
    const target = apiTargetOf(flags);
    const [from, to] = await Promise.all([loadSnapshotRef(fromRef, target), loadSnapshotRef(toRef, target)]);
    if (from.catalog.team !== to.catalog.team || from.catalog.slug !== to.catalog.slug) {
      process.stderr.write(
        `note: comparing two catalogs (${from.catalog.team}/${from.catalog.slug} and ${to.catalog.team}/${to.catalog.slug})\n`,
      );
    }
    const tools = diffTools(from, to, Number.MAX_SAFE_INTEGER);
    const goldenFile = stringFlag(flags, "golden");
    const k = limitFlag(flags, to.engine.defaultLimit);
    const golden = goldenFile
      ? diffGolden(
          from,
          to,
          readQueries(goldenFile).map((row, i) => ({ id: String(i + 1), query: row.query, expected: row.gold })),
          k,
        )
      : null;
    if (flags.json === true) {
      const strip = {
        ...tools,
        changed: tools.changed.map((t) => ({
          id: t.id,
          fields: t.fields.map(({ field, before, after }) => ({ field, before, after })),
        })),
      };
      process.stdout.write(
        `${JSON.stringify({ from: { version: from.version, contentHash: from.contentHash }, to: { version: to.version, contentHash: to.contentHash }, tools: strip, golden })}\n`,
      );
    } else {
      process.stdout.write(`${formatText(from, to, tools, golden)}\n`);
    }
    if (flags["fail-on-regression"] === true && golden && golden.regressions.length > 0) exitCode = 1;
  }).then((code) => (code === 0 ? exitCode : code));
}
