// `npm run bench:hosted-search`: the server time of hosted search (POST …/search without the token gate and
// the socket: body validation, the cached index, ranking, the provider item and the JSON answer) at 5,000
// tools, beside the peer the same run measures, the SDK's local `catalog.search()` on the same snapshot. Both
// profiles, formats `hits` and `openai`, the 50 golden queries of the demo corpus × ROUNDS. Goal: p95 ≤ 5 ms.
// Options: --tools N (5000) --rounds N (20).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { StockroomCatalog } from "../sdk/catalog";
import {
  sealSnapshot,
  SNAPSHOT_FORMAT,
  type Snapshot,
  type SnapshotContent,
  type SnapshotTool,
} from "../domain/snapshot/verify";
import { cachedSearchableSnapshot, searchSnapshot } from "../server/services/snapshots/hosted-search";
import { searchRequestSchema } from "../domain/agent-api/schemas";
import { ENGINE_PROFILES, type EngineProfile } from "../search/settings";
import { writeBenchSection } from "./lib/bench-report";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] ? argv[at + 1]! : fallback;
};
const TOOL_COUNT = Number(option("tools", "5000"));
const ROUNDS = Number(option("rounds", "20"));
const DEPLOYMENTS = ["eu", "staging", "internal", "sandbox", "legacy", "team", "cloud", "enterprise"];

const readJsonl = <T>(file: string) =>
  readFileSync(path.join(repoRoot, "prisma/seed-data", file), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as T);

/** The demo corpus plus the same servers deployed elsewhere (`<namespace>_<deployment>`), TOOL_COUNT tools. */
function catalogContent(profile: EngineProfile): SnapshotContent {
  const corpus = readJsonl<{
    namespace: string;
    name: string;
    description: string;
    parameters: Record<string, unknown>;
  }>("tools.jsonl");
  const tools: SnapshotTool[] = [];
  for (let copy = 0; tools.length < TOOL_COUNT; copy++) {
    for (const tool of corpus) {
      if (tools.length === TOOL_COUNT) break;
      const namespace =
        copy === 0
          ? tool.namespace
          : `${tool.namespace}_${DEPLOYMENTS[(copy - 1) % DEPLOYMENTS.length]}${copy > DEPLOYMENTS.length ? copy : ""}`;
      const description =
        copy === 0 ? tool.description : `${tool.description} (${namespace.replace(/_/g, " ")} deployment)`;
      const spec = {
        type: "function" as const,
        name: tool.name,
        description,
        parameters: tool.parameters,
        strict: false,
      };
      tools.push({
        id: `${namespace}.${tool.name}`,
        namespace,
        name: tool.name,
        exposure: "deferred",
        fallback: "hidden",
        searchText: `${tool.name.replace(/_/g, " ")} ${description}`,
        spec,
      });
    }
  }
  tools.sort((a, b) => (a.id < b.id ? -1 : 1));
  const namespaces = [...new Set(tools.map((tool) => tool.namespace!))]
    .sort()
    .map((name) => ({ name, description: `Tools of the ${name} server.` }));
  return {
    format: SNAPSHOT_FORMAT,
    catalog: { team: "bench", slug: "hosted", name: "Hosted search bench" },
    engine: { profile, k1: 1.2, b: 0.75, defaultLimit: 8 },
    namespaces,
    tools,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Every sample a query no call has seen (a golden query plus one corpus word): the stockroom engine memoises
 * query analysis, so a repeated query would measure the memo, and the call measured first would pay for the others.
 */
function variants(queries: readonly string[], words: readonly string[], lane: number, calls: number): string[] {
  const out: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    queries.forEach((query, i) =>
      out.push(`${query} ${words[(((round * calls + lane) * queries.length + i) * 7919) % words.length]}`),
    );
  }
  return out;
}

/** The calls interleaved, in turns that rotate who goes first, so JIT warm-up and word memos favour none. */
function timeInterleaved(
  calls: ReadonlyArray<{ run: (query: string) => unknown; inputs: readonly string[] }>,
): Array<{ p50: number; p95: number }> {
  const samples = calls.map(() => [] as number[]);
  for (let i = 0; i < calls[0]!.inputs.length; i++) {
    for (let turn = 0; turn < calls.length; turn++) {
      const lane = (i + turn) % calls.length;
      const started = performance.now();
      calls[lane]!.run(calls[lane]!.inputs[i]!);
      samples[lane]!.push(performance.now() - started);
    }
  }
  return samples.map((lane) => {
    lane.sort((a, b) => a - b);
    return { p50: percentile(lane, 50), p95: percentile(lane, 95) };
  });
}

const ms = (value: number) => value.toFixed(3);

async function benchProfile(
  profile: EngineProfile,
  queries: readonly string[],
  words: readonly string[],
): Promise<string[]> {
  const snapshot: Snapshot = await sealSnapshot(catalogContent(profile), 1, "2026-01-01T00:00:00.000Z");
  const key = `bench-${profile}`;
  const built = performance.now();
  cachedSearchableSnapshot(key, snapshot);
  const buildMs = performance.now() - built;
  const local = new StockroomCatalog(
    { url: "http://unused", token: "unused", team: "bench", catalog: "hosted" },
    snapshot,
    "network",
  );
  const hosted = (format: "hits" | "openai") => (query: string) => {
    const body = searchRequestSchema.parse(
      JSON.parse(JSON.stringify({ query, format, ...(format === "openai" ? { call_id: "call_1" } : {}) })),
    );
    return JSON.stringify(searchSnapshot(cachedSearchableSnapshot(key, snapshot), body));
  };
  for (const query of queries)
    [hosted("hits"), hosted("openai"), (q: string) => local.search(q)].forEach((run) => run(query)); // warm-up
  const names = ["hosted, format hits", "hosted, format openai", "SDK local `catalog.search()` (peer)"];
  const runs = [hosted("hits"), hosted("openai"), (query: string) => local.search(query)];
  const timings = timeInterleaved(
    runs.map((run, lane) => ({ run, inputs: variants(queries, words, lane, runs.length) })),
  );
  const rows = names.map((name, lane) => [name, timings[lane]!] as const);
  const peer = rows[2]![1];
  console.log(`${profile}: index built once in ${buildMs.toFixed(0)} ms`);
  return rows.map(([name, { p50, p95 }]) => {
    const line = `| ${profile} | ${name} | ${ms(p50)} | ${ms(p95)} | ${(p95 / peer.p95).toFixed(2)}× |`;
    console.log(line);
    return line;
  });
}

async function main() {
  const queries = readJsonl<{ query: string }>("queries.dev.jsonl").map((q) => q.query);
  const corpus = readJsonl<{ description: string }>("tools.jsonl");
  const words = [...new Set(corpus.flatMap((tool) => tool.description.toLowerCase().match(/[a-z]{4,}/g) ?? []))].sort();
  const lines: string[] = [];
  for (const profile of [...ENGINE_PROFILES].reverse()) lines.push(...(await benchProfile(profile, queries, words)));
  const body = [
    `${TOOL_COUNT} deferred tools (the demo corpus and deployed copies), ${queries.length} golden queries × ${ROUNDS} rounds per row,`,
    "each sample a query no call saw before (golden query + one corpus word), so no memo answers it.",
    "Server time = body validation + cached index + ranking + provider item + JSON answer (no token gate, no socket).",
    "Goal: hosted p95 ≤ 5 ms.",
    "",
    "| profile | call | p50 ms | p95 ms | p95 vs local |",
    "| --- | --- | --- | --- | --- |",
    ...lines,
  ].join("\n");
  writeBenchSection("hosted-search", "Hosted search (server time vs local SDK)", body);
}

await main();
