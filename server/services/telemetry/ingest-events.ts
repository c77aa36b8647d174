import { randomBytes } from "node:crypto";
import type { EventBatch, EventBatchResult } from "@/sdk/telemetry-events";
import type { SqlRunner } from "../../db/migrate";
import { CONTEXT_SQL, WRITE_SQL } from "./ingest-sql";
import { planBatch, type StoredEvent } from "./plan-batch";
import type { TelemetryTextMode } from "./privacy";

export interface IngestEventsOptions {
  sql: Pick<SqlRunner, "query">;
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

/** Deadlocks between two batches of one catalog are retried; the loser's statement was rolled back whole. */
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

const distinct = (values: Array<string | null | undefined>) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * Stores a validated batch in two statements and no transaction, so concurrent agents never wait on each other's
 * locks beyond one statement: read the catalog's text mode and the stored events the batch links to, link it in
 * memory (plan-batch.ts), then insert it with its day counters in one atomic statement. Events new to the catalog
 * (by client id) are stored, the rest skipped: a retried batch is never counted twice.
 */
export async function ingestEvents({
  sql,
  catalogId,
  tokenId,
  batch,
  now = new Date(),
}: IngestEventsOptions): Promise<EventBatchResult> {
  const { events } = batch;
  const calls = events.filter((event) => event.type === "call");
  const context = [
    catalogId,
    distinct(events.map((event) => event.conversationId)),
    distinct(calls.filter((call) => !call.searchEventId).map((call) => call.toolId)),
    distinct(calls.map((call) => call.searchEventId)),
    distinct(events.map((event) => (event.type === "search" ? null : event.callId))),
  ];
  return withRetry(async () => {
    const found = await sql.query<StoredEvent & { mode: TelemetryTextMode }>(CONTEXT_SQL, context);
    const stored = found.filter((row) => row.id !== null);
    const ids = newEventIds(events.length, now.getTime());
    const { rows, contributions } = planBatch(events, stored, ids, found[0]?.mode ?? "redacted", now, batch.dropped);
    const column = <K extends keyof (typeof contributions)[number]>(key: K) => contributions.map((c) => c[key]);
    const [written] = await sql.query<{ stored: number }>(WRITE_SQL, [
      catalogId,
      now.toISOString(),
      tokenId,
      JSON.stringify(rows),
      ...(["eventId", "day", "version", "metric", "toolId", "bucket", "count"] as const).map(column),
    ]);
    const storedCount = written?.stored ?? 0;
    return { accepted: events.length, stored: storedCount, duplicates: events.length - storedCount };
  });
}
