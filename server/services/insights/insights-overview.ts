import "server-only";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { bucketUpperMs } from "./daily-counters";
import { daysOf, type Period } from "./insights-period";

// Sums of the day counters (see daily-counters.ts): the page reads these, never the events themselves.
const PERIOD = `"catalogId" = $1 AND "day" BETWEEN $2::date AND $3::date AND ($4::int IS NULL OR "snapshotVersion" = $4)`;

const CATALOG_SQL = `
  SELECT to_char("day", 'YYYY-MM-DD') AS "day", sum("searches")::float8 AS "searches", sum("empty")::float8 AS "empty",
    sum("weak")::float8 AS "weak", sum("followed")::float8 AS "followed", sum("repeated")::float8 AS "repeated",
    sum("calls")::float8 AS "calls", sum("unreturned")::float8 AS "unreturned", sum("finished")::float8 AS "finished",
    sum("ok")::float8 AS "ok", sum("dropped")::float8 AS "dropped"
  FROM "AgentDailyCount" WHERE ${PERIOD} AND "toolId" = ''
  GROUP BY 1`;

const BUCKETS_SQL = `
  SELECT "metric", "bucket", sum("count")::float8 AS "count" FROM "AgentDailyBucket" WHERE ${PERIOD} GROUP BY 1, 2`;

const TOOLS_SQL = `
  SELECT "toolId", sum("returned")::float8 AS "returned", sum("called")::float8 AS "called",
    sum("toolOk")::float8 AS "succeeded", sum("ranked")::float8 AS "ranked", sum("rankSum")::float8 AS "rankSum"
  FROM "AgentDailyCount" WHERE ${PERIOD} AND "toolId" <> ''
  GROUP BY 1`;

const VERSIONS_SQL = `SELECT DISTINCT "snapshotVersion" AS "version" FROM "AgentDailyCount" WHERE "catalogId" = $1 AND "toolId" = '' AND "searches" > 0 ORDER BY 1 DESC`;

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

type DayCounts = Omit<DayRow, "day">;
const DAY_FIELDS = [
  "searches",
  "empty",
  "weak",
  "followed",
  "repeated",
  "calls",
  "unreturned",
] as const satisfies Array<keyof DayCounts>;
type ToolSums = {
  toolId: string;
  returned: number;
  called: number;
  succeeded: number;
  ranked: number;
  rankSum: number;
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
  const [rows, bucketRows, toolRows, versionRows] = await Promise.all([
    queryRows<DayRow & { finished: number; ok: number; dropped: number }>(db, CATALOG_SQL, params),
    queryRows<{ metric: string; bucket: number; count: number }>(db, BUCKETS_SQL, params),
    queryRows<ToolSums>(db, TOOLS_SQL, params),
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
    const day = days.get(row.day);
    if (day) for (const field of DAY_FIELDS) day[field] += row[field];
    totals.finished += row.finished;
    totals.ok += row.ok;
    totals.dropped += row.dropped;
  }
  for (const row of bucketRows) {
    const histogram = row.metric === "search.latency" ? latency : row.metric === "call.rank" ? ranks : null;
    histogram?.set(row.bucket, (histogram.get(row.bucket) ?? 0) + row.count);
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

function toFunnel(rows: ToolSums[]): ToolFunnelRow[] {
  return rows
    .map((t) => ({
      toolId: t.toolId,
      returned: t.returned,
      called: t.called,
      succeeded: t.succeeded,
      meanRank: t.ranked > 0 ? Math.round((t.rankSum / t.ranked) * 100) / 100 : null,
    }))
    .sort((a, b) => b.called - a.called || b.returned - a.returned || a.toolId.localeCompare(b.toolId))
    .slice(0, 200);
}

export type InsightsOverview = Awaited<ReturnType<typeof getInsightsOverview>>;
