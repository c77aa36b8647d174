// `npx tsx --conditions=react-server scripts/profile-ingest-queue.ts --db pglite [--seconds 30 --rate 2000]`:
// where a batch's time goes on the database during the ingest bench (see docs/events-ingest-log.md). Runs the bench's agents against
// the agent API handler and times every statement the handler sends, splitting each into its wait behind earlier
// statements (the database serves one at a time) and its own service time: done − max(sent, previous done).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import type { DatabaseHandle } from "../server/db/open";
import { createNodeAgentHandler } from "../server/http/agent-dispatch";
import { createAgentToken } from "../server/services/tokens/create-agent-token";
import { TokenBucketLimiter } from "../server/services/tokens/rate-limit";
import { createTestDatabase, type TestDbKind } from "../server/testing/test-db";
import { startEventAgents } from "./lib/event-agents";

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] ? argv[at + 1]! : fallback;
};
const kind = option("db", "pglite") as TestDbKind;
const SECONDS = Number(option("seconds", "30"));
const RATE = Number(option("rate", "2000"));
const globals = globalThis as unknown as { stockroomDb?: Promise<DatabaseHandle>; stockroomAgentLimiter?: unknown };
const q = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};

interface Timed {
  label: string;
  sent: number;
  done: number;
  wait: number;
  service: number;
  inFlight: number;
}
const handle = await createTestDatabase(kind);
const timings: Timed[] = [];
let inFlight = 0;
let lastDone = 0;
const realQuery = handle.sql.query.bind(handle.sql);
handle.sql.query = (async (sql: string, params?: unknown[]) => {
  const label = sql.includes("jsonb_to_recordset") ? "write" : sql.includes("unnest($2::text[])") ? "context" : "other";
  const sent = performance.now();
  const depth = inFlight++;
  try {
    return await realQuery(sql, params);
  } finally {
    inFlight--;
    const done = performance.now();
    const start = Math.max(sent, lastDone);
    timings.push({ label, sent, done, wait: start - sent, service: done - start, inFlight: depth });
    lastDone = done;
  }
}) as typeof handle.sql.query;
globals.stockroomDb = Promise.resolve(handle);
globals.stockroomAgentLimiter = new TokenBucketLimiter(1_000_000);
const server: Server = createServer(createNodeAgentHandler());
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const team = await handle.db.team.create({ data: { slug: `prof-${Date.now()}`, name: "Prof" } });
const catalog = await handle.db.catalog.create({ data: { teamId: team.id, slug: "events", name: "Events" } });
const { secret } = await createAgentToken({ db: handle.db, team, catalog, actor: { id: null, label: "p" }, name: "p" });
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/catalogs/${team.slug}/events/events`;
const load0 = loadavg()[0]!;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
timings.length = 0;
const result = await startEventAgents({ url, secret, agents: 8, rate: RATE, seconds: SECONDS });
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const fmt = (n: number) => n.toFixed(1);
console.log(
  `${kind} ${RATE} ev/s ${SECONDS}s load ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}: achieved ${fmt(result.measuredSent / result.seconds)} ev/s, batch p50/p99 ${fmt(q(result.latencies, 0.5))}/${fmt(q(result.latencies, 0.99))} ms`,
);
console.log(
  `process CPU (main + PGlite worker + agents): ${fmt(((cpu.user + cpu.system) / 1000 / wall) * 100)} % of one core`,
);
for (const label of ["context", "write", "other"]) {
  const rows = timings.filter((t) => t.label === label);
  if (rows.length === 0) continue;
  const svc = rows.map((t) => t.service);
  const wait = rows.map((t) => t.wait);
  const busy = svc.reduce((a, b) => a + b, 0);
  console.log(
    `${label}: n=${rows.length} service p50/p90/p99/max ${fmt(q(svc, 0.5))}/${fmt(q(svc, 0.9))}/${fmt(q(svc, 0.99))}/${fmt(q(svc, 1))} ms; wait p50/p99 ${fmt(q(wait, 0.5))}/${fmt(q(wait, 0.99))} ms; busy ${fmt((busy / wall) * 100)} % of the run`,
  );
}
const all = timings.map((t) => t.done - t.sent);
const worst = [...timings]
  .sort((a, b) => b.done - b.sent - (a.done - a.sent))
  .slice(0, Math.ceil(timings.length / 100));
const share = (xs: Timed[], f: (t: Timed) => number) =>
  xs.reduce((a, t) => a + f(t), 0) / xs.reduce((a, t) => a + t.done - t.sent, 0);
console.log(
  `statements: p50/p99 ${fmt(q(all, 0.5))}/${fmt(q(all, 0.99))} ms; slowest 1 %: ${fmt(share(worst, (t) => t.wait) * 100)} % waiting, ${fmt(share(worst, (t) => t.service) * 100)} % own service; mean in flight ahead ${fmt(worst.reduce((a, t) => a + t.inFlight, 0) / worst.length)}; their service p50 ${fmt(
    q(
      worst.map((t) => t.service),
      0.5,
    ),
  )} ms`,
);
await new Promise((resolve) => server.close(resolve));
await handle.close();
process.exit(0);
