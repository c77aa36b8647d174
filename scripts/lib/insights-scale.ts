// For bench:events: a catalog with N agent events over 30 days, generated in SQL, and the time the Insights
// page's queries take over it.
import type { DatabaseHandle } from "../../server/db/open";
import { getInsightsOverview } from "../../server/services/insights/insights-overview";
import { resolvePeriod } from "../../server/services/insights/insights-period";
import { listAgentEvents, listFailingRequests } from "../../server/services/insights/list-agent-events";
import { FAILURE_KINDS } from "../../server/services/insights/event-filters";

const CHUNK = 60_000; // conversations per INSERT (3 events each)

// Conversation g: a search (every 10th empty, every 7th weak-only), the call after it (its tool at rank g % 3 + 1,
// or unreturned after an empty search) and the call's outcome (every 5th failed). Spread over 30 days, 3 versions.
const EVENTS_SQL = `
  INSERT INTO "AgentEvent" ("id", "catalogId", "clientEventId", "kind", "at", "conversationId", "snapshotVersion", "query", "queryHash",
    "latencyMs", "returnedIds", "weakOnly", "followed", "callId", "toolId", "searchEventId", "rank", "ok")
  SELECT 'e' || g || '-' || k, $1, 'e' || g || '-' || k, (ARRAY['search', 'call', 'outcome'])[k + 1]::"AgentEventKind",
    (now() AT TIME ZONE 'UTC') - make_interval(days => g % 30, secs => (g * 7) % 80000 - k),
    'c' || g, 1 + g % 3,
    CASE WHEN k = 0 THEN 'request ' || (g % 5000) || ' about task ' || (g % 37) END,
    CASE WHEN k = 0 THEN 'h' || (g % 5000) END,
    CASE WHEN k = 0 THEN 0.5 + (g % 100) / 10.0 END,
    CASE WHEN k = 0 AND g % 10 <> 0 THEN ARRAY['ns.tool_' || (g % 300), 'ns.tool_' || ((g + 1) % 300), 'ns.tool_' || ((g + 2) % 300)] ELSE '{}' END,
    CASE WHEN k = 0 THEN g % 10 <> 0 AND g % 7 = 0 END,
    k = 0 AND g % 10 <> 0,
    CASE WHEN k > 0 THEN 'call-' || g END,
    CASE WHEN k = 1 THEN 'ns.tool_' || ((g + g % 3) % 300) END,
    CASE WHEN k = 1 THEN 'e' || g || '-0' END,
    CASE WHEN k = 1 AND g % 10 <> 0 THEN g % 3 + 1 END,
    CASE WHEN k > 0 THEN g % 5 <> 0 END
  FROM generate_series($2::int, $3::int) AS g CROSS JOIN generate_series(0, 2) AS k`;

// The day counters exactly as ingest would have added them (see tallyNewEvent in daily-counters.ts): the
// catalog-wide row of each day and version, the rows of each tool, and the two histograms.
const CATALOG_COUNTS_SQL = `
  INSERT INTO "AgentDailyCount" ("catalogId", "day", "snapshotVersion", "toolId", "searches", "empty", "weak", "followed",
    "calls", "unreturned", "finished", "ok")
  SELECT $1, e."at"::date, COALESCE(e."snapshotVersion", 0), '',
    count(*) FILTER (WHERE e."kind" = 'search'),
    count(*) FILTER (WHERE e."kind" = 'search' AND cardinality(e."returnedIds") = 0),
    count(*) FILTER (WHERE e."kind" = 'search' AND e."weakOnly"),
    count(*) FILTER (WHERE e."kind" = 'search' AND e."followed"),
    count(*) FILTER (WHERE e."kind" = 'call'),
    count(*) FILTER (WHERE e."kind" = 'call' AND e."rank" IS NULL),
    count(*) FILTER (WHERE e."kind" = 'call' AND e."ok" IS NOT NULL),
    count(*) FILTER (WHERE e."kind" = 'call' AND e."ok")
  FROM "AgentEvent" e WHERE e."catalogId" = $1 GROUP BY 2, 3`;

const TOOL_COUNTS_SQL = `
  INSERT INTO "AgentDailyCount" ("catalogId", "day", "snapshotVersion", "toolId", "returned", "called", "ranked",
    "rankSum", "toolOk")
  SELECT $1, t."day", t."version", t."toolId", sum(t."returned"), sum(t."called"), sum(t."ranked"), sum(t."rankSum"),
    sum(t."ok")
  FROM (
    SELECT e."at"::date AS "day", COALESCE(e."snapshotVersion", 0) AS "version", r."id" AS "toolId", 1 AS "returned",
      0 AS "called", 0 AS "ranked", 0 AS "rankSum", 0 AS "ok"
    FROM "AgentEvent" e CROSS JOIN LATERAL unnest(e."returnedIds") AS r("id")
    WHERE e."catalogId" = $1 AND e."kind" = 'search'
    UNION ALL
    SELECT e."at"::date, COALESCE(e."snapshotVersion", 0), e."toolId", 0, 1, (e."rank" IS NOT NULL)::int,
      COALESCE(e."rank", 0), COALESCE(e."ok", false)::int
    FROM "AgentEvent" e WHERE e."catalogId" = $1 AND e."kind" = 'call' AND e."toolId" IS NOT NULL) t
  GROUP BY 2, 3, 4`;

const BUCKETS_SQL = `
  INSERT INTO "AgentDailyBucket" ("catalogId", "day", "snapshotVersion", "metric", "bucket", "count")
  SELECT $1, e."at"::date, COALESCE(e."snapshotVersion", 0), m."metric", m."bucket", count(*)::int
  FROM "AgentEvent" e
  CROSS JOIN LATERAL (VALUES
    ('search.latency', ceil(4 * log(2, (COALESCE(e."latencyMs", 0) + 1)::numeric))::int, e."kind" = 'search' AND e."latencyMs" IS NOT NULL),
    ('call.rank', COALESCE(e."rank", 0), e."kind" = 'call' AND e."rank" IS NOT NULL)
  ) AS m("metric", "bucket", "applies")
  WHERE e."catalogId" = $1 AND m."applies"
  GROUP BY 2, 3, 4, 5`;

export async function seedScaleEvents(handle: DatabaseHandle, events: number): Promise<string> {
  const team = await handle.db.team.create({ data: { slug: `scale-${Date.now()}`, name: "Scale" } });
  const catalog = await handle.db.catalog.create({ data: { teamId: team.id, slug: "scale", name: "Scale" } });
  const conversations = Math.ceil(events / 3);
  for (let from = 0; from < conversations; from += CHUNK) {
    await handle.sql.query(EVENTS_SQL, [catalog.id, from, Math.min(conversations, from + CHUNK) - 1]);
  }
  for (const counters of [CATALOG_COUNTS_SQL, TOOL_COUNTS_SQL, BUCKETS_SQL])
    await handle.sql.query(counters, [catalog.id]);
  await handle.sql.exec(`ANALYZE "AgentEvent"; ANALYZE "AgentDailyCount"; ANALYZE "AgentDailyBucket"`);
  return catalog.id;
}

// The peer: the overview's numbers straight from the events.
const PEER_SQL = `
  SELECT e."at"::date AS "day", count(*) FILTER (WHERE e."kind" = 'search')::int AS "searches",
    count(*) FILTER (WHERE e."kind" = 'search' AND cardinality(e."returnedIds") = 0)::int AS "empty",
    count(*) FILTER (WHERE e."weakOnly")::int AS "weak", count(*) FILTER (WHERE e."followed")::int AS "followed",
    count(*) FILTER (WHERE e."kind" = 'call' AND e."rank" IS NULL)::int AS "unreturned",
    count(*) FILTER (WHERE e."kind" = 'call' AND e."ok")::int AS "ok",
    percentile_cont(0.95) WITHIN GROUP (ORDER BY e."latencyMs")::float8 AS "p95"
  FROM "AgentEvent" e WHERE e."catalogId" = $1 AND e."at" >= (now() AT TIME ZONE 'UTC') - interval '30 days' GROUP BY 1`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export async function timeInsights(handle: DatabaseHandle, catalogId: string) {
  const db = handle.sql;
  const period = resolvePeriod({});
  const runs = {
    overview: [] as number[],
    failing: [] as number[],
    slowestTab: [] as number[],
    eventsPage: [] as number[],
    peer: [] as number[],
  };
  for (let run = 0; run < 3; run++) {
    runs.overview.push(await timed(() => getInsightsOverview({ db, catalogId, period })));
    // The page shows one failing-request tab at a time ("empty" first); each other tab is one more query.
    const tabs: number[] = [];
    for (const kind of FAILURE_KINDS)
      tabs.push(await timed(() => listFailingRequests({ db, catalogId, period, kind })));
    runs.failing.push(tabs[0]!);
    runs.slowestTab.push(Math.max(...tabs));
    runs.eventsPage.push(await timed(() => listAgentEvents({ db, catalogId, period, filters: { flag: "empty" } })));
    runs.peer.push(await timed(() => db.query(PEER_SQL, [catalogId])));
  }
  const count =
    (
      await db.query<{ count: number }>(`SELECT count(*)::int AS "count" FROM "AgentEvent" WHERE "catalogId" = $1`, [
        catalogId,
      ])
    )[0]?.count ?? 0;
  const overview = median(runs.overview);
  const failing = median(runs.failing);
  return {
    events: count,
    overview,
    failing,
    slowestTab: median(runs.slowestTab),
    eventsPage: median(runs.eventsPage),
    page: overview + failing,
    peerOverview: median(runs.peer),
  };
}
