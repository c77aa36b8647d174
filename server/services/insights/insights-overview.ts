import "server-only";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { bucketUpperMs } from "../telemetry/daily-counters";
import { daysOf, type Period } from "./insights-period";

// Sums of the day counters (see daily-counters.ts): the page reads these, never the events themselves.
const CATALOG_SQL = `
  SELECT to_char("day", 'YYYY-MM-DD') AS "day", "metric", "bucket", sum("count")::float8 AS "count"
  FROM "AgentEventDaily"
  WHERE "catalogId" = $1 AND "day" BETWEEN $2::date AND $3::date AND ($4::int IS NULL OR "snapshotVersion" = $4) AND "toolId" = ''
  GROUP BY 1, 2, 3`;

const TOOLS_SQL = `
  SELECT "toolId", "metric", sum("count")::float8 AS "count"
  FROM "AgentEventDaily"
  WHERE "catalogId" = $1 AND "day" BETWEEN $2::date AND $3::date AND ($4::int IS NULL OR "snapshotVersion" = $4) AND "toolId" <> ''
  GROUP BY 1, 2`;

const VERSIONS_SQL = `SELECT DISTINCT "snapshotVersion" AS "version" FROM "AgentEventDaily" WHERE "catalogId" = $1 AND "metric" = 'search' ORDER BY 1 DESC`;

export interface DayRow {
  day: string;
  searches: number;
  empty: number;
  weak: number;
  followed: number;
  repeated: number;
  calls: number;
  unreturned: number;
}

export interface ToolFunnelRow {
  toolId: string;
  returned: number;
  called: number;
  succeeded: number;
  /** Mean rank of the tool in the search its calls followed (calls of it unreturned there not counted). */
  meanRank: number | null;
}

/** The value below which `share` of the histogram lies (upper bucket edge), or null without data. */
function percentile(histogram: Map<number, number>, share: number): number | null {
  const total = [...histogram.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket)!;
    if (seen >= share * total) return Math.round(bucketUpperMs(bucket) * 100) / 100;
  }
  return null;
}

const DAY_FIELDS: Record<string, keyof Omit<DayRow, "day">> = {
  search: "searches",
  "search.empty": "empty",
  "search.weak": "weak",
  "search.followed": "followed",
  "search.repeated": "repeated",
  call: "calls",
  "call.unreturned": "unreturned",
};

/** Charts and totals of one catalog over a period: sums of the day counters, a few thousand rows at most. */
export async function getInsightsOverview({
  db,
  catalogId,
  period,
}: {
  db: SqlSource;
  catalogId: string;
  period: Period;
}) {
  const params = [catalogId, period.from, period.to, period.version];
  const [rows, toolRows, versionRows] = await Promise.all([
    queryRows<{ day: string; metric: string; bucket: number; count: number }>(db, CATALOG_SQL, params),
    queryRows<{ toolId: string; metric: string; count: number }>(db, TOOLS_SQL, params),
    queryRows<{ version: number }>(db, VERSIONS_SQL, [catalogId]),
  ]);
  const days = new Map(
    daysOf(period).map((day) => [
      day,
      { day, searches: 0, empty: 0, weak: 0, followed: 0, repeated: 0, calls: 0, unreturned: 0 } as DayRow,
    ]),
  );
  const latency = new Map<number, number>();
  const ranks = new Map<number, number>();
  const totals = { finished: 0, ok: 0, dropped: 0 };
  for (const row of rows) {
    const field = DAY_FIELDS[row.metric];
    const day = days.get(row.day);
    if (field && day) day[field] += row.count;
    if (row.metric === "search.latency") latency.set(row.bucket, (latency.get(row.bucket) ?? 0) + row.count);
    if (row.metric === "call.rank") ranks.set(row.bucket, (ranks.get(row.bucket) ?? 0) + row.count);
    if (row.metric === "call.finished") totals.finished += row.count;
    if (row.metric === "call.ok") totals.ok += row.count;
    if (row.metric === "sdk.dropped") totals.dropped += row.count;
  }
  const perDay = [...days.values()];
  const sum = (field: keyof Omit<DayRow, "day">) => perDay.reduce((total, day) => total + day[field], 0);
  const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
  const searches = sum("searches");
  const calls = sum("calls");
  return {
    period: { from: period.from, to: period.to, version: period.version },
    versions: versionRows.map((row) => Number(row.version)),
    perDay,
    totals: {
      searches,
      calls,
      empty: sum("empty"),
      weak: sum("weak"),
      followed: sum("followed"),
      repeated: sum("repeated"),
      unreturned: sum("unreturned"),
      finished: totals.finished,
      succeeded: totals.ok,
      dropped: totals.dropped,
      emptyShare: share(sum("empty"), searches),
      weakShare: share(sum("weak"), searches),
      followedShare: share(sum("followed"), searches),
      repeatedShare: share(sum("repeated"), searches),
      successRate: share(totals.ok, totals.finished),
      latencyP50Ms: percentile(latency, 0.5),
      latencyP95Ms: percentile(latency, 0.95),
    },
    rankDistribution: [...ranks.entries()].sort(([a], [b]) => a - b).map(([rank, count]) => ({ rank, count })),
    funnel: toFunnel(toolRows),
  };
}

function toFunnel(rows: Array<{ toolId: string; metric: string; count: number }>): ToolFunnelRow[] {
  const tools = new Map<
    string,
    { returned: number; called: number; succeeded: number; ranked: number; rankSum: number }
  >();
  for (const row of rows) {
    const tool = tools.get(row.toolId) ?? { returned: 0, called: 0, succeeded: 0, ranked: 0, rankSum: 0 };
    if (row.metric === "tool.returned") tool.returned += row.count;
    if (row.metric === "tool.called") tool.called += row.count;
    if (row.metric === "tool.ok") tool.succeeded += row.count;
    if (row.metric === "tool.ranked") tool.ranked += row.count;
    if (row.metric === "tool.rankSum") tool.rankSum += row.count;
    tools.set(row.toolId, tool);
  }
  return [...tools.entries()]
    .map(([toolId, t]) => ({
      toolId,
      returned: t.returned,
      called: t.called,
      succeeded: t.succeeded,
      meanRank: t.ranked > 0 ? Math.round((t.rankSum / t.ranked) * 100) / 100 : null,
    }))
    .sort((a, b) => b.called - a.called || b.returned - a.returned || a.toolId.localeCompare(b.toolId))
    .slice(0, 200);
}

export type InsightsOverview = Awaited<ReturnType<typeof getInsightsOverview>>;
