// For bench:events: the agents that POST event batches, run in a worker thread (`startEventAgents`) so their own
// JSON and HTTP client work stays off the server's event loop, as real agents are other processes.
import { once } from "node:events";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

export const EVENT_BATCH = 100;

/** Conversations of a search, the call after it and its outcome, `size` events (ids unique per run). */
export function batchOf(agent: number, seq: number, size = EVENT_BATCH): unknown[] {
  const events: unknown[] = [];
  for (let i = 0; events.length < size; i++) {
    const id = `a${agent}-${seq}-${i}`;
    const conversationId = `c${agent}-${seq}-${i}`;
    const tools = [
      `ns${i % 7}.tool_${(seq + i) % 40}`,
      `ns${i % 5}.tool_${(seq + 2 * i) % 40}`,
      `ns${i % 3}.tool_${(seq + 3 * i) % 40}`,
    ];
    events.push({
      type: "search",
      id: `${id}-s`,
      conversationId,
      query: `find the tool for task ${i % 50} of order ${seq}`,
      snapshotVersion: 1,
      latencyMs: 0.5 + (i % 10) / 10,
      hits: tools.map((tool, r) => ({ id: tool, rank: r + 1, score: 10 - r, strength: r === 0 ? "strong" : "weak" })),
    });
    if (events.length < size)
      events.push({ type: "call", id: `${id}-c`, conversationId, callId: `${id}-call`, toolId: tools[i % 3] });
    if (events.length < size)
      events.push({ type: "outcome", id: `${id}-o`, conversationId, callId: `${id}-call`, ok: i % 4 !== 0 });
  }
  return events;
}

export interface AgentsOptions {
  url: string;
  secret: string;
  agents: number;
  /** Events per second over all agents. */
  rate: number;
  /** The measured run, after the warm-up. */
  seconds: number;
  /**
   * First this long at the same rate, unmeasured (its events are sent and stored as any): the run measures a warm
   * server, as a long-running one is. A cold server's first burst (JIT, first plans, connections) is reported
   * apart, as `coldMaxMs`.
   */
  warmupSeconds?: number;
}

export interface AgentsResult {
  /** Events accepted, warm-up included (the stored count must equal it). */
  sent: number;
  failed: number;
  /** Events accepted in the measured run, and its length. */
  measuredSent: number;
  seconds: number;
  /** Per batch of the measured run, from sending the request to reading the whole answer. */
  latencies: number[];
  /** The slowest batch of the warm-up's first burst (one batch per agent): what a cold server answers. */
  coldMaxMs: number;
}

interface Window {
  measureFrom: number;
  deadline: number;
  latencies: number[];
  cold: number[];
}

async function runAgent(options: AgentsOptions, agent: number, window: Window) {
  const interval = (1000 * EVENT_BATCH * options.agents) / options.rate;
  let sent = 0;
  let measuredSent = 0;
  let failed = 0;
  for (let seq = 0, next = Date.now(); Date.now() < window.deadline; seq++) {
    const measured = Date.now() >= window.measureFrom;
    const body = JSON.stringify({ events: batchOf(agent, seq) });
    const started = performance.now();
    const response = await fetch(options.url, {
      method: "POST",
      headers: { authorization: `Bearer ${options.secret}`, "content-type": "application/json" },
      body,
    });
    await response.arrayBuffer();
    const took = performance.now() - started;
    if (measured) window.latencies.push(took);
    else if (seq === 0) window.cold.push(took);
    if (response.status === 202) {
      sent += EVENT_BATCH;
      if (measured) measuredSent += EVENT_BATCH;
    } else failed++;
    next += interval;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
  }
  return { sent, measuredSent, failed };
}

async function runAgents(options: AgentsOptions): Promise<AgentsResult> {
  const started = Date.now();
  const measureFrom = started + (options.warmupSeconds ?? 0) * 1000;
  const window = { measureFrom, deadline: measureFrom + options.seconds * 1000, latencies: [], cold: [] };
  const results = await Promise.all(
    Array.from({ length: options.agents }, (_, agent) => runAgent(options, agent, window)),
  );
  const sum = (pick: (r: (typeof results)[number]) => number) => results.reduce((total, r) => total + pick(r), 0);
  return {
    sent: sum((r) => r.sent),
    failed: sum((r) => r.failed),
    measuredSent: sum((r) => r.measuredSent),
    seconds: (Date.now() - measureFrom) / 1000,
    latencies: window.latencies,
    coldMaxMs: Math.max(0, ...window.cold),
  };
}

/** Runs the agents in a worker thread and resolves with what they measured. */
export async function startEventAgents(options: AgentsOptions): Promise<AgentsResult> {
  // A worker does not inherit tsx's loader from the command line: it registers it, then loads this file.
  const entry = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(entry, { eval: true, workerData: options });
  const [result] = (await once(worker, "message")) as [AgentsResult];
  await worker.terminate();
  return result;
}

// Only in the agents' own worker: the flood's worker (event-flood.ts) imports batchOf from here too.
if (!isMainThread && parentPort && (workerData as Partial<AgentsOptions> | null)?.agents)
  parentPort.postMessage(await runAgents(workerData as AgentsOptions));
