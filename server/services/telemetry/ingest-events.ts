import { randomBytes } from "node:crypto";
import type { EventBatch, EventBatchResult } from "@/sdk/telemetry-events";
import type { SqlRunner } from "../../db/migrate";
import { CounterTally, dayOf, writeCounters } from "./daily-counters";
import { LINK_CALLS_SQL, MARK_FOLLOWED_SQL, MARK_REPEATED_SQL, RANK_CALLS_SQL, SETTLE_OUTCOMES_SQL, tallyNewEvents, type NewEventRow } from "./ingest-sql";
import { hashRequestText, storedRequestText, type TelemetryTextMode } from "./privacy";

export interface IngestEventsOptions {
  sql: SqlRunner;
  catalogId: string;
  tokenId: string | null;
  batch: EventBatch;
  now?: Date;
}

let counter = 0;
/** Sortable within a process (time, counter, random), so events of one batch keep their order by id. */
function newEventId(now: number): string {
  counter = (counter + 1) % 36 ** 4;
  return `e${now.toString(36).padStart(9, "0")}${counter.toString(36).padStart(4, "0")}${randomBytes(5).toString("hex")}`;
}

const INSERT_SQL = `
  INSERT INTO "AgentEvent" ("id", "catalogId", "clientEventId", "kind", "at", "receivedAt", "tokenId", "conversationId",
    "snapshotVersion", "query", "queryHash", "limit", "profile", "latencyMs", "hits", "returnedIds", "weakOnly",
    "callId", "toolId", "searchEventId", "ok", "error")
  SELECT e."id", $1, e."clientEventId", e."kind"::"AgentEventKind", (e."at"::timestamptz AT TIME ZONE 'UTC'),
    ($2::timestamptz AT TIME ZONE 'UTC'), $3, e."conversationId", e."snapshotVersion", e."query", e."queryHash", e."limit",
    e."profile", e."latencyMs", e."hits", ARRAY(SELECT jsonb_array_elements_text(COALESCE(e."returnedIds", '[]'::jsonb))),
    e."weakOnly", e."callId", e."toolId", e."searchEventId", e."ok", e."error"
  FROM jsonb_to_recordset($4::jsonb) AS e("id" text, "clientEventId" text, "kind" text, "at" text, "conversationId" text,
    "snapshotVersion" int, "query" text, "queryHash" text, "limit" int, "profile" text, "latencyMs" float8, "hits" jsonb,
    "returnedIds" jsonb, "weakOnly" boolean, "callId" text, "toolId" text, "searchEventId" text, "ok" boolean, "error" text)
  ORDER BY e."id"
  ON CONFLICT ("catalogId", "clientEventId") DO NOTHING
  RETURNING "id"`;

function toRows(batch: EventBatch, textMode: TelemetryTextMode, now: Date) {
  return batch.events.map((event) => {
    const common = { id: newEventId(now.getTime()), clientEventId: event.id, kind: event.type, at: event.at ?? now.toISOString(), conversationId: event.conversationId ?? null, snapshotVersion: event.snapshotVersion ?? null };
    if (event.type === "search") {
      const weakOnly = event.hits.length > 0 && event.hits.every((hit) => hit.strength === "weak");
      const shared = { limit: event.limit ?? null, profile: event.profile ?? null, latencyMs: event.latencyMs ?? null, hits: event.hits, weakOnly };
      return { ...common, ...shared, query: storedRequestText(event.query, textMode), queryHash: hashRequestText(event.query), returnedIds: event.hits.map((hit) => hit.id) };
    }
    if (event.type === "call") return { ...common, callId: event.callId, toolId: event.toolId, searchEventId: event.searchEventId ?? null };
    return { ...common, callId: event.callId, ok: event.ok, error: event.error ?? null };
  });
}

/** Deadlocks between two batches of one catalog are retried; the loser's transaction was rolled back whole. */
async function withRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= attempts || (code !== "40P01" && code !== "40001")) throw error;
    }
  }
}

/**
 * Stores a validated batch in one transaction: events new to the catalog (by client id) are inserted, the
 * rest skipped (a retried batch is never counted twice); calls are linked to the search they followed and
 * ranked there, outcomes settle their calls, and the day's counters move by exactly what was new.
 */
export async function ingestEvents({ sql, catalogId, tokenId, batch, now = new Date() }: IngestEventsOptions): Promise<EventBatchResult> {
  return withRetry(() =>
    sql.transaction(async (tx) => {
      const [catalog] = await tx.query<{ telemetryText: TelemetryTextMode }>(`SELECT "telemetryText"::text AS "telemetryText" FROM "Catalog" WHERE "id" = $1`, [catalogId]);
      const rows = toRows(batch, catalog?.telemetryText ?? "redacted", now);
      const inserted = await tx.query<{ id: string }>(INSERT_SQL, [catalogId, now.toISOString(), tokenId, JSON.stringify(rows)]);
      const ids = inserted.map((row) => row.id);
      const tally = new CounterTally();
      if (ids.length > 0) {
        await tx.query(MARK_REPEATED_SQL, [catalogId, ids]);
        await tx.query(LINK_CALLS_SQL, [catalogId, ids]);
        await tx.query(RANK_CALLS_SQL, [catalogId, ids]);
        const followed = await tx.query<{ atMs: number; version: number }>(MARK_FOLLOWED_SQL, [catalogId, ids]);
        for (const row of followed) tally.add({ day: dayOf(new Date(row.atMs)), version: row.version, metric: "search.followed" });
        const settled = await tx.query<{ atMs: number; version: number; toolId: string; ok: boolean }>(SETTLE_OUTCOMES_SQL, [catalogId, ids]);
        for (const row of settled) {
          const key = { day: dayOf(new Date(row.atMs)), version: row.version };
          tally.add({ ...key, metric: "call.finished" });
          if (row.ok) tally.add({ ...key, metric: "call.ok" }), tally.add({ ...key, metric: "tool.ok", toolId: row.toolId });
        }
        tallyNewEvents(tally, await tx.query<NewEventRow>(`SELECT "kind"::text AS "kind", (extract(epoch FROM "at") * 1000)::float8 AS "atMs", COALESCE("snapshotVersion", 0) AS "version", "returnedIds", "weakOnly", "repeated", "latencyMs", "toolId", "rank" FROM "AgentEvent" WHERE "id" = ANY($1::text[])`, [ids]));
      }
      if (batch.dropped) tally.add({ day: dayOf(now), version: 0, metric: "sdk.dropped" }, batch.dropped);
      await writeCounters(tx, catalogId, tally);
      return { accepted: batch.events.length, stored: ids.length, duplicates: batch.events.length - ids.length };
    }),
  );
}
