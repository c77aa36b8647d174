import { randomBytes } from "node:crypto";
import type { EventBatch, EventBatchResult } from "@/sdk/telemetry-events";
import type { SqlRunner } from "../../db/migrate";
import { CONTEXT_SQL, WRITE_SQL } from "./ingest-sql";
import { type ArrivedBatch, planBatches, type StoredEvent } from "./plan-batch";
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
/**
 * Ids sortable within a process (time, counter, random), so events of one batch keep their order by id. The
 * random part is drawn once per batch: the counter already tells its events apart.
 */
function newEventIds(count: number, now: number): string[] {
  const time = `e${now.toString(36).padStart(9, "0")}`;
  const random = randomBytes(5).toString("hex");
  return Array.from({ length: count }, () => {
    counter = (counter + 1) % 36 ** 4;
    return `${time}${counter.toString(36).padStart(4, "0")}${random}`;
  });
}

/**
 * Retried: a deadlock between two writers of one catalog (the loser's statement was rolled back whole), and an
 * event stored before (the unique key refused the insert: a resent batch, or another writer's).
 */
async function withRetry<T>(run: (isRetry: boolean) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt > 1);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= attempts || (code !== "40P01" && code !== "40001" && code !== "23505")) throw error;
    }
  }
}

const distinct = (values: Array<string | null | undefined>) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * Stores batches of one catalog in two statements and no transaction, so concurrent writers never wait on each
 * other's locks beyond one statement: read the catalog's text mode and the stored events the batches link to, link
 * the new ones in memory and sum their day counters (plan-batch.ts), then insert them with their counters in one
 * atomic statement. An event already stored (by client id), or held by an earlier batch of the same write, is a
 * duplicate: a retried batch is never counted twice. The first try takes every event for new (the usual case);
 * when the unique key refuses one, the retry also reads which of them are stored (`lookUpStored`).
 */
async function writeBatches(
  sql: Sql,
  catalogId: string,
  batches: ArrivedBatch[],
  lookUpStored: boolean,
): Promise<EventBatchResult[]> {
  const all = batches.flatMap((batch) => batch.events);
  const calls = all.filter((event) => event.type === "call");
  const found = await sql.query<StoredEvent & { mode: TelemetryTextMode }>(CONTEXT_SQL, [
    catalogId,
    distinct(all.map((event) => event.conversationId)),
    distinct(calls.filter((call) => !call.searchEventId).map((call) => call.toolId)),
    distinct(calls.map((call) => call.searchEventId)),
    distinct(all.map((event) => (event.type === "search" ? null : event.callId))),
    lookUpStored ? all.map((event) => event.id) : [],
  ]);
  const stored = found.filter((row) => row.id !== null);
  const seen = new Set(stored.map((row) => row.clientEventId));
  const fresh = batches.map((batch) => {
    const isNew = batch.events.map((event) => !seen.has(event.id) && !!seen.add(event.id));
    if (isNew.every(Boolean)) return batch;
    const kept = <T>(values: T[]) => values.filter((_, index) => isNew[index]);
    return { ...batch, events: kept(batch.events), ids: kept(batch.ids) };
  });
  const { rows, counts, buckets } = planBatches(fresh, stored, found[0]?.mode ?? "redacted");
  if (rows.length > 0 || counts.length > 0)
    await sql.query(WRITE_SQL, [catalogId, JSON.stringify(rows), JSON.stringify(counts), JSON.stringify(buckets)]);
  return fresh.map((batch, index) => {
    const accepted = batches[index]!.events.length;
    return { accepted, stored: batch.events.length, duplicates: accepted - batch.events.length };
  });
}

interface Waiting {
  batch: ArrivedBatch;
  resolve: (result: EventBatchResult) => void;
  reject: (error: unknown) => void;
}

/** Per database, per catalog: the batches waiting for the write in flight (present while one is). */
const queues = new WeakMap<Sql, Map<string, Waiting[]>>();
/** A group stops growing at this many events (a batch holds up to 1,000), so one write stays short. */
const GROUP_EVENTS = 2_000;

/** Batches that arrived during one write, in order, up to GROUP_EVENTS events (at least one batch). */
function takeGroup(queue: Waiting[]): Waiting[] {
  let events = 0;
  let count = 0;
  while (count < queue.length && (count === 0 || events + queue[count]!.batch.events.length <= GROUP_EVENTS))
    events += queue[count++]!.batch.events.length;
  return queue.splice(0, count);
}

/** One write for the group; if it fails, each of its batches is written alone, so an error stays with its batch. */
async function writeGroup(sql: Sql, catalogId: string, group: Waiting[]): Promise<void> {
  try {
    const batches = group.map((waiting) => waiting.batch);
    const results = await withRetry((isRetry) => writeBatches(sql, catalogId, batches, isRetry));
    group.forEach((waiting, index) => waiting.resolve(results[index]!));
  } catch (error) {
    if (group.length === 1) group[0]!.reject(error);
    else for (const waiting of group) await writeGroup(sql, catalogId, [waiting]);
  }
}

/** Writes the waiting batch, and whatever arrives meanwhile in groups, until the catalog's queue is empty. */
async function drain(sql: Sql, catalogId: string, catalogs: Map<string, Waiting[]>, first: Waiting): Promise<void> {
  const queue: Waiting[] = [];
  catalogs.set(catalogId, queue);
  for (let group = [first]; group.length > 0; group = takeGroup(queue)) await writeGroup(sql, catalogId, group);
  catalogs.delete(catalogId);
}

/**
 * Stores a validated batch (see writeBatches). Group commit: one write at a time per catalog in this process, and
 * the batches that arrive while it runs are written together by the next, one pair of statements for all. On
 * PGlite, which runs one statement at a time, concurrent agents would otherwise queue behind each other's
 * statements, each paying the per-statement cost; on Postgres one connection per catalog is enough.
 */
export function ingestEvents({
  sql,
  catalogId,
  tokenId,
  batch,
  now = new Date(),
}: IngestEventsOptions): Promise<EventBatchResult> {
  const ids = newEventIds(batch.events.length, now.getTime());
  const arrived = { events: batch.events, ids, receivedAt: now.toISOString(), tokenId, dropped: batch.dropped };
  return new Promise((resolve, reject) => {
    let catalogs = queues.get(sql);
    if (!catalogs) queues.set(sql, (catalogs = new Map()));
    const waiting = { batch: arrived, resolve, reject };
    const queue = catalogs.get(catalogId);
    if (queue) queue.push(waiting);
    else void drain(sql, catalogId, catalogs, waiting);
  });
}
