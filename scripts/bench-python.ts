// The Python SDK's local ranking (python/stockroom/stockroom_profile) against the TypeScript SDK's, on the same
// documents and requests: the demo catalog (../shared/corpus/tools.jsonl) with every request of its labelled sets
// (p50 and p95 of one search, after a warm-up pass), and a 10,000-tool catalog built from scratch (analysis memories
// emptied first on both sides). Goal (issue 36): Python's p50 and its build each within 10× of TypeScript's.
// Run: npm run bench:python (needs /usr/bin/python3 with snowballstemmer and PyICU, as the tests do).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSearchIndex, type IndexDoc } from "../search/index";
import { forgetAnalysedTexts } from "../search/engine/stockroom-engine";
import { CATALOG_IDS, readCatalog, readManifest, readSetQueries } from "../search/testing/labelled-sets";
import { PYTHON_DIR, testPython } from "../server/testing/python";
import { recordBenchOutput } from "./lib/bench-report";

const BIG = 10_000;
const BUILDS = 3;

const PYTHON_BENCH = `
import json, sys, time
sys.path.insert(0, sys.argv[2])
from stockroom.stockroom_profile import StockroomIndex, analyzer
data = json.load(open(sys.argv[1], encoding="utf-8"))
entries = lambda docs: [(d["id"], d["text"], d.get("name"), d.get("namespace")) for d in docs]
StockroomIndex(entries(data["demo"][:20]))  # resolves the vocabulary once, as TypeScript keeps it
def cold_build(docs):
    analyzer._runs.clear(); analyzer._stem = None
    started = time.perf_counter(); StockroomIndex(docs); return (time.perf_counter() - started) * 1000
index = StockroomIndex(entries(data["demo"]))
for q in data["queries"]: index.search(q, 8)
times = []
for q in data["queries"]:
    started = time.perf_counter(); index.search(q, 8); times.append((time.perf_counter() - started) * 1000)
big = entries(data["big"])
builds = [cold_build(big) for _ in range(${BUILDS})]
print(json.dumps({"times": times, "builds": builds}))
`;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** BIG tools from the three catalogs, each copy in a namespace and with a word of its own, so texts differ. */
function bigCatalog(): IndexDoc[] {
  const all = CATALOG_IDS.flatMap((id) => readCatalog(id));
  return Array.from({ length: BIG }, (_, i) => {
    const doc = all[i % all.length]!;
    const round = Math.floor(i / all.length);
    const namespace = `${doc.namespace ?? "tools"}${round}`;
    return { ...doc, id: `${namespace}.${doc.name}`, namespace, text: `${doc.text} copy${round}` };
  });
}

function typescriptRun(demo: IndexDoc[], queries: string[], big: IndexDoc[]) {
  createSearchIndex(demo.slice(0, 20), { profile: "stockroom" });
  const index = createSearchIndex(demo, { profile: "stockroom" });
  for (const query of queries) index.search(query, 8);
  const times = queries.map((query) => {
    const started = performance.now();
    index.search(query, 8);
    return performance.now() - started;
  });
  const builds = Array.from({ length: BUILDS }, () => {
    forgetAnalysedTexts();
    const started = performance.now();
    createSearchIndex(big, { profile: "stockroom" });
    return performance.now() - started;
  });
  return { times, builds };
}

function main() {
  const report = recordBenchOutput("python", "Python SDK local ranking vs the TypeScript SDK (stockroom profile)");
  const demo = readCatalog("demo");
  const queries = readManifest()
    .filter((set) => set.catalog === "demo")
    .flatMap((set) => readSetQueries(set).map((q) => q.query));
  const big = bigCatalog();
  const ts = typescriptRun(demo, queries, big);
  const dir = mkdtempSync(path.join(tmpdir(), "bench-python-"));
  try {
    const input = path.join(dir, "input.json");
    writeFileSync(input, JSON.stringify({ demo, queries, big }));
    const run = spawnSync(testPython(), ["-c", PYTHON_BENCH, input, PYTHON_DIR], {
      encoding: "utf8",
      maxBuffer: 2 ** 26,
    });
    if (run.status !== 0) throw new Error(`python bench failed: ${run.stderr}`);
    const py = JSON.parse(run.stdout) as { times: number[]; builds: number[] };
    const row = (what: string, t: number, p: number, unit = "ms") =>
      `${what.padEnd(34)} TypeScript ${t.toFixed(3).padStart(9)} ${unit}   Python ${p.toFixed(3).padStart(9)} ${unit}   ratio ${(p / t).toFixed(1)}×`;
    console.log(`demo catalog: ${demo.length} tools, ${queries.length} requests of its labelled sets, top 8`);
    console.log(row("search p50", quantile(ts.times, 0.5), quantile(py.times, 0.5)));
    console.log(row("search p95", quantile(ts.times, 0.95), quantile(py.times, 0.95)));
    console.log(`${BIG.toLocaleString("en")}-tool catalog built from scratch (median of ${BUILDS})`);
    console.log(row("build", quantile(ts.builds, 0.5), quantile(py.builds, 0.5)));
    const p50 = quantile(py.times, 0.5) / quantile(ts.times, 0.5);
    const build = quantile(py.builds, 0.5) / quantile(ts.builds, 0.5);
    console.log(
      `goal: within 10× of TypeScript — search p50 ${p50 <= 10 ? "met" : "MISSED"} (${p50.toFixed(1)}×), build ${build <= 10 ? "met" : "MISSED"} (${build.toFixed(1)}×)`,
    );
    report.write();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
