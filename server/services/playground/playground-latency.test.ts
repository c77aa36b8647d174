// Latency at 5,000 tools (issue 5: "results in well under a second"). Prints the numbers; asserts only
// behaviour (the index is built once, then reused while typing), never timings.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { rankingSourceBuilds } from "./ranking-source";

const TOOL_COUNT = 5_000;
const QUERIES = [
  "create a pull request",
  "list open issues",
  "read file contents",
  "search slack messages",
  "weather forecast",
  "send an email",
  "query the database",
  "restart a kubernetes pod",
  "upload a file to s3",
  "schedule a meeting",
];

const { db } = useTestDatabase();

interface CorpusTool {
  namespace: string;
  name: string;
  description: string;
  parameters: Prisma.InputJsonValue;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;

async function timed<T>(call: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await call();
  return [result, performance.now() - started];
}

/** A catalog of TOOL_COUNT deferred tools: the real MCP corpus, copied into numbered namespaces. */
async function seedLargeCatalog() {
  const corpus = readFileSync(path.resolve(import.meta.dirname, "../../../prisma/seed-data/tools.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as CorpusTool);
  const { team, viewer } = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, team.id);
  // The real MCP corpus, copied into numbered namespaces until there are 5,000 tools.
  const copies = Math.ceil(TOOL_COUNT / corpus.length);
  const namespaceNames = [...new Set(corpus.map((t) => t.namespace))].flatMap((ns) =>
    Array.from({ length: copies }, (_, c) => `${ns}_${c}`),
  );
  await db.namespace.createMany({
    data: namespaceNames.map((name) => ({
      catalogId: catalog.id,
      name,
      description: `${name.replace(/_\d+$/, "")} tools`,
    })),
  });
  const namespaceIds = new Map(
    (await db.namespace.findMany({ where: { catalogId: catalog.id } })).map((ns) => [ns.name, ns.id]),
  );
  const rows = Array.from({ length: TOOL_COUNT }, (_, i) => {
    const tool = corpus[i % corpus.length]!;
    const ns = `${tool.namespace}_${Math.floor(i / corpus.length)}`;
    return {
      catalogId: catalog.id,
      namespaceId: namespaceIds.get(ns)!,
      key: `${ns}.${tool.name}`,
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      exposure: "deferred" as const,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.tool.createMany({ data: rows.slice(i, i + 1000) });
  return { team, viewer, catalog, rows };
}

describe(`playground at ${TOOL_COUNT} tools`, () => {
  it("answers typed queries from the cached index", async () => {
    const { team, viewer, catalog, rows } = await seedLargeCatalog();

    const api = callerFor(db, viewer).playground;
    const input = { team: team.slug, catalog: catalog.slug };
    const [first, cold] = await timed(() => api.search({ ...input, query: "c" }));
    expect(first.indexed).toBe(TOOL_COUNT);
    const builds = rankingSourceBuilds();
    const warm: number[] = [];
    const engine: number[] = [];
    for (const query of QUERIES) {
      // Each keystroke of the query, as a debounced client could send it.
      for (const prefix of [query.slice(0, 6), query]) {
        const [result, ms] = await timed(() => api.search({ ...input, query: prefix }));
        warm.push(ms);
        engine.push(result.tookMs);
      }
    }
    expect(rankingSourceBuilds()).toBe(builds);
    const [codex, codexCold] = await timed(() =>
      api.search({ ...input, query: "create a pull request", profile: "codex-bm25" }),
    );
    expect(codex.hits.length).toBeGreaterThan(0);
    const [, explainMs] = await timed(() =>
      api.explain({ ...input, query: "create a pull request", key: rows[1]!.key }),
    );
    const [preview, previewCold] = await timed(() =>
      callerFor(db, viewer).firstRequest.get({ ...input, provider: "openai", supportsToolSearch: true }),
    );
    const [, previewWarm] = await timed(() =>
      callerFor(db, viewer).firstRequest.get({ ...input, provider: "openai", supportsToolSearch: true }),
    );
    expect(preview.cost.toolCount).toBe(TOOL_COUNT);

    const report = {
      tools: TOOL_COUNT,
      coldFirstQueryMs: Math.round(cold),
      warmQueryMedianMs: Math.round(median(warm)),
      warmQueryP95Ms: Math.round(p95(warm)),
      serviceMedianMs: median(engine),
      codexProfileFirstQueryMs: Math.round(codexCold),
      explainMs: Math.round(explainMs),
      firstRequestColdMs: Math.round(previewCold),
      firstRequestWarmMs: Math.round(previewWarm),
      everythingDirectTokens: preview.cost.everythingDirect,
      withSearchTokens: preview.cost.withSearch,
    };
    console.log(`[playground latency] ${JSON.stringify(report)}`);
  }, 300_000);
});
