// `npm run bench:events`: agent-event ingest and Insights at scale, on embedded PGlite and the Postgres server.
// Ingest: 8 concurrent agents POST batches over loopback HTTP to the agent API handler (the one `npm start` serves)
// at a fixed total rate (default 2,000 events/s for 60 s, after a 5 s warm-up at the same rate whose latencies are
// not counted; its first burst, a cold server's, is reported apart); per-batch latency p50/p99, and stored = sent
// (warm-up included). The peer
// is the bare INSERT of the same batches on the plain driver (no validation, links or day counters), the floor
// a batch pays. Insights: a catalog with 1,000,000 events over 30 days (generated in SQL, day counters built
// from them as ingest builds them) — the page's overview, failing-request tables and first events page, against
// the peer of the same overview aggregated from the raw events. The agents run in a worker thread (real agents
// are other processes), the API on the main thread and (on PGlite) the database in its own worker: all share
// this machine's cores.
// Options: --seconds N (60) --warmup N (5) --rate N (2000) --agents N (8) --events N (1000000) --db pglite|postgres|both
//          --part ingest|insights|both|retention|flood (both; each part writes its own section of docs/benchmarks.md)
//          --retention-events N (10000000): retention, not in "both": a catalog with N events over 30 days
//          (generated in SQL), its retention set to 14 days, then the hourly retention pass (delete-expired-events.ts)
//          timed: the first pass (about half the events expire) and the next (nothing to delete).
//          flood, not in "both": the server's node:http front (npm start's, without Next.js) on a fresh database;
//          another signed-in user's `team.mine` p50/p95 unloaded, then while one account floods its catalog's events
//          route (--flood-in-flight N (4) requests in flight of --flood-events N (1000) events each, each 429 waited
//          out for its Retry-After) for --flood-seconds N (20); that user pauses --pause-ms N (50) between requests.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "../server/db/open";
import { createNodeAgentHandler } from "../server/http/agent-dispatch";
import { createAgentToken } from "../server/services/tokens/create-agent-token";
import { TokenBucketLimiter } from "../server/services/tokens/rate-limit";
import { createTestDatabase, type TestDbKind } from "../server/testing/test-db";
import { writeBenchSection } from "./lib/bench-report";
import { batchOf, EVENT_BATCH, startEventAgents } from "./lib/event-agents";
import { seedScaleEvents, timeInsights } from "./lib/insights-scale";
import { deleteExpiredEvents } from "../server/services/insights/delete-expired-events";
import { benchFlood, type FloodBenchResult } from "./lib/ingest-flood";

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] ? argv[at + 1]! : fallback;
};
const SECONDS = Number(option("seconds", "60"));
const WARMUP = Number(option("warmup", "5"));
const RATE = Number(option("rate", "2000"));
const AGENTS = Number(option("agents", "8"));
const SCALE_EVENTS = Number(option("events", "1000000"));
const DBS: TestDbKind[] =
  option("db", "both") === "both" ? ["pglite", "postgres"] : [option("db", "both") as TestDbKind];
const PART = option("part", "both");
const RETENTION_EVENTS = Number(option("retention-events", "10000000"));
const FLOOD = {
  inFlight: Number(option("flood-in-flight", "4")),
  batchEvents: Number(option("flood-events", "1000")),
  seconds: Number(option("flood-seconds", "20")),
  pauseMs: Number(option("pause-ms", "50")),
};
const runs = (part: string) => PART === part || (PART === "both" && (part === "ingest" || part === "insights"));

const globals = globalThis as unknown as {
  stockroomDb?: Promise<DatabaseHandle>;
  stockroomAgentLimiter?: TokenBucketLimiter;
};
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

/**
 * Ingest runs where the app keeps its data: on PGlite a data directory on disk (as `npm start`), not `memory://`,
 * whose files Emscripten regrows by an eighth with a full copy each time (stalls a file-backed database never has).
 */
async function ingestDatabase(kind: TestDbKind) {
  if (kind !== "pglite") return createTestDatabase(kind);
  const dir = await mkdtemp(path.join(tmpdir(), "stockroom-bench-events-"));
  const handle = await openDatabase({ dataDir: path.join(dir, "pglite") });
  return {
    ...handle,
    async close() {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function benchIngest(kind: TestDbKind) {
  const handle = await ingestDatabase(kind);
  globals.stockroomDb = Promise.resolve(handle);
  globals.stockroomAgentLimiter = new TokenBucketLimiter(1_000_000);
  const server: Server = createServer(createNodeAgentHandler());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const team = await handle.db.team.create({ data: { slug: `bench-${Date.now()}`, name: "Bench" } });
    const catalog = await handle.db.catalog.create({ data: { teamId: team.id, slug: "events", name: "Events" } });
    const { secret } = await createAgentToken({
      db: handle.db,
      team,
      catalog,
      actor: { id: null, label: "bench" },
      name: "bench",
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/catalogs/${team.slug}/events/events`;
    const loadBefore = loadavg()[0]!;
    const { sent, measuredSent, failed, seconds, latencies, coldMaxMs } = await startEventAgents({
      url,
      secret,
      agents: AGENTS,
      rate: RATE,
      seconds: SECONDS,
      warmupSeconds: WARMUP,
    });
    const count =
      (
        await handle.sql.query<{ count: number }>(
          `SELECT count(*)::int AS "count" FROM "AgentEvent" WHERE "catalogId" = $1`,
          [catalog.id],
        )
      )[0]?.count ?? 0;
    const peer = await timeBareInserts(handle, catalog.id);
    return {
      kind,
      sent,
      stored: count,
      failed,
      rate: measuredSent / seconds,
      coldMax: coldMaxMs,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      peerP50: peer.p50,
      peerP99: peer.p99,
      load: `${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await handle.close();
  }
}

/** The peer: the same 100-event batches as one plain INSERT each, straight on the driver. */
async function timeBareInserts(handle: DatabaseHandle, catalogId: string) {
  await handle.sql.exec(
    `CREATE TEMP TABLE IF NOT EXISTS bench_peer (LIKE "AgentEvent" INCLUDING DEFAULTS INCLUDING INDEXES)`,
  );
  const times: number[] = [];
  for (let seq = 0; seq < 200; seq++) {
    const rows = batchOf(99, seq).map((e, i) => ({ ...(e as object), id: `peer-${seq}-${i}` }));
    const started = performance.now();
    await handle.sql.query(
      `INSERT INTO bench_peer ("id", "catalogId", "clientEventId", "kind", "at", "query", "hits", "returnedIds")
       SELECT e."id", $1, e."id", e."type"::"AgentEventKind", now(), e."query", e."hits", '{}'::text[]
       FROM jsonb_to_recordset($2::jsonb) AS e("id" text, "type" text, "query" text, "hits" jsonb) ON CONFLICT DO NOTHING`,
      [catalogId, JSON.stringify(rows)],
    );
    times.push(performance.now() - started);
  }
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const lines: string[] = [];
for (const kind of runs("ingest") ? DBS : []) {
  console.log(`${kind}: ingest ${RATE} events/s from ${AGENTS} agents for ${SECONDS} s…`);
  const r = await benchIngest(kind);
  const line = `| ${kind} | ${Math.round(r.rate)} ev/s | ${fmt(r.p50)} / ${fmt(r.p99)} | ${fmt(r.coldMax)} | ${fmt(r.peerP50)} / ${fmt(r.peerP99)} | ${(r.p99 / r.peerP99).toFixed(1)}× | ${r.load} | ${r.sent} / ${r.stored}${r.failed ? ` (${r.failed} refused)` : ""} | ${r.p99 < 100 && r.sent === r.stored && r.failed === 0 ? "met" : "missed"} |`;
  console.log(line);
  lines.push(line);
}
/** The retention job's cost on one catalog of RETENTION_EVENTS events: seeded, then two timed passes. */
async function benchRetention(kind: TestDbKind): Promise<string> {
  const handle = await createTestDatabase(kind);
  try {
    let started = performance.now();
    const catalogId = await seedScaleEvents(handle, RETENTION_EVENTS);
    const seedSeconds = (performance.now() - started) / 1000;
    await handle.sql.query(`UPDATE "Catalog" SET "telemetryRetentionDays" = 14 WHERE "id" = $1`, [catalogId]);
    started = performance.now();
    const first = await deleteExpiredEvents({ db: handle.db });
    const firstMs = performance.now() - started;
    started = performance.now();
    await deleteExpiredEvents({ db: handle.db });
    const nextMs = performance.now() - started;
    const [left] = await handle.sql.query<{ count: number }>(`SELECT count(*)::int AS "count" FROM "AgentEvent"`);
    return `| ${kind} | ${RETENTION_EVENTS.toLocaleString("en")} | ${seedSeconds.toFixed(0)} s | ${first.events.toLocaleString("en")} events, ${first.counters.toLocaleString("en")} counter rows | ${fmt(firstMs)} | ${fmt(nextMs)} | ${left!.count.toLocaleString("en")} |`;
  } finally {
    await handle.close();
  }
}

const retentionLines: string[] = [];
for (const kind of runs("retention") ? DBS : []) {
  console.log(`${kind}: the retention pass over ${RETENTION_EVENTS} events…`);
  const line = await benchRetention(kind);
  console.log(line);
  retentionLines.push(line);
}
if (retentionLines.length > 0) {
  writeBenchSection(
    "events-retention",
    "Agent events: the retention job over 10,000,000 events (`npm run bench:events -- --part retention`)",
    [
      "One catalog's events over 30 days (generated in SQL with their day counters), its retention then set to 14 days; the hourly retention pass (`deleteExpiredEvents`: every catalog's expired events, day counters and usage rows) timed twice: the first pass deletes the expired half, the next finds nothing (the steady hourly cost).",
      "",
      "| database | events | seeding | first pass deleted | first pass | next pass | events left |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      ...retentionLines,
    ].join("\n"),
  );
}

const scaleLines: string[] = [];
for (const kind of runs("insights") ? DBS : []) {
  console.log(`${kind}: Insights over ${SCALE_EVENTS} events…`);
  const handle = await createTestDatabase(kind);
  try {
    const catalogId = await seedScaleEvents(handle, SCALE_EVENTS);
    const t = await timeInsights(handle, catalogId);
    const line = `| ${kind} | ${t.events} | ${fmt(t.overview)} | ${fmt(t.failing)} | ${fmt(t.page)} | ${fmt(t.slowestTab)} | ${fmt(t.eventsPage)} | ${fmt(t.peerOverview)} | ${t.page < 1000 && t.slowestTab < 1000 && t.eventsPage < 1000 ? "met" : "missed"} |`;
    console.log(line);
    scaleLines.push(line);
  } finally {
    await handle.close();
  }
}
if (lines.length > 0) {
  writeBenchSection(
    "events-ingest",
    "Agent events: ingest (`npm run bench:events`)",
    [
      `${AGENTS} agents POST ${EVENT_BATCH}-event batches (search, call, outcome) over loopback HTTP at ${RATE} events/s for ${SECONDS} s after a ${WARMUP} s warm-up at the same rate (sent and stored, latencies not counted: a long-running server is warm), the agents in a worker thread beside the server. "Cold first burst": the slowest batch of the warm-up's first 8, answered by a server that had served nothing yet (JIT, first statement plans, connections). Goal: p99 < 100 ms per batch, stored = sent. Peer: the bare INSERT of the same batches on the plain driver. The machine's 1-minute load average before and after the run says how much else ran (latencies on a shared machine are noisy; the ratio to the peer less so).`,
      "",
      "| database | achieved | batch p50 / p99 | cold first burst | peer p50 / p99 | p99 ratio | load avg (1 min) | sent / stored | goal |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
      ...lines,
    ].join("\n"),
  );
}
if (scaleLines.length > 0) {
  writeBenchSection(
    "events-insights",
    "Agent events: Insights over 1,000,000 events (`npm run bench:events`)",
    [
      "One catalog's events over 30 days (generated in SQL, day counters built from them as ingest builds them); median of 3. The page loads the overview and its first failing-request tab (empty answers); switching tabs loads one more table (the slowest of the five shown); the events page is its own page. Peer: the overview's numbers aggregated from the raw events. Goal: each < 1 s.",
      "",
      "| database | events | overview | first tab | page | slowest tab | events page | peer overview | goal |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
      ...scaleLines,
    ].join("\n"),
  );
}
function floodLine(kind: TestDbKind, { unloaded, loaded, flood, load }: FloodBenchResult): string {
  const ratio = loaded.p95 / unloaded.p95;
  const perSecond = (events: number) => `${Math.round(events / flood.seconds).toLocaleString("en")} ev/s`;
  const refused = flood.busy + flood.limited + flood.other;
  const statuses = Object.entries(flood.statuses)
    .map(([status, count]) => `${count}×${status}`)
    .join(", ");
  return `| ${kind} | ${fmt(unloaded.p50)} / ${fmt(unloaded.p95)} | ${fmt(loaded.p50)} / ${fmt(loaded.p95)} / ${fmt(loaded.max)} | ${ratio.toFixed(1)}× | ${perSecond(flood.accepted)} | ${perSecond(refused)} (busy ${perSecond(flood.busy)}) | ${statuses} | ${load} | ${ratio <= 3 ? "met" : "missed"} |`;
}

const floodLines: string[] = [];
for (const kind of runs("flood") ? DBS : []) {
  console.log(
    `${kind}: team.mine unloaded, then while ${FLOOD.inFlight} requests of ${FLOOD.batchEvents} events flood for ${FLOOD.seconds} s…`,
  );
  const line = floodLine(kind, await benchFlood({ ...FLOOD, kind }));
  console.log(line);
  floodLines.push(line);
}
if (floodLines.length > 0) {
  writeBenchSection(
    "events-flood",
    "Agent events: another user's requests during an event flood (`npm run bench:events -- --part flood`)",
    [
      `The server in its own process as \`npm start\` runs it but for Next.js (the node:http front whose API handler answers tRPC, better-auth and the agent routes; no page is part of these requests), on a fresh database: PGlite in a data directory, or a new database on the Postgres server. One account's token floods its catalog's events route: ${FLOOD.inFlight} requests in flight of ${FLOOD.batchEvents} events each (from a worker thread), the next sent as soon as one is answered, a 429 waited out for its Retry-After (the token's rate limit, default 120 requests a minute, and a busy ingest both send one). Another signed-in user asks \`team.mine\` over tRPC HTTP one request at a time, ${FLOOD.pauseMs} ms apart: ${FLOOD.seconds / 2} s with nothing else running (unloaded), then ${FLOOD.seconds} s during the flood (after its first 3 s). Goal: that user's p95 during the flood ≤ 3× unloaded. Flood rates are events per second of the measured window: accepted (202), refused (429: busy, the rate limit or a bound).`,
      "",
      "| database | unloaded p50 / p95 | flooded p50 / p95 / max | p95 ratio | flood accepted | flood refused | flood answers | load avg (1 min) | goal |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
      ...floodLines,
    ].join("\n"),
  );
}
process.exit(0);
