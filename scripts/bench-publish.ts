// `npm run bench:publish`: publish of a 5,000-tool catalog plus the review over 200 golden queries, on
// embedded PGlite (in memory) and, when one answers, on the Postgres server. The catalog is the real MCP
// corpus (prisma/seed-data/tools.jsonl) plus deterministic variants (the same servers deployed for other
// regions and teams); golden queries are phrases from tool descriptions. Each run edits 25 tools, then
// times the review (draft vs latest) and the publish, which reuses the draft (and its rankings) the review
// read once the database shows no row changed since; the engine-only share is the time spent in search/
// (index builds, 2 × 200 rankings, metrics). The peer is a bare INSERT of the same sealed payload on the
// plain driver (what publishing uses), the floor any publish pays to store it; the same INSERT through
// Prisma is shown beside it. Caches are cleared before each database, so nothing carries over.
// Options: --tools N (5000) --queries N (200) --runs N (3) --db pglite|postgres|both (both).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Prisma, PrismaClient } from "@prisma/client";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../server/db/open";
import { clearPublishedVersionCache } from "../server/services/review/catalog-state";
import type { EngineTimer } from "../server/services/review/engine-timer";
import { publishSnapshot } from "../server/services/review/publish-snapshot";
import { clearRankingCaches } from "../server/services/review/ranking-cache";
import { reviewDraft } from "../server/services/review/review-draft";
import { clearDraftCache } from "../server/services/draft/draft-cache";
import { createTestDatabase, TEST_PG_ADMIN_URL } from "../server/testing/test-db";
import { recordBenchOutput } from "./lib/bench-report";
import { seededRandom } from "./lib/seeded-random";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const report = recordBenchOutput("publish", "Review and publish (`npm run bench:publish`)");
const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] ? argv[at + 1]! : fallback;
};
const TOOL_COUNT = Number(option("tools", "5000"));
const QUERY_COUNT = Number(option("queries", "200"));
const RUNS = Number(option("runs", "3"));
const DBS = option("db", "both");
const EDITS_PER_RUN = 25;

interface CorpusTool {
  namespace: string;
  name: string;
  description: string;
  parameters: Prisma.InputJsonValue;
}

const DEPLOYMENTS = ["eu", "staging", "internal", "sandbox", "legacy", "team", "cloud", "enterprise"];
const DEPLOYMENT_NOTES: Record<string, string> = {
  eu: "Runs against the EU region.",
  staging: "Targets the staging workspace; data is reset nightly.",
  internal: "For the internal tenant only.",
  sandbox: "Sandbox account: no real side effects.",
  legacy: "Legacy API version, kept for older integrations.",
  team: "Scoped to the team workspace.",
  cloud: "Hosted cloud edition.",
  enterprise: "Enterprise edition with audit logging.",
};

function makeCatalogTools(count: number): CorpusTool[] {
  const base = readFileSync(path.join(repoRoot, "prisma/seed-data/tools.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as CorpusTool);
  const tools: CorpusTool[] = [];
  for (let i = 0; tools.length < count; i++) {
    const tool = base[i % base.length]!;
    const round = Math.floor(i / base.length);
    if (round === 0) {
      tools.push(tool);
      continue;
    }
    const deployment = DEPLOYMENTS[(round - 1) % DEPLOYMENTS.length]!;
    const suffix = round > DEPLOYMENTS.length ? `${deployment}${round}` : deployment;
    tools.push({
      ...tool,
      namespace: `${tool.namespace}_${suffix}`,
      description: `${tool.description.trim()} ${DEPLOYMENT_NOTES[deployment]}`,
    });
  }
  return tools;
}

/** A phrase of 3–7 words from the first sentence of a tool's description, answered by that tool. */
function makeGoldenQueries(tools: CorpusTool[], count: number): Array<{ query: string; gold: string[] }> {
  const next = seededRandom(7);
  const seen = new Set<string>();
  const queries: Array<{ query: string; gold: string[] }> = [];
  for (let attempt = 0; queries.length < count && attempt < count * 20; attempt++) {
    const tool = tools[Math.floor(next() * tools.length)]!;
    const words = (tool.description.split(/(?<=[.!?])\s/)[0] ?? "").toLowerCase().match(/[a-z0-9']+/g) ?? [];
    if (words.length < 3) continue;
    const length = Math.min(words.length, 3 + Math.floor(next() * 5));
    const start = Math.floor(next() * (words.length - length + 1));
    const query = words.slice(start, start + length).join(" ");
    if (seen.has(query)) continue;
    seen.add(query);
    queries.push({ query, gold: [`${tool.namespace}.${tool.name}`] });
  }
  return queries;
}

async function seedCatalog(db: PrismaClient, tools: CorpusTool[], golden: Array<{ query: string; gold: string[] }>) {
  const user = await db.user.create({
    data: { id: randomUUID(), name: "Bench", email: `bench-${randomUUID()}@example.test` },
  });
  const team = await db.team.create({ data: { slug: `bench-${randomUUID().slice(0, 8)}`, name: "Bench" } });
  const catalog = await db.catalog.create({ data: { teamId: team.id, slug: "tools", name: "Bench tools" } });
  const names = [...new Set(tools.map((t) => t.namespace))];
  await db.namespace.createMany({
    data: names.map((name) => ({
      catalogId: catalog.id,
      name,
      description: `Tools of the ${name.replace(/_/g, " ")} MCP server.`,
    })),
  });
  const ids = new Map((await db.namespace.findMany({ where: { catalogId: catalog.id } })).map((n) => [n.name, n.id]));
  for (let i = 0; i < tools.length; i += 1000) {
    await db.tool.createMany({
      data: tools.slice(i, i + 1000).map((t) => ({
        catalogId: catalog.id,
        namespaceId: ids.get(t.namespace)!,
        key: `${t.namespace}.${t.name}`,
        name: t.name,
        description: t.description,
        parameters: t.parameters,
        mcpServer: t.namespace,
      })),
    });
  }
  await db.evalQuery.createMany({
    data: golden.map((q) => ({ catalogId: catalog.id, query: q.query, expected: q.gold })),
  });
  return { actor: { id: user.id, label: user.email }, team, catalog };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;

type Seeded = Awaited<ReturnType<typeof seedCatalog>> & { db: PrismaClient; tools: CorpusTool[] };
type RunRow = { review: number; publish: number; engine: number; cpu: number; phases: Record<string, number> };

/** Version 1: the first publish, with no baseline to compare against. */
async function firstPublish({ db, team, catalog, actor }: Seeded) {
  const started = performance.now();
  const timer: EngineTimer = { engineMs: 0 };
  const v1 = await publishSnapshot({ db, team, catalog, actor, note: "v1", timer });
  return { v1, ms: performance.now() - started, engineMs: timer.engineMs };
}

/** Edits EDITS_PER_RUN random tools' descriptions (a seeded pick, the same every time). */
async function editTools({ db, catalog, tools }: Seeded, next: () => number, run: number) {
  for (let e = 0; e < EDITS_PER_RUN; e++) {
    const tool = tools[Math.floor(next() * tools.length)]!;
    await db.tool.update({
      where: { catalogId_key: { catalogId: catalog.id, key: `${tool.namespace}.${tool.name}` } },
      data: { description: `${tool.description} (revised in run ${run})`, revision: { increment: 1 } },
    });
  }
}

/** RUNS rounds of: edit tools, time the review (draft vs latest), time the publish. */
async function timeReviewAndPublish(seeded: Seeded): Promise<RunRow[]> {
  const { db, team, catalog, actor } = seeded;
  const rows: RunRow[] = [];
  const next = seededRandom(11);
  for (let run = 0; run < RUNS; run++) {
    await editTools(seeded, next, run);
    const timer: EngineTimer = { engineMs: 0 };
    const publishTimer: EngineTimer = { engineMs: 0, phases: {} };
    const cpuBefore = process.cpuUsage();
    let started = performance.now();
    const review = await reviewDraft({ db, team, catalog, timer });
    const reviewMs = performance.now() - started;
    started = performance.now();
    await publishSnapshot({
      db,
      team,
      catalog,
      actor,
      note: `run ${run}`,
      reason: "benchmark edits",
      timer: publishTimer,
    });
    const cpu = process.cpuUsage(cpuBefore);
    rows.push({
      review: reviewMs,
      publish: performance.now() - started,
      engine: timer.engineMs + publishTimer.engineMs,
      cpu: (cpu.user + cpu.system) / 1000,
      phases: publishTimer.phases!,
    });
    if (review.counts.worse + review.counts.changed === 0 && run === 0)
      console.log("  (note: the edits moved no golden query)");
  }
  return rows;
}

/** Peer: hash nothing, rank nothing, check nothing: store the same sealed payload text once more. */
async function timePeerInserts(handle: DatabaseHandle, { db, team, catalog }: Seeded, contentHash: string) {
  const { payload } = await db.snapshot.findFirstOrThrow({
    where: { catalogId: catalog.id, version: 1 },
    select: { payload: true },
  });
  const text = JSON.stringify(payload);
  const peerCatalog = await db.catalog.create({ data: { teamId: team.id, slug: "peer", name: "Peer" } });
  // The same storage settings as publishing (lz4 where the server has it).
  const LZ4 = `SELECT set_config('default_toast_compression', 'lz4', true)
      WHERE 'lz4' = ANY (SELECT unnest(enumvals) FROM pg_settings WHERE name = 'default_toast_compression')`;
  const INSERT = `INSERT INTO "Snapshot" ("id", "catalogId", "version", "contentHash", "payload", "metrics") VALUES ($1, $2, $3, $4, $5::json, '{}'::jsonb)`;
  let started = performance.now();
  await handle.sql.transaction(async (tx) => {
    await tx.query(LZ4);
    await tx.query(INSERT, [randomUUID(), peerCatalog.id, 1, contentHash, text]);
  });
  const insertMs = performance.now() - started;
  started = performance.now();
  await db.$transaction(async (tx) => {
    await tx.$queryRawUnsafe(LZ4);
    await tx.$executeRawUnsafe(INSERT, randomUUID(), peerCatalog.id, 2, contentHash, text);
  });
  return { insertMs, prismaInsertMs: performance.now() - started, bytes: Buffer.byteLength(text) };
}

type Timings = {
  first: Awaited<ReturnType<typeof firstPublish>>;
  rows: RunRow[];
  peer: Awaited<ReturnType<typeof timePeerInserts>>;
};

function printTimings(kind: "pglite" | "postgres", seeded: Seeded, queryCount: number, { first, rows, peer }: Timings) {
  const review = median(rows.map((r) => r.review));
  const publish = median(rows.map((r) => r.publish));
  const total = median(rows.map((r) => r.review + r.publish));
  const engine = median(rows.map((r) => r.engine));
  console.log(
    `\n${kind === "pglite" ? "PGlite (embedded, in memory)" : `Postgres server (${new URL(TEST_PG_ADMIN_URL).host})`}: ${seeded.tools.length} tools, ${queryCount} golden queries, payload ${(peer.bytes / 1e6).toFixed(1)} MB`,
  );
  console.log(`  first publish (no baseline)     ${ms(first.ms)}   engine ${ms(first.engineMs)}`);
  console.log(
    `  review, draft vs latest         ${ms(review)}   (median of ${RUNS} runs, ${EDITS_PER_RUN} tools edited per run)`,
  );
  console.log(`  publish (draft, check, insert)  ${ms(publish)}`);
  console.log(`  review + publish                ${ms(total)}   goal < 2000 ms: ${total < 2000 ? "met" : "NOT met"}`);
  console.log(
    `  CPU time of this process        ${ms(median(rows.map((r) => r.cpu)))}   (wall time inflates with machine load: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
  );
  console.log(
    `  engine-only share               ${ms(engine)}   ${((100 * engine) / total).toFixed(0)}% of review + publish`,
  );
  console.log(
    `  peer: bare INSERT of the payload ${ms(peer.insertMs)}   publish = ${(publish / peer.insertMs).toFixed(1)}× the bare insert (plain driver; through Prisma ${ms(peer.prismaInsertMs).trim()})`,
  );
  const phaseNames = Object.keys(rows[0]!.phases);
  console.log(
    `  publish phases (median): ${phaseNames.map((name) => `${name} ${median(rows.map((r) => r.phases[name] ?? 0)).toFixed(0)}`).join(", ")} ms`,
  );
  console.log(
    `  runs: ${rows.map((r) => `${r.review.toFixed(0)}+${r.publish.toFixed(0)} ms (engine ${r.engine.toFixed(0)})`).join(", ")}`,
  );
}

async function bench(kind: "pglite" | "postgres") {
  clearRankingCaches();
  clearPublishedVersionCache();
  clearDraftCache();
  const handle: DatabaseHandle =
    kind === "pglite" ? await openDatabase({ dataDir: "memory://" }) : await createTestDatabase("postgres");
  try {
    const tools = makeCatalogTools(TOOL_COUNT);
    const golden = makeGoldenQueries(tools, QUERY_COUNT);
    const { db } = handle;
    const seeded: Seeded = { ...(await seedCatalog(db, tools, golden)), db, tools };
    const first = await firstPublish(seeded);
    const rows = await timeReviewAndPublish(seeded);
    const peer = await timePeerInserts(handle, seeded, first.v1.contentHash);
    printTimings(kind, seeded, golden.length, { first, rows, peer });
  } finally {
    await handle.close();
  }
}

async function isPostgresUp(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (DBS === "pglite" || DBS === "both") await bench("pglite");
if (DBS === "postgres" || DBS === "both") {
  if (await isPostgresUp()) await bench("postgres");
  else
    console.log(
      `\nPostgres server: not reachable at ${new URL(TEST_PG_ADMIN_URL).host}; skipped (set STOCKROOM_TEST_PG_URL).`,
    );
}
report.write();
