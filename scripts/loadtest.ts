// `npm run loadtest`: 30 s (LOAD_SECONDS) of snapshot fetches mixed with playground queries and tool edits,
// against the built app on loopback with the demo catalog. Prints throughput, p50/p99 per kind and errors.
// Goal: 0 errors and p99 under 200 ms for snapshot 304s. Bounded in time and count; loopback only.
// Embedded PGlite by default; LOAD_DATABASE_URL=postgres://… runs the app on that (empty) database instead.
import { startAppServer } from "./lib/app-server";
import { SessionClient } from "./lib/session-client";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 16);
const MAX_REQUESTS = 200_000;
const QUERIES = ["create a pull request", "send a slack message", "refund a payment", "take a screenshot of the page", "list kubernetes pods", "search the web", "create a calendar event", "query the database"];

type Kind = "snapshot-304" | "snapshot-200" | "playground" | "edit";
const samples: Record<Kind, number[]> = { "snapshot-304": [], "snapshot-200": [], playground: [], edit: [] };
const errors: string[] = [];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const server = await startAppServer({ distDir: process.env.NEXT_DIST_DIR || ".next-load", env: { STOCKROOM_AGENT_REQUESTS_PER_MINUTE: "10000000", STOCKROOM_SIGNIN_PER_MINUTE: "1000", ...(process.env.LOAD_DATABASE_URL ? { DATABASE_URL: process.env.LOAD_DATABASE_URL } : {}) } });
try {
  const owner = new SessionClient(server.url);
  await owner.signIn("demo@stockroom.local", "stockroom-demo");
  const scope = { team: "demo", catalog: "mcp-tools" };
  await owner.mutate("publish.publish", { ...scope, note: "load test baseline", reason: "load test" });
  const { secret } = await owner.mutate<{ secret: string }>("agentToken.create", { ...scope, name: "load test" });
  const snapshotUrl = `${server.url}/api/v1/catalogs/demo/mcp-tools/snapshots/latest`;
  const auth = { authorization: `Bearer ${secret}` };
  const first = await fetch(snapshotUrl, { headers: auth });
  if (first.status !== 200) throw new Error(`snapshot fetch failed: ${first.status}`);
  const etag = first.headers.get("etag")!;
  await first.arrayBuffer();
  const tools = await owner.query<{ tools: Array<{ id: string }> }>("tool.list", { ...scope, exposure: "deferred", pageSize: CONCURRENCY });

  let sent = 0;
  const deadline = Date.now() + SECONDS * 1000;
  async function timed(kind: Kind, run: () => Promise<void>) {
    const start = performance.now();
    try {
      await run();
      samples[kind].push(performance.now() - start);
    } catch (error) {
      errors.push(`${kind}: ${(error as Error).message}`);
    }
  }
  async function worker(index: number) {
    const toolId = tools.tools[index % tools.tools.length]!.id;
    for (let i = 0; Date.now() < deadline && sent < MAX_REQUESTS; i++, sent++) {
      const pick = (i * 7 + index) % 20;
      if (pick < 12) {
        await timed("snapshot-304", async () => {
          const r = await fetch(snapshotUrl, { headers: { ...auth, "if-none-match": etag } });
          await r.arrayBuffer();
          if (r.status !== 304 && r.status !== 200) throw new Error(`status ${r.status}`);
        });
      } else if (pick < 14) {
        await timed("snapshot-200", async () => {
          const r = await fetch(snapshotUrl, { headers: { ...auth, "accept-encoding": "gzip" } });
          await r.arrayBuffer();
          if (r.status !== 200) throw new Error(`status ${r.status}`);
        });
      } else if (pick < 19) {
        await timed("playground", async () => {
          await owner.query("playground.search", { ...scope, query: QUERIES[i % QUERIES.length], limit: 8 });
        });
      } else {
        await timed("edit", async () => {
          const tool = await owner.query<{ revision: number }>("tool.get", { ...scope, id: toolId });
          await owner.mutate("tool.update", { ...scope, id: toolId, revision: tool.revision, patch: { searchTextExtra: `load ${i}` } });
        });
      }
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => worker(i)));
  const elapsed = (performance.now() - started) / 1000;

  const total = Object.values(samples).reduce((n, s) => n + s.length, 0);
  const database = process.env.LOAD_DATABASE_URL ? `Postgres server (${new URL(process.env.LOAD_DATABASE_URL).host})` : "embedded PGlite";
  console.log(`loadtest: ${SECONDS}s, ${CONCURRENCY} concurrent clients, loopback, ${database}, demo catalog (724 tools)`);
  console.log(`throughput: ${(total / elapsed).toFixed(0)} req/s (${total} ok, ${errors.length} errors)`);
  for (const [kind, values] of Object.entries(samples)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`  ${kind.padEnd(13)} n=${String(sorted.length).padStart(6)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms`);
  }
  const p99of304 = percentile([...samples["snapshot-304"]].sort((a, b) => a - b), 99);
  console.log(`goal: 0 errors — ${errors.length === 0 ? "met" : "MISSED"}; p99 of snapshot 304s < 200 ms — ${p99of304 < 200 ? "met" : "MISSED"} (${p99of304.toFixed(1)} ms)`);
  for (const e of [...new Set(errors)].slice(0, 10)) console.log(`  error: ${e}`);
  process.exitCode = errors.length === 0 ? 0 : 1;
} finally {
  await server.stop();
}
