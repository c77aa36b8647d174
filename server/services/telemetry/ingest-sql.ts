import { dayOf, latencyBucket, type CounterTally } from "./daily-counters";

// The statements ingest runs after inserting a batch; $1 = catalog id, $2 = the ids inserted just now.
// Each touches only new events (or the few older ones they link to), so a batch costs the same however
// many events the catalog already has. `"kind"::text` keeps the planner off the (catalogId, kind, at) index
// here: PGlite never analyzes on its own, and with stale statistics it would scan every search of the catalog
// through that index instead of looking one up by conversation, client id or call id.

/** A search is a repeat when its conversation already had one (earlier, or earlier in the same batch). */
export const MARK_REPEATED_SQL = `
  UPDATE "AgentEvent" s SET "repeated" = true
  WHERE s."id" = ANY($2::text[]) AND s."kind"::text = 'search' AND s."conversationId" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "AgentEvent" p
                WHERE p."catalogId" = $1 AND p."conversationId" = s."conversationId" AND p."kind"::text = 'search'
                  AND (p."at" < s."at" OR (p."at" = s."at" AND p."id" < s."id")))`;

/** A call that names no search follows the latest search of its conversation that returned its tool. */
export const LINK_CALLS_SQL = `
  UPDATE "AgentEvent" c SET "searchEventId" = (
      SELECT s."clientEventId" FROM "AgentEvent" s
      WHERE s."catalogId" = $1 AND s."kind"::text = 'search' AND s."conversationId" = c."conversationId"
        AND c."toolId" = ANY(s."returnedIds") AND s."at" <= c."at"
      ORDER BY s."at" DESC, s."id" DESC LIMIT 1)
  WHERE c."id" = ANY($2::text[]) AND c."kind"::text = 'call' AND c."searchEventId" IS NULL AND c."conversationId" IS NOT NULL`;

/** The called tool's rank in the search it followed (null: that search did not return it); its version if unset. */
export const RANK_CALLS_SQL = `
  UPDATE "AgentEvent" c SET "rank" = array_position(s."returnedIds", c."toolId"),
                            "snapshotVersion" = COALESCE(c."snapshotVersion", s."snapshotVersion")
  FROM "AgentEvent" s
  WHERE c."id" = ANY($2::text[]) AND c."kind"::text = 'call'
    AND s."catalogId" = $1 AND s."kind"::text = 'search' AND s."clientEventId" = c."searchEventId"`;

/** Searches newly followed by a call of a tool they returned; each is counted once, on its own day. */
export const MARK_FOLLOWED_SQL = `
  UPDATE "AgentEvent" s SET "followed" = true
  FROM (SELECT DISTINCT "searchEventId" FROM "AgentEvent"
        WHERE "id" = ANY($2::text[]) AND "kind"::text = 'call' AND "rank" IS NOT NULL) c
  WHERE s."catalogId" = $1 AND s."kind"::text = 'search' AND s."clientEventId" = c."searchEventId" AND NOT s."followed"
  RETURNING (extract(epoch FROM s."at") * 1000)::float8 AS "atMs", COALESCE(s."snapshotVersion", 0) AS "version"`;

/** Outcomes settle their calls, whichever of the two arrived first; a call is settled once. */
export const SETTLE_OUTCOMES_SQL = `
  WITH touched AS MATERIALIZED (
         SELECT DISTINCT "callId" FROM "AgentEvent" WHERE "id" = ANY($2::text[]) AND "callId" IS NOT NULL),
       o AS MATERIALIZED (
         SELECT t."callId", x."ok", x."error" FROM touched t
         CROSS JOIN LATERAL (SELECT "ok", "error" FROM "AgentEvent"
                             WHERE "catalogId" = $1 AND "callId" = t."callId" AND "kind"::text = 'outcome'
                             ORDER BY "at" DESC, "id" DESC LIMIT 1) x)
  UPDATE "AgentEvent" c SET "ok" = o."ok", "error" = o."error"
  FROM o
  WHERE c."catalogId" = $1 AND c."callId" = o."callId" AND c."kind"::text = 'call' AND c."ok" IS NULL
  RETURNING (extract(epoch FROM c."at") * 1000)::float8 AS "atMs", COALESCE(c."snapshotVersion", 0) AS "version",
            c."toolId", c."ok"`;

export interface NewEventRow {
  kind: "search" | "call" | "outcome";
  atMs: number;
  version: number;
  returnedIds: string[];
  weakOnly: boolean | null;
  repeated: boolean;
  latencyMs: number | null;
  toolId: string | null;
  rank: number | null;
}

/** The counters the new events themselves move (links and outcomes are counted where they are made). */
export function tallyNewEvents(tally: CounterTally, rows: NewEventRow[]): void {
  for (const row of rows) {
    const key = { day: dayOf(new Date(row.atMs)), version: row.version };
    if (row.kind === "search") {
      tally.add({ ...key, metric: "search" });
      if (row.returnedIds.length === 0) tally.add({ ...key, metric: "search.empty" });
      if (row.weakOnly) tally.add({ ...key, metric: "search.weak" });
      if (row.repeated) tally.add({ ...key, metric: "search.repeated" });
      if (row.latencyMs !== null) tally.add({ ...key, metric: "search.latency", bucket: latencyBucket(row.latencyMs) });
      for (const toolId of new Set(row.returnedIds)) tally.add({ ...key, metric: "tool.returned", toolId });
    } else if (row.kind === "call" && row.toolId) {
      tally.add({ ...key, metric: "call" });
      tally.add({ ...key, metric: "tool.called", toolId: row.toolId });
      if (row.rank === null) tally.add({ ...key, metric: "call.unreturned" });
      else {
        tally.add({ ...key, metric: "call.rank", bucket: row.rank });
        tally.add({ ...key, metric: "tool.ranked", toolId: row.toolId });
        tally.add({ ...key, metric: "tool.rankSum", toolId: row.toolId }, row.rank);
      }
    }
  }
}
