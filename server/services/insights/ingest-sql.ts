import { COUNT_COLUMNS, type CountColumn } from "./daily-counters";

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
 * calls name ($4); the calls and outcomes of its call ids ($5); which of its events are stored (by client id, $6;
 * empty unless a first try found one).
 * One round trip, each part an index lookup per key.
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
    UNION ALL
    SELECT e.* FROM unnest($6::text[]) AS k("v") CROSS JOIN LATERAL (
      SELECT ${STORED_COLUMNS} FROM "AgentEvent" WHERE "catalogId" = $1 AND "clientEventId" = k."v" OFFSET 0) e
  ) x ON true`;

const COLUMNS = Object.values(COUNT_COLUMNS);
const quoted = (columns: readonly string[]) => columns.map((column) => `"${column}"`).join(", ");
/** A counter row's columns for a SELECT list: the given expressions, 0 for the others. */
const countRow = (values: Partial<Record<CountColumn, string>>) => COLUMNS.map((c) => values[c] ?? "0").join(", ");

/**
 * A counter's new value, held at the `integer` column's largest value: clients report `dropped` up to 2^31 − 1 per
 * batch, so a day's sum can pass it, and an overflow would refuse every later batch of the day.
 */
const saturated = (expression: string) => `LEAST(${expression}, 2147483647)::int`;

/**
 * Writes planned batches (see plan-batch.ts) in one statement, so it is atomic without a transaction: inserts the
 * new events ($2; one already stored, by another writer since the context was read, fails the statement on the
 * unique key, and the caller retries); stored searches a new call ranked ($5, as planned) become followed and
 * stored calls a new outcome settles ($6: the call ids whose call is not in this write) take it (each once); the day counters move by the sums planned in memory ($3: per (day,
 * version, tool), $4: per histogram bucket) plus what those two updates imply, each held at 2^31 − 1 (`saturated`). Counter rows are upserted once
 * each, in key order, so concurrent writers lock shared rows in the same order. The day's usage row ("AgentEventUsage",
 * the bounds of event-quota.ts) gains the events and $7 bytes (the rows' JSON) on the receiving day $8.
 */
export const WRITE_SQL = `
  WITH ins AS (
    INSERT INTO "AgentEvent" ("id", "catalogId", "clientEventId", "kind", "at", "receivedAt", "tokenId", "conversationId",
      "snapshotVersion", "query", "queryHash", "limit", "profile", "latencyMs", "hits", "returnedIds", "weakOnly",
      "repeated", "followed", "callId", "toolId", "searchEventId", "rank", "ok", "error")
    SELECT e."id", $1, e."clientEventId", e."kind"::"AgentEventKind", (e."at"::timestamptz AT TIME ZONE 'UTC'),
      (e."receivedAt"::timestamptz AT TIME ZONE 'UTC'), e."tokenId", e."conversationId", e."snapshotVersion", e."query",
      e."queryHash", e."limit", e."profile", e."latencyMs", e."hits", COALESCE(e."returnedIds", '{}'), e."weakOnly",
      COALESCE(e."repeated", false), COALESCE(e."followed", false), e."callId", e."toolId", e."searchEventId", e."rank",
      e."ok", e."error"
    FROM jsonb_to_recordset($2::jsonb) AS e("id" text, "clientEventId" text, "kind" text, "at" text, "receivedAt" text,
      "tokenId" text, "conversationId" text, "snapshotVersion" int, "query" text, "queryHash" text, "limit" int,
      "profile" text, "latencyMs" float8, "hits" jsonb, "returnedIds" text[], "weakOnly" boolean, "repeated" boolean,
      "followed" boolean, "callId" text, "toolId" text, "searchEventId" text, "rank" int, "ok" boolean, "error" text)
    ORDER BY e."id"
    RETURNING "id", "kind"::text AS "kind", "at", "callId", "searchEventId", "rank", "ok", "error"),
  followed AS (
    UPDATE "AgentEvent" s SET "followed" = true
    FROM unnest($5::text[]) AS c("searchEventId")
    WHERE s."catalogId" = $1 AND s."kind"::text = 'search' AND s."clientEventId" = c."searchEventId" AND NOT s."followed"
    RETURNING s."at", COALESCE(s."snapshotVersion", 0) AS "version"),
  outcome AS (
    SELECT DISTINCT ON ("callId") "callId", "ok", "error" FROM ins
    WHERE "kind" = 'outcome' AND "callId" = ANY($6::text[]) ORDER BY "callId", "at" DESC, "id" DESC),
  settled AS (
    UPDATE "AgentEvent" c SET "ok" = o."ok", "error" = o."error"
    FROM outcome o
    WHERE c."catalogId" = $1 AND c."callId" = o."callId" AND c."kind"::text = 'call' AND c."ok" IS NULL
    RETURNING c."at", COALESCE(c."snapshotVersion", 0) AS "version", c."toolId", c."ok"),
  counts AS (
    SELECT c."day"::date AS "day", c."version", c."toolId", ${COLUMNS.map((column) => `COALESCE(c."${column}", 0) AS "${column}"`).join(", ")}
    FROM jsonb_to_recordset($3::jsonb) AS c("day" text, "version" int, "toolId" text, ${COLUMNS.map((column) => `"${column}" bigint`).join(", ")})
    UNION ALL
    SELECT f."at"::date, f."version", '', ${countRow({ followed: "1" })} FROM followed f
    UNION ALL
    SELECT s."at"::date, s."version", '', ${countRow({ finished: "1", ok: 's."ok"::int' })} FROM settled s
    UNION ALL
    SELECT s."at"::date, s."version", s."toolId", ${countRow({ toolOk: "1" })} FROM settled s WHERE s."ok"),
  counted AS (
    INSERT INTO "AgentDailyCount" ("catalogId", "day", "snapshotVersion", "toolId", ${quoted(COLUMNS)})
    SELECT $1, "day", "version", "toolId", ${COLUMNS.map((column) => saturated(`sum("${column}")`)).join(", ")}
    FROM counts
    GROUP BY "day", "version", "toolId"
    ORDER BY "day", "version", "toolId"
    ON CONFLICT ("catalogId", "day", "snapshotVersion", "toolId") DO UPDATE SET
      ${COLUMNS.map((column) => `"${column}" = ${saturated(`"AgentDailyCount"."${column}"::bigint + EXCLUDED."${column}"`)}`).join(",\n      ")}),
  bucketed AS (
    INSERT INTO "AgentDailyBucket" ("catalogId", "day", "snapshotVersion", "metric", "bucket", "count")
    SELECT $1, b."day"::date, b."version", b."metric", b."bucket", ${saturated('b."count"')}
    FROM jsonb_to_recordset($4::jsonb) AS b("day" text, "version" int, "metric" text, "bucket" int, "count" bigint)
    ORDER BY b."day", b."version", b."metric", b."bucket"
    ON CONFLICT ("catalogId", "day", "snapshotVersion", "metric", "bucket")
    DO UPDATE SET "count" = ${saturated('"AgentDailyBucket"."count"::bigint + EXCLUDED."count"')}),
  used AS (
    INSERT INTO "AgentEventUsage" ("catalogId", "day", "events", "bytes")
    SELECT $1, $8::date, count(*), $7::bigint FROM ins HAVING count(*) > 0
    ON CONFLICT ("catalogId", "day") DO UPDATE SET
      "events" = "AgentEventUsage"."events" + EXCLUDED."events", "bytes" = "AgentEventUsage"."bytes" + EXCLUDED."bytes")
  SELECT count(*)::int AS "stored" FROM ins`;
