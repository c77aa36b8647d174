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

// The day counters exactly as ingest would have added them (see tallyNewEvent in daily-counters.ts).
const COUNTERS_SQL = `
  INSERT INTO "AgentEventDaily" ("catalogId", "day", "snapshotVersion", "metric", "toolId", "bucket", "count")
  SELECT $1, e."at"::date, COALESCE(e."snapshotVersion", 0), m."metric", m."tool", m."bucket", sum(m."n")::int
  FROM "AgentEvent" e
  CROSS JOIN LATERAL (VALUES
    ('search', '', 0, 1, e."kind" = 'search'),
    ('search.empty', '', 0, 1, e."kind" = 'search' AND cardinality(e."returnedIds") = 0),
    ('search.weak', '', 0, 1, e."kind" = 'search' AND e."weakOnly"),
    ('search.followed', '', 0, 1, e."kind" = 'search' AND e."followed"),
    ('search.latency', '', ceil(4 * log(2, (COALESCE(e."latencyMs", 0) + 1)::numeric))::int, 1, e."kind" = 'search' AND e."latencyMs" IS NOT NULL),
    ('call', '', 0, 1, e."kind" = 'call'),
    ('call.unreturned', '', 0, 1, e."kind" = 'call' AND e."rank" IS NULL),
    ('call.rank', '', COALESCE(e."rank", 0), 1, e."kind" = 'call' AND e."rank" IS NOT NULL),
    ('call.finished', '', 0, 1, e."kind" = 'call' AND e."ok" IS NOT NULL),
    ('call.ok', '', 0, 1, e."kind" = 'call' AND e."ok"),
    ('tool.called', COALESCE(e."toolId", ''), 0, 1, e."kind" = 'call'),
    ('tool.ranked', COALESCE(e."toolId", ''), 0, 1, e."kind" = 'call' AND e."rank" IS NOT NULL),
    ('tool.rankSum', COALESCE(e."toolId", ''), 0, COALESCE(e."rank", 0), e."kind" = 'call' AND e."rank" IS NOT NULL),
    ('tool.ok', COALESCE(e."toolId", ''), 0, 1, e."kind" = 'call' AND e."ok")
  ) AS m("metric", "tool", "bucket", "n", "applies")
  WHERE e."catalogId" = $1 AND m."applies"
  GROUP BY 2, 3, 4, 5, 6`;

const RETURNED_SQL = `
  INSERT INTO "AgentEventDaily" ("catalogId", "day", "snapshotVersion", "metric", "toolId", "bucket", "count")
  SELECT $1, e."at"::date, COALESCE(e."snapshotVersion", 0), 'tool.returned', t."id", 0, count(*)::int
  FROM "AgentEvent" e CROSS JOIN LATERAL unnest(e."returnedIds") AS t("id")
  WHERE e."catalogId" = $1 AND e."kind" = 'search' GROUP BY 2, 3, 5`;

export async function seedScaleEvents(handle: DatabaseHandle, events: number): Promise<string> {
  const team = await handle.db.team.create({ data: { slug: `scale-${Date.now()}`, name: "Scale" } });
  const catalog = await handle.db.catalog.create({ data: { teamId: team.id, slug: "scale", name: "Scale" } });
  const conversations = Math.ceil(events / 3);
  for (let from = 0; from < conversations; from += CHUNK) {
    await handle.sql.query(EVENTS_SQL, [catalog.id, from, Math.min(conversations, from + CHUNK) - 1]);
  }
  await handle.sql.query(COUNTERS_SQL, [catalog.id]);
  await handle.sql.query(RETURNED_SQL, [catalog.id]);
  await handle.sql.exec(`ANALYZE "AgentEvent"; ANALYZE "AgentEventDaily"`);
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
