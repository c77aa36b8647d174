// `npm run bench:mcp`: what `stockroom mcp` saves and costs an MCP client. The demo catalog (724 tools of 44 MCP
// servers) is seeded and published on a real Stockroom server (PGlite, the agent API's node:http handler): v1 as
// seeded (github and filesystem direct), v2 with every tool deferred. Prints
//  - turn-one tokens (o200k): every server's tools/list as a client configured with all 44 servers gets them,
//    against the tools/list of `stockroom mcp` (a real process, over stdio) pinned to each version;
//  - the search overhead: search_tools round trips through `stockroom mcp` against the SDK's in-process search;
//  - the call overhead: `echo` on the real server-everything, called directly and through `stockroom mcp`.
// Options: --rounds N (200 calls per side), --queries N (50 golden queries).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os, { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { connect } from "../sdk/catalog";
import type { DatabaseHandle } from "../server/db/open";
import { createNodeAgentHandler } from "../server/http/agent-dispatch";
import { DEMO_CATALOG, DEMO_EMAIL, DEMO_TEAM, seedDemo } from "../server/services/seed/seed-demo";
import { TokenBucketLimiter } from "../server/services/tokens/rate-limit";
import { callerFor } from "../server/testing/factories";
import { binOf } from "../server/testing/real-mcp-servers";
import { repoRoot, startStockroomMcp } from "../server/testing/stockroom-mcp-process";
import { createTestDatabase } from "../server/testing/test-db";
import { recordBenchOutput } from "./lib/bench-report";
import { directTurnOne, tokensOf } from "./lib/mcp-turn-one";

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] ? Number(argv[at + 1]) : fallback;
};
const ROUNDS = option("rounds", 200);
const QUERIES = option("queries", 50);
const globals = globalThis as unknown as {
  stockroomDb?: Promise<DatabaseHandle>;
  stockroomAgentLimiter?: TokenBucketLimiter;
};

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function timed(times: number[], run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  times.push(performance.now() - started);
}

/** Seeds the demo, publishes it as seeded (v1) and with every tool deferred (v2); returns a read token. */
async function publishDemo(handle: DatabaseHandle): Promise<string> {
  const { db } = handle;
  await seedDemo({ db, password: "bench-mcp-password" });
  const user = await db.user.findFirstOrThrow({ where: { email: DEMO_EMAIL } });
  const demo = callerFor(db, { id: user.id, email: user.email, name: user.name });
  const at = { team: DEMO_TEAM, catalog: DEMO_CATALOG };
  await demo.review.publish({ ...at, note: "bench:mcp as seeded" });
  const catalog = await db.catalog.findFirstOrThrow({ where: { slug: DEMO_CATALOG, team: { slug: DEMO_TEAM } } });
  await db.tool.updateMany({
    where: { catalogId: catalog.id, exposure: "direct" },
    data: { exposure: "deferred", revision: { increment: 1 } },
  });
  await demo.review.publish({ ...at, note: "bench:mcp every tool deferred" });
  return (await demo.token.create({ ...at, name: "bench-mcp" })).secret;
}

async function main() {
  const report = recordBenchOutput("mcp", "stockroom mcp: turn-one tokens, search and call overhead");
  const handle = await createTestDatabase("pglite");
  globals.stockroomDb = Promise.resolve(handle);
  globals.stockroomAgentLimiter = new TokenBucketLimiter(1_000_000);
  const server: Server = createServer(createNodeAgentHandler());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const loadBefore = loadavg()[0]!;
  try {
    const secret = await publishDemo(handle);
    const work = mkdtempSync(path.join(tmpdir(), "stockroom-bench-mcp-"));
    const servers = path.join(work, "servers.json");
    const everything = { command: process.execPath, args: [binOf("@modelcontextprotocol/server-everything"), "stdio"] };
    writeFileSync(servers, JSON.stringify({ mcpServers: { everything } }));
    const target = { url, token: secret, team: DEMO_TEAM, catalog: DEMO_CATALOG };
    const args = (version: number) => [
      ...["--url", url, "--team", DEMO_TEAM, "--catalog", DEMO_CATALOG, "--version", String(version)],
      ...[
        "--servers",
        servers,
        "--cache-dir",
        path.join(work, "cache"),
        ...(process.env.NOTEL ? ["--no-telemetry"] : []),
      ],
    ];
    const env = { STOCKROOM_TOKEN: secret };
    // Timings first: the tokenizer's tables, loaded for the token counts, would weigh on this process's timings.
    await benchSearchAndCall(target, args(2), env, everything);
    await benchTurnOne(target, args, env);
    console.log(
      `Machine load (1 min average, ${os.cpus().length} cores): ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
    );
    report.write();
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await handle.close();
  }
}

async function benchTurnOne(
  target: { url: string; token: string; team: string; catalog: string },
  args: (version: number) => string[],
  env: Record<string, string>,
) {
  const v1 = await connect({ ...target, version: 1, telemetry: false });
  const direct = directTurnOne(v1.snapshot);
  console.log(
    `Turn one, tools/list of the demo catalog's ${direct.servers} MCP servers configured directly: ${direct.tools} tools, ${direct.tokens} tokens (o200k, tool JSON)`,
  );
  for (const [version, label] of [
    [1, "as seeded (github, filesystem direct)"],
    [2, "every tool deferred"],
  ] as const) {
    const gateway = await startStockroomMcp(args(version), env);
    const { tools } = await gateway.client.listTools();
    const tokens = tokensOf({ tools });
    console.log(
      `  through stockroom mcp, v${version} ${label}: ${tools.length} tools, ${tokens} tokens = ${((100 * tokens) / direct.tokens).toFixed(1)}% (${(direct.tokens / tokens).toFixed(1)}× fewer)`,
    );
    await gateway.close();
  }
}

async function benchSearchAndCall(
  target: { url: string; token: string; team: string; catalog: string },
  args: string[],
  env: Record<string, string>,
  everything: { command: string; args: string[] },
) {
  const queries = readFileSync(path.join(repoRoot, "prisma/seed-data/queries.dev.jsonl"), "utf8")
    .trim()
    .split("\n")
    .slice(0, QUERIES)
    .map((line) => (JSON.parse(line) as { query: string }).query);
  const local = await connect({ ...target, version: 2, telemetry: false });
  const gateway = await startStockroomMcp(args, env);
  const direct = new Client({ name: "bench-direct", version: "1.0.0" });
  await direct.connect(new StdioClientTransport({ ...everything, stderr: "ignore" }));
  try {
    const inProcess: number[] = [];
    const through: number[] = [];
    for (const round of [0, 1]) {
      for (const query of queries) {
        await timed(round ? inProcess : [], async () => local.search(query));
        await timed(round ? through : [], () =>
          gateway.client.callTool({ name: "search_tools", arguments: { query } }),
        );
      }
    }
    console.log(
      `Search, ${queries.length} golden queries (second pass): SDK in process p50 ${ms(quantile(inProcess, 0.5))} p95 ${ms(quantile(inProcess, 0.95))}; ` +
        `search_tools through stockroom mcp (stdio round trip) p50 ${ms(quantile(through, 0.5))} p95 ${ms(quantile(through, 0.95))}`,
    );
    await gateway.client.callTool({ name: "search_tools", arguments: { query: "echo back the input message" } });
    const [plain, proxied] = await timeCalls(direct, gateway.client);
    const overhead = quantile(proxied, 0.5) - quantile(plain, 0.5);
    console.log(
      `Call, everything.echo × ${ROUNDS}: direct p50 ${ms(quantile(plain, 0.5))} p95 ${ms(quantile(plain, 0.95))}; ` +
        `through stockroom mcp p50 ${ms(quantile(proxied, 0.5))} p95 ${ms(quantile(proxied, 0.95))} ` +
        `(+${ms(overhead)} at p50, ${(quantile(proxied, 0.5) / quantile(plain, 0.5)).toFixed(2)}× direct)`,
    );
  } finally {
    await Promise.allSettled([direct.close(), gateway.close(), local.close()]);
  }
}

/** Interleaved, after a warm-up: the upstream is started and both paths' first calls are not counted. */
async function timeCalls(direct: Client, gateway: Client): Promise<[number[], number[]]> {
  const plain: number[] = [];
  const proxied: number[] = [];
  const call = (client: Client, i: number) => client.callTool({ name: "echo", arguments: { message: `m${i}` } });
  for (let i = 0; i < 10; i++) await Promise.all([call(direct, i), call(gateway, i)]);
  for (let i = 0; i < ROUNDS; i++) {
    await timed(plain, () => call(direct, i));
    await timed(proxied, () => call(gateway, i));
  }
  return [plain, proxied];
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
