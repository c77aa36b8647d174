// For `bench:events --part flood`: one account flooding the events route, run in a worker thread (`startEventFlood`)
// so its JSON and HTTP client work stays off the bench's measuring thread, as a real flooding agent is another
// process. `inFlight` loops each POST a `batchEvents`-event batch, and the next as soon as it is answered; a 429
// is waited out for its Retry-After (the token's rate limit and a busy ingest both send one), as the SDKs do.
import { once } from "node:events";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { batchOf } from "./event-agents";

export interface FloodOptions {
  url: string;
  secret: string;
  inFlight: number;
  batchEvents: number;
  /** Flooding before the measured window begins (its answers not counted). */
  warmupSeconds: number;
  seconds: number;
}

/** Events of the measured window by what the server answered. */
export interface FloodResult {
  seconds: number;
  requests: number;
  /** In 202 answers (stored or duplicates). */
  accepted: number;
  /** 429 "ingest is busy" (resend later). */
  busy: number;
  /** 429 for the token's rate limit, or a bound on stored events. */
  limited: number;
  /** Any other status (none is expected). */
  other: number;
  statuses: Record<string, number>;
}

type Fate = "accepted" | "busy" | "limited" | "other";

async function post(
  options: FloodOptions,
  loop: number,
  seq: number,
): Promise<{ fate: Fate; status: number; waitMs: number }> {
  const response = await fetch(options.url, {
    method: "POST",
    headers: { authorization: `Bearer ${options.secret}`, "content-type": "application/json" },
    body: JSON.stringify({ events: batchOf(1000 + loop, seq, options.batchEvents) }),
  });
  const text = await response.text();
  const { status } = response;
  if (status === 202) return { fate: "accepted", status, waitMs: 0 };
  if (status !== 429) return { fate: "other", status, waitMs: 0 };
  const waitMs = Number(response.headers.get("retry-after") ?? "1") * 1000;
  return { fate: /busy/i.test(text) ? "busy" : "limited", status, waitMs };
}

async function flood(options: FloodOptions): Promise<FloodResult> {
  const measureFrom = Date.now() + options.warmupSeconds * 1000;
  const deadline = measureFrom + options.seconds * 1000;
  const result: FloodResult = {
    seconds: options.seconds,
    requests: 0,
    accepted: 0,
    busy: 0,
    limited: 0,
    other: 0,
    statuses: {},
  };
  async function loop(index: number) {
    for (let seq = 0; Date.now() < deadline; seq++) {
      const { fate, status, waitMs } = await post(options, index, seq).catch(() => ({
        fate: "other" as const,
        status: 0,
        waitMs: 100,
      }));
      if (Date.now() >= measureFrom && Date.now() < deadline) {
        result.requests++;
        result[fate] += options.batchEvents;
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      }
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(waitMs, deadline - Date.now())));
    }
  }
  await Promise.all(Array.from({ length: options.inFlight }, (_, index) => loop(index)));
  return result;
}

/** Runs the flood in a worker thread; resolves with what it was answered once its window has passed. */
export async function startEventFlood(options: FloodOptions): Promise<FloodResult> {
  // A worker does not inherit tsx's loader from the command line: it registers it, then loads this file.
  const entry = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(entry, { eval: true, workerData: options });
  const [result] = (await once(worker, "message")) as [FloodResult];
  await worker.terminate();
  return result;
}

if (!isMainThread && parentPort && (workerData as { inFlight?: number } | null)?.inFlight)
  parentPort.postMessage(await flood(workerData as FloodOptions));
