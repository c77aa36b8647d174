// `npx tsx scripts/profile-search-build.ts [--profile stockroom|codex-bm25] [--tools N] [--runs N] [--digest]`: builds
// the bench:search index from scratch (analysis memories forgotten) `runs` times and prints each build's time, for
// profiling with `node --cpu-prof --import tsx scripts/profile-search-build.ts`. --digest also prints a digest of
// every bench query's top 8 (exact scores, strength) and its first hit's explanation: speed work must leave it alone.
import { createHash } from "node:crypto";
import { loadavg } from "node:os";
import { createSearchIndex, ENGINE_PROFILES, forgetAnalysedTexts, type EngineProfile } from "../search/index";
import { makeQueries, makeTools } from "./lib/bench-search-corpus";

const argv = process.argv.slice(2);
const optionOf = (name: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
};
const profile = (optionOf("profile") ?? "stockroom") as EngineProfile;
if (!ENGINE_PROFILES.includes(profile)) throw new Error(`unknown profile ${profile}`);
const docs = makeTools(Number(optionOf("tools") ?? 10_000));
const runs = Number(optionOf("runs") ?? 5);

const times: number[] = [];
/** CPU time of this thread per build: under load it inflates far less than wall time. */
const cpuTimes: number[] = [];
let index = createSearchIndex(docs.slice(0, 1000), { profile }); // warm the JIT, as the bench does
for (let run = 0; run < runs; run++) {
  forgetAnalysedTexts();
  const started = performance.now();
  const cpu = process.cpuUsage();
  index = createSearchIndex(docs, { profile });
  times.push(performance.now() - started);
  const used = process.cpuUsage(cpu);
  cpuTimes.push((used.user + used.system) / 1000);
}
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${values.map((t) => t.toFixed(0)).join(", ")} ms; min ${sorted[0]!.toFixed(0)}, median ${sorted[Math.floor(runs / 2)]!.toFixed(0)}`;
};
console.log(`${profile}, ${docs.length} tools (load ${loadavg()[0]!.toFixed(1)})`);
console.log(`  wall: ${summary(times)}`);
console.log(`  cpu:  ${summary(cpuTimes)}`);

if (argv.includes("--digest")) {
  const hash = createHash("sha256");
  for (const query of makeQueries(docs)) {
    const hits = index.search(query, 8);
    const explained = hits.length > 0 ? index.explain(query, hits[0]!.id) : null;
    hash.update(JSON.stringify({ query, hits, strength: index.strength(query), explained }));
  }
  console.log(`rankings digest ${hash.digest("hex").slice(0, 16)}`);
}
