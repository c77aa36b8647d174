// `npm run bench:search`: index build and query latency of search/ against MiniSearch, Orama and
// wink-bm25-text-search, measured in the same run on the same documents and queries. 10k tools = the real
// corpus plus deterministic variants (other namespaces, reworded names and descriptions). Prints our
// time as a ratio of each peer's. Options: --tools N (default 10000), --runs N (builds per engine, default 3).
import { availableParallelism, loadavg } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { create, insertMultiple, search as oramaSearch } from "@orama/orama";
import MiniSearch from "minisearch";
import winkBm25 from "wink-bm25-text-search";
import nlp from "wink-nlp-utils";
import {
  createSearchIndex,
  ENGINE_PROFILES,
  forgetAnalysedTexts,
  type EngineProfile,
  type IndexDoc,
} from "../search/index";
import { recordBenchOutput } from "./lib/bench-report";
import { makeQueries, makeTools } from "./lib/bench-search-corpus";

const report = recordBenchOutput("search", "Search engine speed (`npm run bench:search`)");

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const TOOL_COUNT = option("tools", 10_000);
const RUNS = option("runs", 3);

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

interface Engine {
  name: string;
  build(docs: readonly IndexDoc[]): Promise<(query: string) => unknown>;
}

const ours = (profile: EngineProfile): Engine => ({
  name: `search/ ${profile}`,
  async build(docs) {
    forgetAnalysedTexts(); // a build from scratch: the engine remembers analysed texts, runs and stems between indexes
    const index = createSearchIndex(docs, { profile });
    return (q) => index.search(q, 8);
  },
});

const minisearch: Engine = {
  name: "MiniSearch",
  async build(docs) {
    const index = new MiniSearch<IndexDoc>({ fields: ["text"], idField: "id" });
    index.addAll(docs);
    return (q) => index.search(q).slice(0, 8);
  },
};

const orama: Engine = {
  name: "Orama",
  async build(docs) {
    const db = create({ schema: { sid: "string", text: "string" } as const });
    await insertMultiple(
      db,
      docs.map((d) => ({ sid: d.id, text: d.text })),
      1000,
    );
    return (q) => oramaSearch(db, { term: q, properties: ["text"], limit: 8 });
  },
};

const wink: Engine = {
  name: "wink-bm25",
  async build(docs) {
    const engine = winkBm25();
    engine.defineConfig({ fldWeights: { text: 1 } });
    engine.definePrepTasks([
      nlp.string.lowerCase,
      nlp.string.removeExtraSpaces,
      nlp.string.tokenize0,
      nlp.tokens.removeWords,
      nlp.tokens.stem,
    ]);
    docs.forEach((d, i) => engine.addDoc({ text: d.text }, i));
    engine.consolidate();
    return (q) => engine.search(q, 8);
  },
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

interface Measurement {
  name: string;
  buildMs: number;
  queryMedianUs: number;
  queryP95Us: number;
  heapMb: number;
}

async function measure(engine: Engine, docs: readonly IndexDoc[], queries: readonly string[]): Promise<Measurement> {
  // Warm the JIT on a small build first, so run order does not favour anyone.
  const warm = await engine.build(docs.slice(0, 1000));
  for (const q of queries.slice(0, 50)) await warm(q);
  gc();
  const before = process.memoryUsage().heapUsed;
  let start = performance.now();
  const run = await engine.build(docs);
  const builds = [performance.now() - start];
  gc();
  const heapMb = (process.memoryUsage().heapUsed - before) / 2 ** 20;
  for (let r = 1; r < RUNS; r++) {
    start = performance.now();
    await engine.build(docs);
    builds.push(performance.now() - start);
  }
  for (const q of queries) await run(q); // warm-up
  const latencies: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const q of queries) {
      start = performance.now();
      await run(q);
      latencies.push((performance.now() - start) * 1000);
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    name: engine.name,
    buildMs: median(builds),
    queryMedianUs: percentile(latencies, 0.5),
    queryP95Us: percentile(latencies, 0.95),
    heapMb,
  };
}

async function main(): Promise<void> {
  const docs = makeTools(TOOL_COUNT);
  const queries = makeQueries(docs);
  console.log(
    `bench:search — ${docs.length} tools, ${queries.length} queries × 5 rounds, ${RUNS} builds per engine, node ${process.version}`,
  );
  const loadBefore = loadavg()[0]!;
  const peers = [minisearch, orama, wink];
  const results: Measurement[] = [];
  for (const engine of [...[...ENGINE_PROFILES].reverse().map(ours), ...peers])
    results.push(await measure(engine, docs, queries));
  console.log(
    `load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores while measuring: times inflate with load; the ratios compare engines of one run\n`,
  );
  const header = ["engine", "build ms", "query p50 µs", "query p95 µs", "heap MB"];
  const rows = results.map((r) => [
    r.name,
    r.buildMs.toFixed(0),
    r.queryMedianUs.toFixed(1),
    r.queryP95Us.toFixed(1),
    r.heapMb.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  for (const row of [header, ...rows])
    console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  "));
  const peerResults = results.filter((r) => peers.some((p) => p.name === r.name));
  const fastestBuild = Math.min(...peerResults.map((r) => r.buildMs));
  const fastestQuery = Math.min(...peerResults.map((r) => r.queryMedianUs));
  console.log("\nratios (ours ÷ peer; goal ≤ 0.5 against the fastest peer):");
  for (const mine of results.filter((r) => r.name.startsWith("search/"))) {
    for (const peer of peerResults) {
      console.log(
        `  ${mine.name} vs ${peer.name}: build ${(mine.buildMs / peer.buildMs).toFixed(2)}×, query p50 ${(mine.queryMedianUs / peer.queryMedianUs).toFixed(2)}×, p95 ${(mine.queryP95Us / peer.queryP95Us).toFixed(2)}×`,
      );
    }
    const meets = mine.buildMs <= 0.5 * fastestBuild && mine.queryMedianUs <= 0.5 * fastestQuery;
    console.log(
      `  ${mine.name}: build ${(mine.buildMs / fastestBuild).toFixed(2)}× and query ${(mine.queryMedianUs / fastestQuery).toFixed(2)}× the fastest peer — goal ${meets ? "met" : "not met"}`,
    );
  }
}

await main();
report.write();
