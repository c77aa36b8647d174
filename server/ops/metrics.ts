import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (prom-client). One registry per process on `globalThis`: Next.js bundles this
 * module once for instrumentation.ts and again for route handlers, and both must count into the same metrics.
 * Served on `/metrics` (bearer STOCKROOM_METRICS_TOKEN) or on STOCKROOM_METRICS_PORT (server/ops/ops-routes.ts).
 */

/** Request and query durations: 1 ms to 10 s. */
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a sampled gauge reads at scrape time (a pool's or the PGlite thread's state). */
export interface SampledSource {
  label: string;
  read(): number;
}

type Registers = Registry[];

function requestMetrics(registers: Registers) {
  return {
    trpcRequests: new Counter({
      name: "stockroom_trpc_requests_total",
      help: "tRPC procedure calls, by procedure and outcome (ok or the tRPC error code).",
      labelNames: ["procedure", "outcome"],
      registers,
    }),
    trpcSeconds: new Histogram({
      name: "stockroom_trpc_request_duration_seconds",
      help: "Time to answer a tRPC procedure call.",
      labelNames: ["procedure"],
      buckets: SECONDS,
      registers,
    }),
    agentRequests: new Counter({
      name: "stockroom_agent_requests_total",
      help: "Agent API requests, by route (its operationId, or unmatched) and HTTP status.",
      labelNames: ["route", "status"],
      registers,
    }),
    agentSeconds: new Histogram({
      name: "stockroom_agent_request_duration_seconds",
      help: "Time to answer an agent API request, by route.",
      labelNames: ["route"],
      buckets: SECONDS,
      registers,
    }),
    httpRequests: new Counter({
      name: "stockroom_http_requests_total",
      help: "Every HTTP request the node:http front answered, by method and status class.",
      labelNames: ["method", "status"],
      registers,
    }),
  };
}

function databaseMetrics(registers: Registers) {
  const sources = {
    poolTotal: new Set<SampledSource>(),
    poolIdle: new Set<SampledSource>(),
    poolWaiting: new Set<SampledSource>(),
    pgliteQueue: new Set<SampledSource>(),
  };
  const sampled = (name: string, help: string, set: Set<SampledSource>) =>
    new Gauge({
      name,
      help,
      labelNames: ["database"],
      registers,
      collect() {
        this.reset();
        for (const source of set) this.set({ database: source.label }, source.read());
      },
    });
  return {
    sources,
    dbQuerySeconds: new Histogram({
      name: "stockroom_db_query_duration_seconds",
      help: "Time of one database statement issued through Prisma, by database kind.",
      labelNames: ["database"],
      buckets: SECONDS,
      registers,
    }),
    poolTotal: sampled("stockroom_db_pool_connections", "Open Postgres pool connections.", sources.poolTotal),
    poolIdle: sampled("stockroom_db_pool_idle_connections", "Idle Postgres pool connections.", sources.poolIdle),
    poolWaiting: sampled(
      "stockroom_db_pool_waiting_clients",
      "Queries waiting for a Postgres pool connection.",
      sources.poolWaiting,
    ),
    pgliteQueue: sampled(
      "stockroom_pglite_queue_depth",
      "Calls sent to the embedded database's thread and not yet answered.",
      sources.pgliteQueue,
    ),
  };
}

function workMetrics(registers: Registers) {
  return {
    eventBatches: new Counter({
      name: "stockroom_event_batches_total",
      help: "Agent event batches ingested (stored, or failed).",
      labelNames: ["outcome"],
      registers,
    }),
    events: new Counter({
      name: "stockroom_events_total",
      help: "Agent events received, by fate: stored, duplicate (already stored) or dropped (by the SDK, as reported).",
      labelNames: ["fate"],
      registers,
    }),
    cacheLookups: new Counter({
      name: "stockroom_cache_lookups_total",
      help: "Look-ups in the named in-process caches (server/cache/bounded-cache.ts), hit or miss.",
      labelNames: ["cache", "result"],
      registers,
    }),
    catalogRuns: new Counter({
      name: "stockroom_catalog_runs_total",
      help: "Catalog check and sync runs, by kind and outcome.",
      labelNames: ["kind", "outcome"],
      registers,
    }),
    catalogRunSeconds: new Histogram({
      name: "stockroom_catalog_run_duration_seconds",
      help: "Time of a catalog check or sync run.",
      labelNames: ["kind"],
      buckets: [0.01, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
      registers,
    }),
  };
}

function createMetrics(registry: Registry) {
  const registers = [registry];
  return { registry, ...requestMetrics(registers), ...databaseMetrics(registers), ...workMetrics(registers) };
}

export type Metrics = ReturnType<typeof createMetrics>;

const globalForMetrics = globalThis as unknown as { stockroomMetrics?: Metrics };

/** This process's metrics (made on first use, with Node's default process metrics). */
export function metrics(): Metrics {
  if (!globalForMetrics.stockroomMetrics) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: "stockroom_" });
    globalForMetrics.stockroomMetrics = createMetrics(registry);
  }
  return globalForMetrics.stockroomMetrics;
}

/** The exposition text and its content type, for a scrape. */
export async function scrapeMetrics(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** Adds a gauge source (a pool, a PGlite thread) until the returned function removes it. */
export function sampleWhileOpen(kind: keyof Metrics["sources"], source: SampledSource): () => void {
  const set = metrics().sources[kind];
  set.add(source);
  return () => set.delete(source);
}

/** The time since `started` (from `performance.now()`), in seconds. */
export const secondsSince = (started: number) => (performance.now() - started) / 1000;

/** A catalog check (Health, review, a version's counts) or a step of a source sync (its preview, its apply). */
export type CatalogRunKind = "check" | "sync-preview" | "sync";

/** Counts and times one run, failed when it throws (`stockroom_catalog_runs_total`, `…_duration_seconds`). */
export function recordCatalogRun(run: { kind: CatalogRunKind; outcome: "ok" | "failed"; seconds: number }): void {
  const m = metrics();
  m.catalogRuns.inc({ kind: run.kind, outcome: run.outcome });
  m.catalogRunSeconds.observe({ kind: run.kind }, run.seconds);
}

/** Runs `run` (synchronous or async) as a catalog run of `kind`: see `recordCatalogRun`. */
export function timeCatalogRun<T>(kind: CatalogRunKind, run: () => T): T {
  const started = performance.now();
  const done = (outcome: "ok" | "failed") => recordCatalogRun({ kind, outcome, seconds: secondsSince(started) });
  let result: T;
  try {
    result = run();
  } catch (error) {
    done("failed");
    throw error;
  }
  if (!(result instanceof Promise)) {
    done("ok");
    return result;
  }
  return result.then(
    (value) => {
      done("ok");
      return value;
    },
    (error: unknown) => {
      done("failed");
      throw error;
    },
  ) as T;
}
