import { randomBytes } from "node:crypto";
import type { EventBatch, EventBatchResult } from "@/domain/agent-events";
import type { SqlRunner } from "../../db/migrate";
import { metrics } from "../../ops/metrics";
import { CONTEXT_SQL, WRITE_SQL } from "./ingest-sql";
import { type ArrivedBatch, planBatches, type StoredEvent } from "./plan-batch";
import type { TelemetryTextMode } from "./privacy";

type Sql = Pick<SqlRunner, "query" | "concurrency" | "background">;

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
  const lane = sql.background ?? sql;
  const found = await lane.query<StoredEvent & { mode: TelemetryTextMode }>(CONTEXT_SQL, [
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
  const { rows, counts, buckets, followed, settled } = planBatches(fresh, stored, found[0]?.mode ?? "redacted");
  if (rows.length > 0 || counts.length > 0) {
    const rowsJson = JSON.stringify(rows);
    await lane.query(WRITE_SQL, [
      catalogId,
      rowsJson,
      JSON.stringify(counts),
      JSON.stringify(buckets),
      followed,
      settled,
      Buffer.byteLength(rowsJson),
      batches[0]!.receivedAt.slice(0, 10),
    ]);
  }
  return fresh.map((batch, index) => {
    const accepted = batches[index]!.events.length;
    return { accepted, stored: batch.events.length, duplicates: accepted - batch.events.length };
  });
}

interface Waiting {
  batch: ArrivedBatch;
  /** What the batch's events link by: their client ids, conversations, call ids and the searches calls name. */
  keys: string[];
  resolve: (result: EventBatchResult) => void;
  reject: (error: unknown) => void;
}

/** Per database and catalog, present while a write is in flight: the batches waiting and the writes' keys. */
interface CatalogWrites {
  queue: Waiting[];
  writing: number;
  busy: Map<string, number>;
}

const writes = new WeakMap<Sql, Map<string, CatalogWrites>>();
/**
 * A write holds at most this many events: a batch (up to 1,000) is stored in parts of this size, and a group of
 * small batches stops growing here. Each write is one statement, so on PGlite, which runs one at a time, another
 * user's statement waits for one short write at most (the writes run in the database's background lane).
 */
export const WRITE_EVENTS = 200;
const GROUP_EVENTS = WRITE_EVENTS;
/**
 * Writes of one catalog in flight at once, where the database runs statements in parallel (Postgres). Their
 * batches share no key, so neither has to see the other's events; they still meet on the day counters' rows,
 * which each locks in key order.
 */
const PARALLEL_WRITES = 2;

function keysOf(events: ArrivedBatch["events"]): string[] {
  const keys = new Set<string>();
  for (const event of events) {
    keys.add(`e:${event.id}`);
    if (event.conversationId) keys.add(`c:${event.conversationId}`);
    if (event.type !== "search") keys.add(`k:${event.callId}`);
    if (event.type === "call" && event.searchEventId) keys.add(`e:${event.searchEventId}`);
  }
  return [...keys];
}

/**
 * The next group, in arrival order: batches that share no key with a write in flight or with an earlier batch
 * still waiting (so linked batches are written in order), up to an even share of the waiting events per writer
 * (at least one batch), so parallel writers split a burst instead of the first taking all of it.
 */
function takeGroup({ queue, busy }: CatalogWrites, writers: number): Waiting[] {
  const waitingEvents = queue.reduce((sum, waiting) => sum + waiting.batch.events.length, 0);
  const limit = Math.min(GROUP_EVENTS, Math.ceil(waitingEvents / writers));
  const held = new Set<string>();
  const group: Waiting[] = [];
  let events = 0;
  for (const waiting of queue) {
    const size = waiting.batch.events.length;
    if (waiting.keys.some((key) => busy.has(key) || held.has(key))) waiting.keys.forEach((key) => held.add(key));
    else if (group.length > 0 && events + size > limit) break;
    else {
      group.push(waiting);
      events += size;
    }
  }
  for (const waiting of group) queue.splice(queue.indexOf(waiting), 1);
  return group;
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

/** Starts writes for what waits, as writers and keys allow; each, when done, frees its keys and starts more. */
function pump(sql: Sql, catalogId: string, catalogs: Map<string, CatalogWrites>, state: CatalogWrites): void {
  const writers = Math.min(PARALLEL_WRITES, sql.concurrency ?? 1);
  while (state.writing < writers && state.queue.length > 0) {
    const group = takeGroup(state, writers);
    if (group.length === 0) return;
    state.writing++;
    const keys = group.flatMap((waiting) => waiting.keys);
    for (const key of keys) state.busy.set(key, (state.busy.get(key) ?? 0) + 1);
    void writeGroup(sql, catalogId, group).finally(() => {
      for (const key of keys) {
        const left = state.busy.get(key)! - 1;
        if (left === 0) state.busy.delete(key);
        else state.busy.set(key, left);
      }
      state.writing--;
      if (state.writing === 0 && state.queue.length === 0) catalogs.delete(catalogId);
      else pump(sql, catalogId, catalogs, state);
    });
  }
}

/** The arrived batch in parts of at most WRITE_EVENTS events; the drops it reports go with its last part. */
function partsOf(arrived: ArrivedBatch): ArrivedBatch[] {
  if (arrived.events.length <= WRITE_EVENTS) return [arrived];
  const parts: ArrivedBatch[] = [];
  for (let from = 0; from < arrived.events.length; from += WRITE_EVENTS) {
    const to = Math.min(arrived.events.length, from + WRITE_EVENTS);
    const last = to === arrived.events.length;
    const { receivedAt, tokenId, dropped } = arrived;
    const events = arrived.events.slice(from, to);
    parts.push({ events, ids: arrived.ids.slice(from, to), receivedAt, tokenId, ...(last && { dropped }) });
  }
  return parts;
}

/** Queues one part for its catalog's writers; resolves with its result once written. */
function enqueue(sql: Sql, catalogId: string, part: ArrivedBatch): Promise<EventBatchResult> {
  return new Promise<EventBatchResult>((resolve, reject) => {
    let catalogs = writes.get(sql);
    if (!catalogs) writes.set(sql, (catalogs = new Map()));
    let state = catalogs.get(catalogId);
    if (!state) catalogs.set(catalogId, (state = { queue: [], writing: 0, busy: new Map() }));
    state.queue.push({ batch: part, keys: keysOf(part.events), resolve, reject });
    pump(sql, catalogId, catalogs, state);
  });
}

/**
 * Stores a validated batch (see writeBatches). Group commit: per catalog in this process one write at a time on
 * PGlite, two on Postgres, and the batches that arrive meanwhile are written together by the next free writer, one
 * pair of statements for a group. PGlite runs one statement at a time, so concurrent agents would otherwise queue
 * behind each other's statements, each paying the per-statement cost; on Postgres a second writer takes half of a
 * burst while the first writes the other half. A batch over WRITE_EVENTS is written in parts, in order (they share
 * their conversations' keys), each whole: its events with their day counters. Should one part fail, the batch is
 * answered with the error and resending it stores the rest (the parts stored count as duplicates).
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
  return Promise.all(partsOf(arrived).map((part) => enqueue(sql, catalogId, part)))
    .then((results) =>
      results.reduce(
        (sum, r) => ({
          accepted: sum.accepted + r.accepted,
          stored: sum.stored + r.stored,
          duplicates: sum.duplicates + r.duplicates,
        }),
        { accepted: 0, stored: 0, duplicates: 0 },
      ),
    )
    .then(countBatch(batch.dropped ?? 0), (error: unknown) => {
      metrics().eventBatches.inc({ outcome: "failed" });
      throw error;
    });
}

/** The batch's events by fate, into `stockroom_events_total` (the ingest rate is its rate). */
const countBatch =
  (dropped: number) =>
  (result: EventBatchResult): EventBatchResult => {
    const { events, eventBatches } = metrics();
    eventBatches.inc({ outcome: "stored" });
    events.inc({ fate: "stored" }, result.stored);
    if (result.duplicates > 0) events.inc({ fate: "duplicate" }, result.duplicates);
    if (dropped > 0) events.inc({ fate: "dropped" }, dropped);
    return result;
  };
