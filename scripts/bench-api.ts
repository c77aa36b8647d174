// `npm run bench:api`: snapshot fetches against the built app served as `npm start` serves it (304 revalidation,
// 200 br, 200 gzip, 200 identity) with autocannon on loopback, each against a plain node:http server returning the
// same bytes in the same run. Prints req/s, p99 and the app/peer ratio (goals: ≥ 0.8× for a 304, ≥ 1.0× for a
// body), and a 1,000-tool snapshot's size raw, gzip and br. Each scenario runs in rounds of the app then the peer
// (BENCH_ROUNDS, default 3): the peer's own rate swings with the machine's load from one run to the next, so a row
// gives the medians of the rounds, and its verdict the median ratio. Bounded: BENCH_SECONDS per run (default 8),
// 10 connections, its own build dir (NEXT_DIST_DIR, default .next-bench-api, one tsconfig.json lists so the build
// leaves it as it is: see scripts/lib/next-dist-dir.ts; BENCH_REBUILD=1 rebuilds it) and a throw-away embedded
// database.
// `--part cold` (also part of the default `both`): an agent's cold start over a 10,000-tool snapshot, the SDK's
// fetch + verify + index against MiniSearch building over the same texts (scripts/lib/bench-cold-start.ts; goal
// ≤ 0.5×; `--runs N`, default 5). `--part snapshots` runs the serving part alone. Each part writes its own section.
import { spawn, spawnSync } from "node:child_process";
import { createServer, get as httpGet, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import autocannon from "autocannon";
import { freePort } from "./lib/app-server";
import { coldStartTools, measureColdStart, median, publishColdStartCatalog } from "./lib/bench-cold-start";
import { recordBenchOutput } from "./lib/bench-report";
import { BENCH_DIST_DIRS, benchDistDir } from "./lib/next-dist-dir";
import { SessionClient } from "./lib/session-client";

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] ? argv[at + 1]! : fallback;
};
/** `snapshots` (serving), `cold` (an agent's cold start) or `both`. */
const PART = option("part", "both");
if (!["snapshots", "cold", "both"].includes(PART)) throw new Error(`--part snapshots|cold|both, got ${PART}`);
const COLD_RUNS = Number(option("runs", "5"));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DIST_DIR = benchDistDir(BENCH_DIST_DIRS.api);
const CONNECTIONS = 10;
const TOOL_COUNT = 1000;

interface CorpusTool {
  namespace: string;
  name: string;
  description: string;
  parameters: unknown;
}

/** 1,000 tools as OpenAI namespaces: the 724-tool demo corpus plus renamed copies in `<namespace>_mirror`. */
function thousandTools(): unknown[] {
  const corpus = readFileSync("prisma/seed-data/tools.jsonl", "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as CorpusTool);
  const tools = [
    ...corpus,
    ...corpus.slice(0, TOOL_COUNT - corpus.length).map((t) => ({ ...t, namespace: `${t.namespace}_mirror` })),
  ];
  const namespaces = [...new Set(tools.map((t) => t.namespace))];
  return namespaces.map((ns) => ({
    type: "namespace",
    name: ns,
    description: `Tools of the ${ns.replace(/_/g, " ")} MCP server.`,
    tools: tools
      .filter((t) => t.namespace === ns)
      .map((t) => ({
        type: "function",
        name: t.name,
        description: t.description,
        parameters: t.parameters,
        defer_loading: true,
      })),
  }));
}

/** The peer: node:http answering with the same bytes (as the app served them) and the same validators, nothing else. */
function startPeer(body: {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const headers = {
      etag: body.etag,
      "cache-control": "no-cache",
      vary: "Accept-Encoding, Authorization",
      "content-type": "application/json; charset=utf-8",
    };
    if (req.headers["if-none-match"] === body.etag) {
      res.writeHead(304, headers);
      return res.end();
    }
    const accept = req.headers["accept-encoding"] ?? "";
    const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
    const bytes = encoding ? body[encoding] : body.identity;
    res.writeHead(200, {
      ...headers,
      ...(encoding ? { "content-encoding": encoding } : {}),
      "content-length": bytes.length,
    });
    res.end(bytes);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

type Measured = { rps: number; p99: number };

async function measure(url: string, headers: Record<string, string>, expectStatus: number): Promise<Measured> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const codes = result.statusCodeStats;
  const unexpected = Object.entries(codes).filter(([code]) => Number(code) !== expectStatus);
  if (result.errors > 0 || unexpected.length > 0)
    throw new Error(`${url}: ${result.errors} errors, unexpected statuses ${JSON.stringify(unexpected)}`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/**
 * Builds into DIST_DIR once (when missing, or always with BENCH_REBUILD=1), then runs `next start` directly: on a
 * busy shared machine a build takes minutes and sources change meanwhile, so no staleness loop and no start deadline
 * shorter than the build.
 */
async function startApp(): Promise<{ url: string; stop(): void }> {
  const env = { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" };
  if (!existsSync(path.join(DIST_DIR, "BUILD_ID")) || process.env.BENCH_REBUILD === "1") {
    console.log(`bench:api — building into ${DIST_DIR} …`);
    const build = spawnSync("npx", ["next", "build"], { env, stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) throw new Error("next build failed");
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "stockroom-bench-api-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "scripts/serve.mjs"],
    {
      env: {
        ...env,
        PORT: String(port),
        STOCKROOM_URL: url,
        STOCKROOM_DATA_DIR: dataDir,
        DATABASE_URL: "",
        STOCKROOM_AGENT_REQUESTS_PER_MINUTE: "10000000",
        STOCKROOM_SIGNIN_PER_MINUTE: "1000",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let log = "";
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // First start migrates the embedded database and seeds the demo catalog: minutes on a loaded machine.
  for (const deadline = Date.now() + 300_000; ; ) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${log.slice(-2000)}`);
    if (
      await fetch(`${url}/sign-in`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop };
    if (Date.now() > deadline) {
      stop();
      throw new Error(`the app did not answer within 300 s:\n${log.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The bytes on the wire (fetch would decode them) and the encoding the server declared. */
function rawBytes(url: string, headers: Record<string, string>): Promise<{ bytes: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ bytes: Buffer.concat(chunks), encoding: String(res.headers["content-encoding"] ?? "identity") }),
      );
    }).on("error", reject);
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;

/** A catalog of TOOL_COUNT tools (thousandTools, then filler when some were refused), published, and an agent token. */
async function publishThousandTools(owner: SessionClient) {
  const catalog = await owner.mutate<{ slug: string }>("catalog.create", { team: "demo", name: "Bench 1000" });
  const scope = { team: "demo", catalog: catalog.slug };
  const options = { namespace: null, mcpServer: null, exposure: "deferred" };
  const importText = async (text: string) => {
    const preview = await owner.mutate<{ fingerprint: string }>("import.preview", { ...scope, text, options });
    const fingerprint = preview.fingerprint;
    return (
      await owner.mutate<{ created: number }>("import.commit", {
        ...scope,
        text,
        options,
        fingerprint,
        skipInvalid: true,
      })
    ).created;
  };
  let toolCount = await importText(JSON.stringify(thousandTools()));
  if (toolCount < TOOL_COUNT) {
    const filler = Array.from({ length: TOOL_COUNT - toolCount }, (_, i) => ({
      type: "function",
      name: `bench_filler_${i}`,
      description: `Filler tool ${i} for the benchmark.`,
      parameters: { type: "object", properties: {} },
      defer_loading: true,
    }));
    toolCount += await importText(
      JSON.stringify([{ type: "namespace", name: "bench_filler", description: "Benchmark filler.", tools: filler }]),
    );
  }
  const published = await owner.mutate<{ version: number; contentHash: string }>("review.publish", {
    ...scope,
    note: "bench",
    acknowledgement: "benchmark catalog: its safety findings are not the subject",
  });
  const { secret } = await owner.mutate<{ secret: string }>("token.create", { ...scope, name: "bench" });
  return { scope, toolCount, published, auth: { authorization: `Bearer ${secret}` } };
}

/** The snapshot's bytes as the app serves them: identity, gzip and br, checked to decode to the same bytes. */
async function servedBodies(latestUrl: string, auth: Record<string, string>) {
  const identity = Buffer.from(
    await (await fetch(latestUrl, { headers: { ...auth, "accept-encoding": "identity" } })).arrayBuffer(),
  );
  const gzip = await rawBytes(latestUrl, { ...auth, "accept-encoding": "gzip" });
  const br = await rawBytes(latestUrl, { ...auth, "accept-encoding": "br" });
  if (gzip.encoding !== "gzip" || br.encoding !== "br")
    throw new Error(`the app served ${gzip.encoding} / ${br.encoding} where gzip / br were asked`);
  if (!gunzipSync(gzip.bytes).equals(identity) || !brotliDecompressSync(br.bytes).equals(identity))
    throw new Error("compressed bodies do not decode to the identity bytes");
  return { identity, gzip: gzip.bytes, br: br.bytes };
}

/** Each scenario in ROUNDS rounds of the app then the peer; one row each, with the medians and every round's ratio. */
async function runScenarios(latestUrl: string, peerUrl: string, auth: Record<string, string>, etag: string) {
  const scenarios = [
    { name: "304 If-None-Match", headers: { ...auth, "if-none-match": etag }, status: 304, goal: 0.8 },
    { name: "200 br", headers: { ...auth, "accept-encoding": "br" }, status: 200, goal: 1 },
    { name: "200 gzip", headers: { ...auth, "accept-encoding": "gzip" }, status: 200, goal: 1 },
    { name: "200 identity", headers: { ...auth, "accept-encoding": "identity" }, status: 200, goal: 1 },
  ];
  const loadBefore = loadavg()[0]!;
  for (const scenario of scenarios) {
    const rounds: Array<{ ours: Measured; theirs: Measured }> = [];
    for (let round = 0; round < ROUNDS; round++)
      rounds.push({
        ours: await measure(latestUrl, scenario.headers, scenario.status),
        theirs: await measure(`${peerUrl}/snapshot`, scenario.headers, scenario.status),
      });
    const ratios = rounds.map(({ ours, theirs }) => ours.rps / theirs.rps);
    const ratio = median(ratios);
    const side = (of: (r: (typeof rounds)[number]) => Measured) =>
      `${median(rounds.map((r) => of(r).rps))
        .toFixed(0)
        .padStart(6)} req/s p99 ${String(median(rounds.map((r) => of(r).p99))).padStart(4)} ms`;
    console.log(
      `${scenario.name.padEnd(18)} app ${side((r) => r.ours)} | node:http ${side((r) => r.theirs)} | ratio ${ratio.toFixed(2)}× (rounds ${ratios.map((r) => r.toFixed(2)).join(", ")}; goal ≥ ${scenario.goal.toFixed(1)}×: ${ratio >= scenario.goal ? "met" : "not met"})`,
    );
  }
  console.log(
    `\nmedians of ${ROUNDS} rounds; load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores while measuring: req/s and p99 drop with load (app and peer share the cores with it); compare the two sides of one row`,
  );
}

/** The snapshot-serving part: a 1,000-tool snapshot fetched four ways, from the app and from a node:http peer. */
async function snapshotServing(owner: SessionClient, appUrl: string): Promise<void> {
  const report = recordBenchOutput("api", "Snapshot API vs a plain node:http server (`npm run bench:api`)");
  const { scope, toolCount, published, auth } = await publishThousandTools(owner);
  const latestUrl = `${appUrl}/api/v1/catalogs/${scope.team}/${scope.catalog}/snapshots/latest`;
  const bodies = await servedBodies(latestUrl, auth);
  const etag = `"${published.contentHash}"`;
  const peer = await startPeer({ ...bodies, etag });
  try {
    const pct = (n: number) => `${((100 * n) / bodies.identity.length).toFixed(1)}%`;
    console.log(`snapshot: ${toolCount} tools, v${published.version}`);
    console.log(
      `  raw ${kb(bodies.identity.length)} · gzip ${kb(bodies.gzip.length)} (${pct(bodies.gzip.length)}) · br ${kb(bodies.br.length)} (${pct(bodies.br.length)}), as served`,
    );
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds of app then peer, loopback; peer = node:http serving the same bytes (in this process)\n`,
    );
    await runScenarios(latestUrl, peer.url, auth, etag);
  } finally {
    peer.server.close();
  }
  report.write();
}

/** The cold-start part (scripts/lib/bench-cold-start.ts): its own section of docs/benchmarks.md. */
async function coldStart(owner: SessionClient, appUrl: string): Promise<void> {
  const report = recordBenchOutput(
    "api-cold",
    "Agent cold start: SDK fetch, verify and index of 10,000 tools vs MiniSearch (`npm run bench:api -- --part cold`)",
  );
  const tools = coldStartTools();
  const published = await publishColdStartCatalog(owner, tools);
  if (published.created !== tools.length) throw new Error(`imported ${published.created} of ${tools.length} tools`);
  await measureColdStart({ url: appUrl, ...published }, COLD_RUNS);
  report.write();
}

const app = await startApp();
try {
  const owner = new SessionClient(app.url);
  await owner.signIn("demo@stockroom.local", "stockroom-demo");
  if (PART !== "cold") await snapshotServing(owner, app.url);
  if (PART !== "snapshots") await coldStart(owner, app.url);
} finally {
  app.stop();
}
