// `npm run bench:edit`: edit-and-see at 5,000 tools. Each sample edits one tool through the real service
// (updateTool: a transaction with the audit event) and times the playground's next search (searchPlayground:
// draft freshness check, changed rows, index, ranking, explanations) for a word only the edit added, checking
// that the edited tool ranks first. The peer is a full rebuild: the same edit, with the draft and index caches
// cleared, so the search reads every row and builds the index from scratch (analysis memo warm, as in a
// running server). Goal (issue 20 item 6): edit visible within 100 ms p95. On embedded PGlite and, when one
// answers, on the Postgres server. Options: --tools N (5000) --edits N (30) --db pglite|postgres|both (both).
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Prisma, PrismaClient } from "@prisma/client";
import pg from "pg";
import { clearRankingSources } from "../server/services/playground/ranking-source";
import { searchPlayground } from "../server/services/playground/search-playground";
import { clearDraftCache } from "../server/services/draft/draft-cache";
import { updateTool } from "../server/services/tools/update-tool";
import { createTestDatabase, TEST_PG_ADMIN_URL } from "../server/testing/test-db";
import { writeBenchSection } from "./lib/bench-report";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] ? argv[at + 1]! : fallback;
};
const TOOL_COUNT = Number(option("tools", "5000"));
const EDITS = Number(option("edits", "30"));
const DBS = option("db", "both");
const QUERY = "create a pull request";

interface CorpusTool {
  namespace: string;
  name: string;
  description: string;
  parameters: Prisma.InputJsonValue;
}

/** The real MCP corpus copied into numbered namespaces until there are `count` tools. */
async function seedCatalog(db: PrismaClient, count: number) {
  const corpus = readFileSync(path.join(repoRoot, "prisma/seed-data/tools.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as CorpusTool);
  const team = await db.team.create({ data: { slug: `bench-edit-${Date.now().toString(36)}`, name: "Bench" } });
  const catalog = await db.catalog.create({ data: { teamId: team.id, slug: "tools", name: "Bench tools" } });
  const copies = Math.ceil(count / corpus.length);
  const names = [...new Set(corpus.map((t) => t.namespace))].flatMap((ns) =>
    Array.from({ length: copies }, (_, c) => `${ns}_${c}`),
  );
  await db.namespace.createMany({
    data: names.map((name) => ({ catalogId: catalog.id, name, description: `${name.replace(/_\d+$/, "")} tools` })),
  });
  const ids = new Map((await db.namespace.findMany({ where: { catalogId: catalog.id } })).map((n) => [n.name, n.id]));
  const rows = Array.from({ length: count }, (_, i) => {
    const tool = corpus[i % corpus.length]!;
    const ns = `${tool.namespace}_${Math.floor(i / corpus.length)}`;
    return {
      catalogId: catalog.id,
      namespaceId: ids.get(ns)!,
      key: `${ns}.${tool.name}`,
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.tool.createMany({ data: rows.slice(i, i + 1000) });
  const tools = await db.tool.findMany({
    where: { catalogId: catalog.id },
    select: { id: true, key: true },
    orderBy: { key: "asc" },
  });
  return { team, catalog, tools };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!;

interface Series {
  edit: number[];
  visible: number[];
  missed: number;
}

async function bench(kind: "pglite" | "postgres") {
  clearDraftCache();
  clearRankingSources();
  const handle = await createTestDatabase(kind);
  try {
    const { db } = handle;
    const { team, catalog, tools } = await seedCatalog(db, TOOL_COUNT);
    const actor = { id: null, label: "bench" };
    const search = (query: string) => searchPlayground({ db, team, catalog, query, version: null, limit: 8 });
    await search(QUERY); // the first index, as an open playground has it
    const warm: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await search(QUERY);
      warm.push(performance.now() - started);
    }
    const series: Record<"in place" | "full rebuild", Series> = {
      "in place": { edit: [], visible: [], missed: 0 },
      "full rebuild": { edit: [], visible: [], missed: 0 },
    };
    const revisions = new Map<string, number>();
    for (let i = 0; i < EDITS * 2; i++) {
      const mode = i % 2 === 0 ? "in place" : "full rebuild";
      const tool = tools[(i * 7919) % tools.length]!;
      const word = `zqx${i.toString(36)}edit`;
      let started = performance.now();
      const edited = await updateTool({
        db,
        catalog,
        actor,
        id: tool.id,
        revision: revisions.get(tool.id) ?? 1,
        patch: { searchTextMode: "generated+extra", searchTextExtra: word },
      });
      revisions.set(tool.id, edited.revision);
      series[mode].edit.push(performance.now() - started);
      if (mode === "full rebuild") {
        clearDraftCache();
        clearRankingSources();
      }
      started = performance.now();
      const result = await search(word);
      series[mode].visible.push(performance.now() - started);
      if (result.hits[0]?.key !== tool.key) series[mode].missed++;
    }
    return { kind, warm, series };
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

const results = [];
if (DBS === "pglite" || DBS === "both") results.push(await bench("pglite"));
if ((DBS === "postgres" || DBS === "both") && (await isPostgresUp())) results.push(await bench("postgres"));

const ms = (x: number) => x.toFixed(1);
const lines = [
  `${TOOL_COUNT} tools (stockroom profile), ${EDITS} edits per row, each through updateTool; "visible" = the playground's next`,
  `search for the word the edit added (the edited tool must rank first). Peer: the same edit followed by a full`,
  `rebuild (draft and index caches cleared: every row read, index built from scratch, analysis memo warm).`,
  `Load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores while measuring: wall times inflate with load; compare rows of one run.`,
  "",
  "| database | path | edit p50 ms | visible p50 ms | visible p95 ms | p95 vs full rebuild | missed | warm search p50 ms |",
  "| --- | --- | --- | --- | --- | --- | --- | --- |",
];
for (const { kind, warm, series } of results) {
  const peer = percentile(series["full rebuild"].visible, 0.95);
  for (const [path, s] of Object.entries(series)) {
    const p95 = percentile(s.visible, 0.95);
    lines.push(
      `| ${kind} | ${path} | ${ms(percentile(s.edit, 0.5))} | ${ms(percentile(s.visible, 0.5))} | ${ms(p95)} | ${(p95 / peer).toFixed(2)}× | ${s.missed} | ${ms(percentile(warm, 0.5))} |`,
    );
  }
}
const inPlace = results
  .map(({ kind, series }) => `${kind} ${ms(percentile(series["in place"].visible, 0.95))} ms`)
  .join(", ");
lines.push("", `Goal: an edit visible within 100 ms p95 — in place: ${inPlace}.`);
console.log(lines.join("\n"));
if (!argv.includes("--no-write"))
  writeBenchSection("edit", "Edit-and-see at 5,000 tools (`npm run bench:edit`)", lines.join("\n"));
