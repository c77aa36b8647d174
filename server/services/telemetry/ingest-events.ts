import { randomBytes } from "node:crypto";
import type { EventBatch, EventBatchResult } from "@/sdk/telemetry-events";
import type { SqlRunner } from "../../db/migrate";
import { dayOf } from "./daily-counters";
import { CONTEXT_SQL, WRITE_SQL } from "./ingest-sql";
import { planEvents, type IncomingEvent, type StoredEvent } from "./plan-batch";
import type { TelemetryTextMode } from "./privacy";

type Sql = Pick<SqlRunner, "query">;

export interface IngestEventsOptions {
  sql: Sql;
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

/** Deadlocks between two writes of one catalog are retried; the loser's statement was rolled back whole. */
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

interface Pending {
  batch: EventBatch;
  tokenId: string | null;
  now: Date;
  done: (result: EventBatchResult | Error) => void;
}

/** One catalog's writes in this process: at most one statement in flight, the batches that came meanwhile. */
interface Lane {
  waiting: Pending[];
}

/** Batches written together at most: the statement's JSON stays a few MB. */
const MAX_EVENTS_PER_WRITE = 2_000;
const lanes = new WeakMap<Sql, Map<string, Lane>>();

/**
 * Stores a validated batch: events new to the catalog (by client id) are stored, the rest skipped, so a retried
 * batch is never counted twice. No transaction: one read (the catalog's text mode, the stored events the batch
 * links to), links made in memory (plan-batch.ts), one atomic statement that writes the events and their day
 * counters. Batches of one catalog that arrive while its statement runs are written together by the next one
 * (group commit): under load agents share statements instead of queueing behind each other's counter rows.
 */
export function ingestEvents({
  sql,
  catalogId,
  tokenId,
  batch,
  now = new Date(),
}: IngestEventsOptions): Promise<EventBatchResult> {
  return new Promise((resolve, reject) => {
    const pending: Pending = {
      batch,
      tokenId,
      now,
      done: (result) => (result instanceof Error ? reject(result) : resolve(result)),
    };
    const byCatalog = lanes.get(sql) ?? lanes.set(sql, new Map()).get(sql)!;
    const lane = byCatalog.get(catalogId);
    if (lane) return void lane.waiting.push(pending);
    const started: Lane = { waiting: [pending] };
    byCatalog.set(catalogId, started);
    void drain(sql, catalogId, started, byCatalog);
  });
}

/** Writes the lane's batches until none wait; it is removed in the same tick as it is found empty. */
async function drain(sql: Sql, catalogId: string, lane: Lane, byCatalog: Map<string, Lane>): Promise<void> {
  while (lane.waiting.length > 0) {
    let events = 0;
    const group: Pending[] = [];
    while (
      lane.waiting.length > 0 &&
      (group.length === 0 || events + lane.waiting[0]!.batch.events.length <= MAX_EVENTS_PER_WRITE)
    ) {
      const next = lane.waiting.shift()!;
      events += next.batch.events.length;
      group.push(next);
    }
    try {
      const results = await withRetry(() => writeBatches(sql, catalogId, group));
      group.forEach((pending, index) => pending.done(results[index]!));
    } catch (error) {
      // One batch's data may be what the database refused: alone, each of the others can still be stored.
      if (group.length === 1) group[0]!.done(error instanceof Error ? error : new Error(String(error)));
      else
        for (const pending of group)
          await writeBatches(sql, catalogId, [pending]).then(
            ([result]) => pending.done(result!),
            (alone: unknown) => pending.done(alone instanceof Error ? alone : new Error(String(alone))),
          );
    }
  }
  byCatalog.delete(catalogId);
}

const distinct = (values: Array<string | null | undefined>) => [...new Set(values.filter((v): v is string => !!v))];

/** Writes batches of one catalog in one read and one statement; answers each batch's own counts. */
async function writeBatches(sql: Sql, catalogId: string, group: Pending[]): Promise<EventBatchResult[]> {
  const incoming: IncomingEvent[] = [];
  const owner: number[] = [];
  const seen = new Set<string>();
  group.forEach(({ batch, tokenId, now }, index) => {
    const receivedAt = now.toISOString();
    for (const event of batch.events) {
      if (seen.has(event.id)) continue; // sent twice at once (a client's retry): the first copy is the one stored
      seen.add(event.id);
      incoming.push({ event, id: newEventId(now.getTime()), at: event.at ?? receivedAt, receivedAt, tokenId });
      owner.push(index);
    }
  });
  const events = incoming.map((e) => e.event);
  const calls = events.filter((event) => event.type === "call");
  const found = await sql.query<StoredEvent & { mode: TelemetryTextMode }>(CONTEXT_SQL, [
    catalogId,
    distinct(events.map((event) => event.conversationId)),
    distinct(calls.filter((call) => !call.searchEventId).map((call) => call.toolId)),
    distinct(calls.map((call) => call.searchEventId)),
    distinct(events.map((event) => (event.type === "search" ? null : event.callId))),
  ]);
  const { rows, counters } = planEvents(
    incoming,
    found.filter((row) => row.id !== null),
    found[0]?.mode ?? "redacted",
  );
  for (const { batch, now } of group)
    if (batch.dropped) counters.add("", dayOf(now), 0, "sdk.dropped", "", 0, batch.dropped);
  const inserted = new Set(
    (await sql.query<{ id: string }>(WRITE_SQL, [catalogId, JSON.stringify(rows), ...counters.columns()])).map(
      (row) => row.id,
    ),
  );
  const stored = group.map(() => 0);
  incoming.forEach((event, index) => inserted.has(event.id) && stored[owner[index]!]!++);
  return group.map(({ batch }, index) => ({
    accepted: batch.events.length,
    stored: stored[index]!,
    duplicates: batch.events.length - stored[index]!,
  }));
}
