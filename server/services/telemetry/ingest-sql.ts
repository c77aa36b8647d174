import { BUCKET_METRICS, COUNT_COLUMNS } from "./daily-counters";

// The two statements of one batch: read what it can link to, then write it. Each lookup in CONTEXT_SQL is one
// index probe per key (unnest + LATERAL), so it costs the same however many events the catalog holds: with a
// plain `= ANY($n)` and no fresh statistics (PGlite never analyzes; nor does a server without autovacuum) the
// planner scanned all of the catalog's events. `OFFSET 0` keeps each probe a subquery the planner cannot turn
// into a hash join over the catalog; `"kind"::text` keeps it off the (catalogId, kind, at) index.

const STORED_COLUMNS = `"id", "clientEventId", "kind"::text AS "kind", (extract(epoch FROM "at") * 1000)::float8 AS "atMs",
  "conversationId", "snapshotVersion", "returnedIds", "callId", "ok", "error"`;

/**
 * The catalog's text mode and the stored events a batch can link to: per conversation ($2) its first search (a
 * later search there is a repeat) and its searches that returned a tool the batch calls ($3); the searches its
 * calls name ($4); the calls and outcomes of its call ids ($5). One round trip, each part an index lookup per key.
 */
export const CONTEXT_SQL = `
  SELECT m."mode", x.* FROM (SELECT "telemetryText"::text AS "mode" FROM "Catalog" WHERE "id" = $1) m
  LEFT JOIN LATERAL (
    SELECT e.* FROM unnest($2::text[]) AS k("v") CROSS JOIN LATERAL (
      (SELECT ${STORED_COLUMNS} FROM "AgentEvent"
       WHERE "catalogId" = $1 AND "conversationId" = k."v" AND "kind"::text = 'search' ORDER BY "at", "id" LIMIT 1)
      UNION ALL
      SELECT ${STORED_COLUMNS} FROM "AgentEvent"
      WHERE "catalogId" = $1 AND "conversationId" = k."v" AND "kind"::text = 'search' AND "returnedIds" && $3::text[]
      OFFSET 0) e
    UNION ALL
    SELECT e.* FROM unnest($4::text[]) AS k("v") CROSS JOIN LATERAL (
      SELECT ${STORED_COLUMNS} FROM "AgentEvent"
      WHERE "catalogId" = $1 AND "clientEventId" = k."v" AND "kind"::text = 'search' OFFSET 0) e
    UNION ALL
    SELECT e.* FROM unnest($5::text[]) AS k("v") CROSS JOIN LATERAL (
      SELECT ${STORED_COLUMNS} FROM "AgentEvent" WHERE "catalogId" = $1 AND "callId" = k."v" OFFSET 0) e
  ) x ON true`;

const COUNTS = Object.entries(COUNT_COLUMNS);
const BUCKETED = BUCKET_METRICS.map((metric) => `'${metric}'`).join(", ");

/**
 * Writes planned batches (see plan-batch.ts) in one statement, so it is atomic without a transaction: events new
 * to the catalog (by client id) are inserted and the rest skipped; stored searches a new call ranked become
 * followed and stored calls a new outcome settles take it (each once); the day counters move by the increments
 * of the events really inserted ($3…$9, one per event and counter; "" = always) plus those two updates, summed
 * into one "AgentDailyCount" row per (day, version, tool) and one "AgentDailyBucket" row per histogram bucket.
 * Counter rows are upserted in key order, so concurrent batches lock shared rows in the same order. Answers with
 * the client ids it stored.
 */
export const WRITE_SQL = `
  WITH ins AS (
    INSERT INTO "AgentEvent" ("id", "catalogId", "clientEventId", "kind", "at", "receivedAt", "tokenId", "conversationId",
      "snapshotVersion", "query", "queryHash", "limit", "profile", "latencyMs", "hits", "returnedIds", "weakOnly",
      "repeated", "followed", "callId", "toolId", "searchEventId", "rank", "ok", "error")
    SELECT e."id", $1, e."clientEventId", e."kind"::"AgentEventKind", (e."at"::timestamptz AT TIME ZONE 'UTC'),
      (e."receivedAt"::timestamptz AT TIME ZONE 'UTC'), e."tokenId", e."conversationId", e."snapshotVersion", e."query", e."queryHash", e."limit",
      e."profile", e."latencyMs", e."hits", ARRAY(SELECT jsonb_array_elements_text(COALESCE(e."returnedIds", '[]'::jsonb))),
      e."weakOnly", COALESCE(e."repeated", false), COALESCE(e."followed", false), e."callId", e."toolId", e."searchEventId",
      e."rank", e."ok", e."error"
    FROM jsonb_to_recordset($2::jsonb) AS e("id" text, "clientEventId" text, "kind" text, "at" text, "receivedAt" text,
      "tokenId" text, "conversationId" text,
      "snapshotVersion" int, "query" text, "queryHash" text, "limit" int, "profile" text, "latencyMs" float8, "hits" jsonb,
      "returnedIds" jsonb, "weakOnly" boolean, "repeated" boolean, "followed" boolean, "callId" text, "toolId" text,
      "searchEventId" text, "rank" int, "ok" boolean, "error" text)
    ORDER BY e."id"
    ON CONFLICT ("catalogId", "clientEventId") DO NOTHING
    RETURNING "id", "clientEventId", "kind"::text AS "kind", "at", "callId", "searchEventId", "rank", "ok", "error"),
  followed AS (
    UPDATE "AgentEvent" s SET "followed" = true
    FROM (SELECT DISTINCT "searchEventId" FROM ins WHERE "kind" = 'call' AND "rank" IS NOT NULL) c
    WHERE s."catalogId" = $1 AND s."kind"::text = 'search' AND s."clientEventId" = c."searchEventId" AND NOT s."followed"
    RETURNING s."at", COALESCE(s."snapshotVersion", 0) AS "version"),
  outcome AS (
    SELECT DISTINCT ON ("callId") "callId", "ok", "error" FROM ins WHERE "kind" = 'outcome' ORDER BY "callId", "at" DESC, "id" DESC),
  settled AS (
    UPDATE "AgentEvent" c SET "ok" = o."ok", "error" = o."error"
    FROM outcome o
    WHERE c."catalogId" = $1 AND c."callId" = o."callId" AND c."kind"::text = 'call' AND c."ok" IS NULL
    RETURNING c."at", COALESCE(c."snapshotVersion", 0) AS "version", c."toolId", c."ok"),
  increments AS (
    SELECT t."day"::date AS "day", t."version", t."metric", t."toolId", t."bucket", t."count"
    FROM unnest($3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::int[], $9::int[])
      AS t("eventId", "day", "version", "metric", "toolId", "bucket", "count")
    WHERE t."eventId" = '' OR t."eventId" IN (SELECT "clientEventId" FROM ins)
    UNION ALL
    SELECT f."at"::date, f."version", 'search.followed', '', 0, 1 FROM followed f
    UNION ALL
    SELECT s."at"::date, s."version", m."metric", CASE WHEN m."metric" = 'tool.ok' THEN s."toolId" ELSE '' END, 0, 1
    FROM settled s CROSS JOIN (VALUES ('call.finished'), ('call.ok'), ('tool.ok')) AS m("metric")
    WHERE m."metric" = 'call.finished' OR s."ok"),
  counted AS (
    INSERT INTO "AgentDailyCount" ("catalogId", "day", "snapshotVersion", "toolId", ${COUNTS.map(([, column]) => `"${column}"`).join(", ")})
    SELECT $1, "day", "version", "toolId",
      ${COUNTS.map(([metric]) => `COALESCE(sum("count") FILTER (WHERE "metric" = '${metric}'), 0)::int`).join(",\n      ")}
    FROM increments WHERE "metric" NOT IN (${BUCKETED})
    GROUP BY "day", "version", "toolId"
    ORDER BY "day", "version", "toolId"
    ON CONFLICT ("catalogId", "day", "snapshotVersion", "toolId") DO UPDATE SET
      ${COUNTS.map(([, column]) => `"${column}" = "AgentDailyCount"."${column}" + EXCLUDED."${column}"`).join(",\n      ")}),
  bucketed AS (
    INSERT INTO "AgentDailyBucket" ("catalogId", "day", "snapshotVersion", "metric", "bucket", "count")
    SELECT $1, "day", "version", "metric", "bucket", sum("count")::int FROM increments
    WHERE "metric" IN (${BUCKETED})
    GROUP BY "day", "version", "metric", "bucket"
    ORDER BY "day", "version", "metric", "bucket"
    ON CONFLICT ("catalogId", "day", "snapshotVersion", "metric", "bucket")
    DO UPDATE SET "count" = "AgentDailyBucket"."count" + EXCLUDED."count")
  SELECT COALESCE(array_agg("clientEventId"), '{}') AS "storedIds" FROM ins`;
