/**
 * The day counters, kept by ingest in the same statement as the events, so Insights sums a few thousand rows
 * however many events there are. "AgentDailyCount" has one row per (catalog, UTC day, snapshot version, tool)
 * and a column per metric (COUNT_COLUMNS; `toolId` "" holds the catalog-wide metrics), so a batch upserts about
 * one row per tool it touches; the two bucketed metrics (BUCKET_METRICS) are histograms in "AgentDailyBucket",
 * one row per (catalog, day, version, metric, bucket). `bucket` is 0 unless noted.
 */
export const DAILY_METRICS = [
  "search", // searches
  "search.empty", // searches that returned no tool
  "search.weak", // searches whose hits were all weak
  "search.repeated", // searches after an earlier search of the same conversation
  "search.followed", // searches followed by a call of a tool they returned
  "search.latency", // bucket = latencyBucket(ms)
  "call", // calls
  "call.unreturned", // calls of a tool the search they followed did not return
  "call.rank", // bucket = the called tool's rank in that search
  "call.finished", // calls with a reported outcome
  "call.ok", // … that succeeded
  "tool.returned", // per tool: searches that returned it
  "tool.called", // per tool: calls
  "tool.ranked", // per tool: calls of it after a search that returned it
  "tool.rankSum", // per tool: the sum of those calls' ranks (count is a sum here)
  "tool.ok", // per tool: successful calls
  "sdk.dropped", // events clients dropped (their queue was full), as they reported
] as const;
export type DailyMetric = (typeof DAILY_METRICS)[number];

/** The metrics kept as histograms (bucket → count) in "AgentDailyBucket". */
export const BUCKET_METRICS = ["search.latency", "call.rank"] as const satisfies readonly DailyMetric[];
export type BucketMetric = (typeof BUCKET_METRICS)[number];

/** The column of "AgentDailyCount" that holds each other metric (the Prisma model AgentDailyCount names them). */
export const COUNT_COLUMNS = {
  search: "searches",
  "search.empty": "empty",
  "search.weak": "weak",
  "search.repeated": "repeated",
  "search.followed": "followed",
  call: "calls",
  "call.unreturned": "unreturned",
  "call.finished": "finished",
  "call.ok": "ok",
  "tool.returned": "returned",
  "tool.called": "called",
  "tool.ranked": "ranked",
  "tool.rankSum": "rankSum",
  "tool.ok": "toolOk",
  "sdk.dropped": "dropped",
} as const satisfies Record<Exclude<DailyMetric, BucketMetric>, string>;
export type CountColumn = (typeof COUNT_COLUMNS)[keyof typeof COUNT_COLUMNS];

export interface CounterKey {
  day: string; // YYYY-MM-DD (UTC)
  version: number;
  metric: DailyMetric;
  toolId?: string;
  bucket?: number;
}

/** Quarter-octave buckets (about ±9 %): bucket b covers latencies up to 2^(b/4) − 1 ms. */
export function latencyBucket(ms: number): number {
  return Math.max(0, Math.ceil(4 * Math.log2(ms + 1)));
}

export function bucketUpperMs(bucket: number): number {
  return 2 ** (bucket / 4) - 1;
}

export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Moves one counter of an event's day and version by `count` (default 1); toolId "" and bucket 0 unless given. */
export type Tally = (metric: DailyMetric, toolId?: string, bucket?: number, count?: number) => void;

/** An event as ingest writes it, linked (see plan-batch.ts). */
export interface NewEventRow {
  kind: "search" | "call" | "outcome";
  returnedIds?: string[];
  weakOnly?: boolean | null;
  repeated?: boolean;
  followed?: boolean;
  latencyMs?: number | null;
  toolId?: string | null;
  rank?: number | null;
  ok?: boolean | null;
}

/**
 * The counters a new event moves, from its state as written: a search followed or a call settled within its own
 * batch counts here; a stored row that a later batch marks is counted by that batch's statement (ingest-sql.ts).
 */
export function tallyNewEvent(add: Tally, row: NewEventRow): void {
  if (row.kind === "search") {
    add("search");
    const returnedIds = row.returnedIds ?? [];
    if (returnedIds.length === 0) add("search.empty");
    if (row.weakOnly) add("search.weak");
    if (row.repeated) add("search.repeated");
    if (row.followed) add("search.followed");
    if (row.latencyMs != null) add("search.latency", "", latencyBucket(row.latencyMs));
    for (const toolId of new Set(returnedIds)) add("tool.returned", toolId);
  } else if (row.kind === "call" && row.toolId) {
    add("call");
    add("tool.called", row.toolId);
    if (row.rank == null) add("call.unreturned");
    else {
      add("call.rank", "", row.rank);
      add("tool.ranked", row.toolId);
      add("tool.rankSum", row.toolId, 0, row.rank);
    }
    if (row.ok != null) add("call.finished");
    if (row.ok) add("call.ok"), add("tool.ok", row.toolId);
  }
}

/** One "AgentDailyCount" row's increments (absent columns add 0). */
export type CountRow = { day: string; version: number; toolId: string } & Partial<Record<CountColumn, number>>;
/** One "AgentDailyBucket" row's increment. */
export interface BucketRow {
  day: string;
  version: number;
  metric: BucketMetric;
  bucket: number;
  count: number;
}

const isBucketMetric = (metric: DailyMetric): metric is BucketMetric =>
  (BUCKET_METRICS as readonly DailyMetric[]).includes(metric);

/** Counter increments summed in memory into the rows they move, so the write upserts each row once. */
export class DayCounterSums {
  readonly #counts = new Map<string, CountRow>();
  readonly #buckets = new Map<string, BucketRow>();

  add(day: string, version: number, metric: DailyMetric, toolId = "", bucket = 0, count = 1): void {
    if (count === 0) return;
    if (isBucketMetric(metric)) {
      const key = `${day}\u0000${version}\u0000${metric}\u0000${bucket}`;
      const row = this.#buckets.get(key);
      if (row) row.count += count;
      else this.#buckets.set(key, { day, version, metric, bucket, count });
      return;
    }
    const key = `${day}\u0000${version}\u0000${toolId}`;
    let row = this.#counts.get(key);
    if (!row) this.#counts.set(key, (row = { day, version, toolId }));
    const column = COUNT_COLUMNS[metric];
    row[column] = (row[column] ?? 0) + count;
  }

  get counts(): CountRow[] {
    return [...this.#counts.values()];
  }

  get buckets(): BucketRow[] {
    return [...this.#buckets.values()];
  }
}
