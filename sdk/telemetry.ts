// Background reporting of what an agent searched and called (`POST …/events`). Nothing here may block or fail
// the agent: events wait in a bounded queue, go out in batches on a timer, back off on 429/5xx and network
// errors, drop the oldest when the queue is full (counted, reported with the next batch) and flush on close().
import { pathOf } from "../domain/agent-api/route-spec";
import { postEventsRoute } from "../domain/agent-api/routes";
import { originOf, type ApiTarget } from "./http-client";
import { retryAfterMsOf } from "./retry";
import { EVENT_BATCH_LIMITS, type AgentEvent, type EventBatchResult } from "../domain/agent-events";

export interface TelemetryOptions {
  /** Ties this agent's events together until `setConversationId` changes it; default: a random id. */
  conversationId?: string;
  /** Events kept while the server is slow or away; beyond it the oldest go (default 10,000). */
  maxQueue?: number;
  /** How often queued events are sent (default 2,000 ms). */
  flushIntervalMs?: number;
  /** Events per request (default 500, at most 1,000). */
  maxBatch?: number;
}

export interface TelemetryStats {
  queued: number;
  sent: number;
  /** Dropped because the queue was full, since start. */
  dropped: number;
  /** Refused by the server (4xx other than 429): not retried, since resending cannot help. */
  rejected: number;
  failedAttempts: number;
}

const MAX_BACKOFF_MS = 60_000;
/** Below the server's 1 MB, leaving room for the envelope. */
const MAX_BATCH_BYTES = EVENT_BATCH_LIMITS.maxBytes - 10_000;

export function newEventId(): string {
  return globalThis.crypto.randomUUID();
}

type Queued = { event: AgentEvent; json: string };

/** A queue of events for one catalog and the loop that sends them. */
export class TelemetryReporter {
  private queue: Queued[] = [];
  private unreportedDrops = 0;
  private readonly stats: TelemetryStats = { queued: 0, sent: 0, dropped: 0, rejected: 0, failedAttempts: 0 };
  private retryAt = 0;
  private failures = 0;
  private inflight: Promise<void> | null = null;
  private readonly timer: ReturnType<typeof setInterval> | null;
  private closed = false;
  private readonly maxQueue: number;
  private readonly maxBatch: number;

  constructor(
    private readonly target: ApiTarget,
    options: TelemetryOptions = {},
  ) {
    this.maxQueue = Math.max(1, options.maxQueue ?? 10_000);
    this.maxBatch = Math.min(EVENT_BATCH_LIMITS.maxEvents, Math.max(1, options.maxBatch ?? 500));
    this.timer = setInterval(() => void this.flush(), Math.max(50, options.flushIntervalMs ?? 2000));
    // In Node, a pending report must not keep a finished agent alive; close() sends what is left.
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** Queues one event (never throws); a full queue drops its oldest event. */
  record(event: AgentEvent): void {
    if (this.closed) return;
    this.queue.push({ event, json: JSON.stringify(event) });
    while (this.queue.length > this.maxQueue) {
      this.queue.shift();
      this.unreportedDrops++;
      this.stats.dropped++;
    }
    if (this.queue.length >= this.maxBatch) void this.flush();
  }

  snapshotStats(): TelemetryStats {
    return { ...this.stats, queued: this.queue.length };
  }

  /** Sends what is queued, one batch at a time; stops at the first failure (the timer tries again later). */
  flush(): Promise<void> {
    this.inflight ??= this.drain().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /** Stops the timer and sends what is left (one attempt per batch, errors swallowed). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.inflight;
    this.retryAt = 0;
    await this.flush();
    this.closed = true;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && Date.now() >= this.retryAt) {
      const batch = this.takeBatch();
      const ok = await this.send(batch);
      if (!ok) return;
    }
  }

  private takeBatch(): Queued[] {
    let bytes = 0;
    let count = 0;
    while (count < this.queue.length && count < this.maxBatch) {
      bytes += this.queue[count]!.json.length + 1;
      if (bytes > MAX_BATCH_BYTES && count > 0) break;
      count++;
    }
    return this.queue.splice(0, count);
  }

  /** true: done with this batch (sent, or refused for good); false: put back and back off. */
  private async send(batch: Queued[]): Promise<boolean> {
    const dropped = this.unreportedDrops;
    const body = `{"events":[${batch.map((q) => q.json).join(",")}]${dropped > 0 ? `,"dropped":${dropped}` : ""}}`;
    let status = 0;
    let retryAfter = 0;
    try {
      const response = await (this.target.fetch ?? fetch)(eventsUrl(this.target), {
        method: "POST",
        headers: {
          authorization: `Bearer ${this.target.token}`,
          "content-type": "application/json",
          accept: "application/json",
        },
        body,
      });
      status = response.status;
      retryAfter = (retryAfterMsOf(response.headers.get("retry-after")) ?? 0) / 1000;
      if (response.ok) (await response.json()) as EventBatchResult;
      // Over a bound on stored events: the server counted the batch as dropped; resending would count it twice.
      else if (status === 429 && (await droppedByServer(response))) status = 413;
    } catch {
      status = 0; // network error, or a body that is not JSON: try again later
    }
    if (status >= 200 && status < 300) {
      this.unreportedDrops -= dropped;
      this.stats.sent += batch.length;
      this.failures = 0;
      return true;
    }
    if (status !== 0 && status !== 429 && status < 500) {
      this.unreportedDrops -= dropped;
      this.stats.rejected += batch.length;
      return true;
    }
    this.stats.failedAttempts++;
    this.failures++;
    this.requeue(batch);
    const backoff = Math.min(MAX_BACKOFF_MS, 500 * 2 ** (this.failures - 1)) * (0.5 + Math.random() / 2);
    this.retryAt = Date.now() + Math.max(backoff, retryAfter * 1000);
    return false;
  }

  /** A failed batch goes back to the front, within the bound: if new events filled the queue, the oldest go. */
  private requeue(batch: Queued[]): void {
    this.queue = [...batch, ...this.queue];
    const excess = this.queue.length - this.maxQueue;
    if (excess > 0) {
      this.queue.splice(0, excess);
      this.unreportedDrops += excess;
      this.stats.dropped += excess;
    }
  }
}

/** Whether a refusal says the server counted the batch's events as dropped (a bound on stored events). */
async function droppedByServer(response: Response): Promise<boolean> {
  try {
    const body = (await response.json()) as { error?: { droppedEvents?: unknown } };
    return typeof body.error?.droppedEvents === "number";
  } catch {
    return false;
  }
}

export function eventsUrl(target: Pick<ApiTarget, "url" | "team" | "catalog">): string {
  return originOf(target) + pathOf(postEventsRoute, target);
}
