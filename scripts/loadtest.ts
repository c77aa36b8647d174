// `npm run loadtest`: 30 s (LOAD_SECONDS) of snapshot fetches mixed with playground queries and tool edits,
// against the built app on loopback with the demo catalog. Prints throughput, p50/p95/p99 per kind and errors.
// Goals (issue 39 item 1): 0 errors, playground p50 ≤ 20 ms and p95 ≤ 60 ms, edit p50 ≤ 50 ms, snapshot 304 p99
// under 100 ms. Peers for the playground, from the same run: the time its search spent inside the service (`tookMs`
// in each answer: draft check, ranking, explanations) and the snapshot 304 (the lightest authorized request).
// Bounded in time and count; loopback only.
// Runs twice: on embedded PGlite (in a worker thread of the app's process) and on a fresh database on the
// Postgres server (STOCKROOM_TEST_PG_URL, default 127.0.0.1:5432; skipped when it does not answer).
// LOAD_DB=pglite or LOAD_DB=postgres runs one of them.
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import pg from "pg";
import { startAppServer } from "./lib/app-server";
import { recordBenchOutput } from "./lib/bench-report";
import { BENCH_DIST_DIRS, benchDistDir } from "./lib/next-dist-dir";
import { SessionClient } from "./lib/session-client";

const report = recordBenchOutput(
  "loadtest",
  "Load test: snapshot fetches with playground traffic (`npm run loadtest`)",
);
const PG_ADMIN_URL = process.env.STOCKROOM_TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 16);
const MAX_REQUESTS = 200_000;
const QUERIES = [
  "create a pull request",
  "send a slack message",
  "refund a payment",
  "take a screenshot of the page",
  "list kubernetes pods",
  "search the web",
  "create a calendar event",
  "query the database",
];

type Kind = "snapshot-304" | "snapshot-200" | "playground" | "edit";

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Samples = { byKind: Record<Kind, number[]>; inService: number[]; errors: string[] };

/** What the traffic needs: a signed-in owner, a published version, an agent token and the deferred tools to edit. */
async function prepareScenario(serverUrl: string) {
  const owner = new SessionClient(serverUrl);
  await owner.signIn("demo@stockroom.local", "stockroom-demo");
  const scope = { team: "demo", catalog: "mcp-tools" };
  await owner.mutate("review.publish", {
    ...scope,
    note: "load test baseline",
    acknowledgement: "load test catalog: its safety findings are not the subject",
  });
  const { secret } = await owner.mutate<{ secret: string }>("token.create", { ...scope, name: "load test" });
  const snapshotUrl = `${serverUrl}/api/v1/catalogs/demo/mcp-tools/snapshots/latest`;
  const auth = { authorization: `Bearer ${secret}` };
  const first = await fetch(snapshotUrl, { headers: auth });
  if (first.status !== 200) throw new Error(`snapshot fetch failed: ${first.status}`);
  const etag = first.headers.get("etag")!;
  await first.arrayBuffer();
  const tools = await owner.query<{ tools: Array<{ id: string }> }>("tool.list", {
    ...scope,
    exposure: "deferred",
    pageSize: CONCURRENCY,
  });
  return { owner, scope, snapshotUrl, auth, etag, tools: tools.tools };
}

type Scenario = Awaited<ReturnType<typeof prepareScenario>>;

/** Request `i` of a worker: 12 in 20 are snapshot 304s, 2 full snapshots, 5 playground queries, 1 a tool edit. */
function requestFor(
  scenario: Scenario,
  samples: Samples,
  pick: number,
  i: number,
  toolId: string,
): [Kind, () => Promise<void>] {
  const { owner, scope, snapshotUrl, auth, etag } = scenario;
  if (pick < 12) {
    return [
      "snapshot-304",
      async () => {
        const r = await fetch(snapshotUrl, { headers: { ...auth, "if-none-match": etag } });
        await r.arrayBuffer();
        if (r.status !== 304 && r.status !== 200) throw new Error(`status ${r.status}`);
      },
    ];
  }
  if (pick < 14) {
    return [
      "snapshot-200",
      async () => {
        const r = await fetch(snapshotUrl, { headers: { ...auth, "accept-encoding": "gzip" } });
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`status ${r.status}`);
      },
    ];
  }
  if (pick < 19) {
    return [
      "playground",
      async () => {
        const query = QUERIES[i % QUERIES.length];
        const { tookMs } = await owner.query<{ tookMs: number }>("playground.search", { ...scope, query, limit: 8 });
        samples.inService.push(tookMs);
      },
    ];
  }
  return [
    "edit",
    async () => {
      const tool = await owner.query<{ revision: number }>("tool.get", { ...scope, id: toolId });
      const patch = { searchTextExtra: `load ${i}` };
      await owner.mutate("tool.update", { ...scope, id: toolId, revision: tool.revision, patch });
    },
  ];
}

/** CONCURRENCY workers sending requests until the deadline (or MAX_REQUESTS in all); returns the seconds it took. */
async function runTraffic(scenario: Scenario, samples: Samples): Promise<number> {
  let sent = 0;
  const deadline = Date.now() + SECONDS * 1000;
  async function timed(kind: Kind, run: () => Promise<void>) {
    const start = performance.now();
    try {
      await run();
      samples.byKind[kind].push(performance.now() - start);
    } catch (error) {
      samples.errors.push(`${kind}: ${(error as Error).message}`);
    }
  }
  async function worker(index: number) {
    const toolId = scenario.tools[index % scenario.tools.length]!.id;
    for (let i = 0; Date.now() < deadline && sent < MAX_REQUESTS; i++, sent++) {
      await timed(...requestFor(scenario, samples, (i * 7 + index) % 20, i, toolId));
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => worker(i)));
  return (performance.now() - started) / 1000;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** Prints throughput and the percentiles of each kind; true when the goal was met. */
function printResults(label: string, elapsed: number, { byKind, inService, errors }: Samples): boolean {
  const total = Object.values(byKind).reduce((n, s) => n + s.length, 0);
  const load = loadavg()[0]!.toFixed(1);
  console.log(
    `\nloadtest: ${SECONDS}s, ${CONCURRENCY} concurrent clients, loopback, ${label}, demo catalog (724 tools), load average ${load}`,
  );
  console.log(`throughput: ${(total / elapsed).toFixed(0)} req/s (${total} ok, ${errors.length} errors)`);
  const row = (kind: string, values: number[]) => {
    const s = sorted(values);
    const at = (p: number) => percentile(s, p).toFixed(1).padStart(7);
    console.log(
      `  ${kind.padEnd(20)} n=${String(s.length).padStart(6)}  p50 ${at(50)} ms  p95 ${at(95)} ms  p99 ${at(99)} ms`,
    );
  };
  for (const [kind, values] of Object.entries(byKind)) row(kind, values);
  row("playground, service", inService);
  const at = (kind: Kind, p: number) => percentile(sorted(byKind[kind]), p);
  const playgroundP50 = at("playground", 50);
  const ratio = (peer: number[]) => (playgroundP50 / percentile(sorted(peer), 50)).toFixed(1);
  console.log(
    `playground p50 is ${ratio(inService)}× its time inside the service and ${ratio(byKind["snapshot-304"])}× a snapshot 304's p50`,
  );
  const goals: Array<[string, number, number]> = [
    ["playground p50 ≤ 20 ms", playgroundP50, 20],
    ["playground p95 ≤ 60 ms", at("playground", 95), 60],
    ["edit p50 ≤ 50 ms", at("edit", 50), 50],
    ["snapshot 304 p99 < 100 ms", at("snapshot-304", 99), 100],
  ];
  const met = (value: number, bound: number) => value <= bound;
  console.log(
    `goals: 0 errors — ${errors.length === 0 ? "met" : "MISSED"}; ${goals
      .map(([name, value, bound]) => `${name} — ${met(value, bound) ? "met" : "MISSED"} (${value.toFixed(1)} ms)`)
      .join("; ")}`,
  );
  for (const e of [...new Set(errors)].slice(0, 10)) console.log(`  error: ${e}`);
  return errors.length === 0 && goals.every(([, value, bound]) => met(value, bound));
}

/** One run against the app on `databaseUrl` (undefined: embedded PGlite); true when the goal was met. */
async function loadTest(label: string, databaseUrl?: string): Promise<boolean> {
  const samples: Samples = {
    byKind: { "snapshot-304": [], "snapshot-200": [], playground: [], edit: [] },
    inService: [],
    errors: [],
  };
  const server = await startAppServer({
    distDir: benchDistDir(BENCH_DIST_DIRS.loadtest),
    env: {
      STOCKROOM_AGENT_REQUESTS_PER_MINUTE: "10000000",
      STOCKROOM_SIGNIN_PER_MINUTE: "1000",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  try {
    const scenario = await prepareScenario(server.url);
    const elapsed = await runTraffic(scenario, samples);
    return printResults(label, elapsed, samples);
  } finally {
    await server.stop();
  }
}

async function withFreshPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    console.log(`\nloadtest: no Postgres server at ${new URL(PG_ADMIN_URL).host}; skipped that run`);
    return null;
  }
  const name = `stockroom_load_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  try {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

const only = process.env.LOAD_DB;
const results: boolean[] = [];
if (only !== "postgres") results.push(await loadTest("embedded PGlite"));
if (only !== "pglite") {
  const met = await withFreshPostgresDatabase((url) =>
    loadTest(`Postgres server (${new URL(PG_ADMIN_URL).host})`, url),
  );
  if (met !== null) results.push(met);
}
report.write();
process.exitCode = results.every(Boolean) ? 0 : 1;
