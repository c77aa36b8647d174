import "server-only";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { eventConditions, FAILING_WINDOW, type EventFilters } from "./event-filters";
import type { Period } from "./insights-period";

export interface AgentEventRow {
  id: string;
  kind: "search" | "call" | "outcome";
  atMs: number;
  conversationId: string | null;
  snapshotVersion: number | null;
  query: string | null;
  queryHash: string | null;
  returnedIds: string[];
  weakOnly: boolean | null;
  repeated: boolean;
  followed: boolean;
  latencyMs: number | null;
  callId: string | null;
  toolId: string | null;
  rank: number | null;
  ok: boolean | null;
  error: string | null;
}

const COLUMNS = `e."id", e."kind"::text AS "kind", (extract(epoch FROM e."at") * 1000)::float8 AS "atMs", e."conversationId",
  e."snapshotVersion", e."query", e."queryHash", e."returnedIds", e."weakOnly", e."repeated", e."followed", e."latencyMs",
  e."callId", e."toolId", e."rank", e."ok", e."error"`;

export const EVENTS_PAGE_SIZE = 50;

/** Events behind a number of the Insights page, newest first, 50 a page (`before` = the last row's cursor). */
export async function listAgentEvents({
  db,
  catalogId,
  period,
  filters,
  before,
}: {
  db: SqlSource;
  catalogId: string;
  period: Period;
  filters: EventFilters;
  before?: { atMs: number; id: string } | null;
}) {
  const { where, params } = eventConditions(catalogId, period, filters);
  let sql = `SELECT ${COLUMNS} FROM "AgentEvent" e WHERE ${where}`;
  if (before) {
    params.push(new Date(before.atMs).toISOString(), before.id);
    sql += ` AND (e."at", e."id") < (($${params.length - 1}::timestamptz AT TIME ZONE 'UTC'), $${params.length})`;
  }
  sql += ` ORDER BY e."at" DESC, e."id" DESC LIMIT ${EVENTS_PAGE_SIZE + 1}`;
  const rows = await queryRows<AgentEventRow>(db, sql, params);
  const page = rows.slice(0, EVENTS_PAGE_SIZE);
  const last = page.at(-1);
  return { events: page, next: rows.length > EVENTS_PAGE_SIZE && last ? { atMs: last.atMs, id: last.id } : null };
}

// A failing search's request, grouped by its hash (the text may be redacted or absent), with the tool the
// model called next in the same conversation (the likely right answer, for a golden query). The next call is
// looked up only for the top groups, from their 10 latest searches. Only the latest WINDOW events of the kind
// in the period are grouped, so the table costs the same however many events the period holds.
const FAILING_SEARCHES_SQL = (where: string, flagWhere: string, limit: number) => `
  WITH recent AS (SELECT e.* FROM "AgentEvent" e WHERE ${where} ORDER BY e."at" DESC LIMIT ${FAILING_WINDOW}),
  top AS (
    SELECT e."queryHash", max(e."query") AS "query", count(*)::int AS "count", max(extract(epoch FROM e."at") * 1000)::float8 AS "lastAtMs",
           (array_agg(e."id" ORDER BY e."at" DESC))[1:10] AS "sample"
    FROM recent e WHERE ${flagWhere}
    GROUP BY e."queryHash" ORDER BY count(*) DESC, max(e."at") DESC LIMIT ${limit})
  SELECT top."queryHash", top."query", top."count", top."lastAtMs",
         (SELECT mode() WITHIN GROUP (ORDER BY next."toolId")
          FROM "AgentEvent" s
          CROSS JOIN LATERAL (
            SELECT c."toolId" FROM "AgentEvent" c
            WHERE c."catalogId" = s."catalogId" AND c."conversationId" = s."conversationId" AND c."kind"::text = 'call' AND c."at" >= s."at"
            ORDER BY c."at", c."id" LIMIT 1) next
          WHERE s."id" = ANY(top."sample") AND s."conversationId" IS NOT NULL) AS "calledToolId"
  FROM top ORDER BY top."count" DESC, top."lastAtMs" DESC`;

// Calls whose tool the search ranked below K: the request is the search's.
const LOW_RANK_SQL = (where: string, flagWhere: string, limit: number) => `
  WITH recent AS (SELECT e.* FROM "AgentEvent" e WHERE ${where} ORDER BY e."at" DESC LIMIT ${FAILING_WINDOW})
  SELECT s."queryHash", max(s."query") AS "query", count(*)::int AS "count", max(extract(epoch FROM e."at") * 1000)::float8 AS "lastAtMs",
         mode() WITHIN GROUP (ORDER BY e."toolId") AS "calledToolId", round(avg(e."rank"), 1)::float8 AS "meanRank"
  FROM recent e
  JOIN "AgentEvent" s ON s."catalogId" = e."catalogId" AND s."kind"::text = 'search' AND s."clientEventId" = e."searchEventId"
  WHERE ${flagWhere}
  GROUP BY s."queryHash" ORDER BY count(*) DESC, max(e."at") DESC LIMIT ${limit}`;

export interface FailingRequest {
  queryHash: string;
  query: string | null;
  count: number;
  lastAtMs: number;
  calledToolId: string | null;
  meanRank?: number;
}

/** The most frequent failing requests of one kind in the period. */
export async function listFailingRequests({
  db,
  catalogId,
  period,
  kind,
  k = 3,
  limit = 20,
}: {
  db: SqlSource;
  catalogId: string;
  period: Period;
  kind: EventFilters["flag"] & string;
  k?: number;
  limit?: number;
}): Promise<FailingRequest[]> {
  const { where, params } = eventConditions(catalogId, period, { kind: kind === "low-rank" ? "call" : "search" });
  const { flagWhere, params: flagParams } = eventConditions(catalogId, period, { flag: kind, k });
  // Both lists start alike (catalog, period, version, kind); the flag's own parameter (K) comes after them.
  const extra = flagParams.slice(params.length);
  const sql =
    kind === "low-rank" ? LOW_RANK_SQL(where, flagWhere, limit) : FAILING_SEARCHES_SQL(where, flagWhere, limit);
  return queryRows<FailingRequest>(db, sql, [...params, ...extra]);
}
