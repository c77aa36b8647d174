// Learns the `learned` vocabulary pack from ../shared/corpus/train/pairs.jsonl and writes
// search/vocabulary/learned.ts. Usage: npx tsx search/scripts/learn-relatedness.ts [--no-write] [--split-requests | --split-sources]
// The hyperparameters are chosen on a split of the training corpus itself, never on an evaluation set: a fifth of
// its tools (by hash) is held out with the requests served only by them, and those requests are ranked over all of
// their source's tools by a pack learned from the other pairs, so a link counts only if it carries over to tools it
// was not learned from, as in a catalog nobody trained on. (`--split-requests` holds out a fifth of the requests
// instead, whose tools the pack did see: that split rewarded memorised tools, see search/README.md. `--split-sources`
// holds out each training source in turn, learns from the other seven and averages the eight sources' nDCG@10: a
// catalog of another domain, 4,638 requests instead of 303; docs/search-tuning-log.md, "Learned relatedness, second pass".)
// Then the pack is learned from every pair with the chosen values. Same corpus, same output, byte for byte.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { IndexDoc } from "../engine/types";
import { evaluateRankings } from "../metrics";
import { createSearchIndex } from "../search-index";
import { readJsonl, REPO_ROOT } from "../testing/shared";
import { VOCABULARY_PACKS, type VocabularyPack } from "../vocabulary/packs";
import {
  type AnalysedPair,
  analysePairs,
  type LearnOptions,
  learnLinks,
  packText,
  requestHash,
  type TrainPair,
  toolText,
} from "./relatedness";

const PACK_FILE = path.join(REPO_ROOT, "search/vocabulary/learned.ts");
const BASE_PACKS = [
  { id: "general", version: 1 },
  { id: "popular-servers", version: 1 },
];
// perWord stops at 8 and maxWeight at 0.4 (the thesaurus' weight) by design: more links per word measured a little
// better on a split by requests but grow the pack (16 per word: 274 KB) that every SDK and the browser bundle carry.
const START: LearnOptions = { shrinkage: 64, minCount: 4, minDocs: 10, scale: 0.4, maxWeight: 0.2, perWord: 8 };
const GRID: { [K in keyof LearnOptions]: number[] } = {
  shrinkage: [16, 64, 256],
  minCount: [2, 4, 8],
  minDocs: [5, 10, 20],
  scale: [0.1, 0.2, 0.4, 0.8],
  maxWeight: [0.1, 0.2, 0.3, 0.4],
  perWord: [4, 8],
};

interface Source {
  name: string;
  docs: IndexDoc[];
  queries: Array<{ query: string; gold: string[] }>;
}

const BY_REQUEST = process.argv.includes("--split-requests");
const BY_SOURCE = process.argv.includes("--split-sources");

/** Held-out requests with the pairs a pack is learned from for them. */
interface Split {
  train: AnalysedPair[];
  sources: Source[];
}

/** The requests held out: a fifth of the requests, or (default) those whose every tool is a held-out tool. */
function heldRequests(pairs: readonly AnalysedPair[], heldTool: (toolId: string) => boolean): Set<string> {
  if (BY_REQUEST) return new Set(pairs.map((p) => p.request).filter((r) => requestHash(r) % 5 === 0));
  const seen = new Set(pairs.map((p) => p.request));
  for (const p of pairs) if (!heldTool(p.toolId)) seen.delete(p.request);
  return seen;
}

/** One split (a fifth of the tools, or of the requests), or with `--split-sources` one per training source. */
function splits(raw: readonly TrainPair[], pairs: readonly AnalysedPair[]): Split[] {
  const heldTools = BY_SOURCE
    ? [...new Set(raw.map((p) => p.source))].sort().map((source) => (toolId: string) => toolId.startsWith(`${source}/`))
    : [(toolId: string) => requestHash(toolId) % 5 === 0];
  return heldTools.map((heldTool) => {
    const held = heldRequests(pairs, heldTool);
    const train = pairs.filter((p) => !held.has(p.request) && (BY_REQUEST || !heldTool(p.toolId)));
    return { train, sources: heldOutSources(raw, pairs, held) };
  });
}

/** Per training source: all its tools, and its held-out requests with the tools they were labelled with. */
function heldOutSources(raw: readonly TrainPair[], pairs: readonly AnalysedPair[], held: Set<string>): Source[] {
  const sources = new Map<string, Source>();
  raw.forEach((pair, i) => {
    const { toolId, request } = pairs[i]!;
    let source = sources.get(pair.source);
    if (!source) sources.set(pair.source, (source = { name: pair.source, docs: [], queries: [] }));
    if (!source.docs.some((d) => d.id === toolId))
      source.docs.push({ id: toolId, name: pair.tool.name, namespace: pair.tool.namespace, text: toolText(pair.tool) });
    if (!held.has(request)) return;
    const query = source.queries.find((q) => q.query === request);
    if (query) query.gold.push(toolId);
    else source.queries.push({ query: request, gold: [toolId] });
  });
  return [...sources.values()].filter((s) => s.queries.length >= 20).sort((a, b) => (a.name < b.name ? -1 : 1));
}

let nextVersion = 1000;
/** Mean nDCG@10 over the sources (each source counts once) with the given related lines (null: no learned pack). */
function score(sources: readonly Source[], related: string | null): number {
  const packs = [...BASE_PACKS];
  if (related !== null) {
    const pack: VocabularyPack = { ...VOCABULARY_PACKS[2]!, version: nextVersion++, related };
    (VOCABULARY_PACKS as VocabularyPack[]).push(pack);
    packs.push({ id: "learned", version: pack.version });
  }
  let total = 0;
  for (const source of sources) {
    const index = createSearchIndex(source.docs, { profile: "stockroom", vocabulary: { packs, lines: "" } });
    const results = source.queries.map((q) => ({ gold: q.gold, ranked: index.search(q.query, 10).map((h) => h.id) }));
    total += evaluateRankings(results).ndcg10;
  }
  return total / sources.length;
}

/** Mean over the splits of their held-out nDCG@10 with a pack learned from each split's training pairs. */
function splitScore(parts: readonly Split[], options: LearnOptions): number {
  return parts.reduce((sum, p) => sum + score(p.sources, packText(learnLinks(p.train, options))), 0) / parts.length;
}

/** One pass of coordinate search from START: each option in turn takes its best grid value. */
function tune(parts: readonly Split[]): { options: LearnOptions; best: number } {
  const options = { ...START };
  let best = splitScore(parts, options);
  console.log(`  start ${JSON.stringify(options)}: ${(best * 100).toFixed(2)}`);
  for (const key of Object.keys(GRID) as Array<keyof LearnOptions>) {
    for (const value of GRID[key]) {
      if (value === options[key]) continue;
      const candidate = { ...options, [key]: value };
      const s = splitScore(parts, candidate);
      console.log(`  ${key}=${value}: ${(s * 100).toFixed(2)}`);
      if (s > best + 1e-9) [best, options[key]] = [s, value];
    }
  }
  return { options, best };
}

function main(): void {
  const started = performance.now();
  const raw = readJsonl<TrainPair>("corpus/train/pairs.jsonl");
  const pairs = analysePairs(raw);
  const parts = splits(raw, pairs);
  const baseline = parts.reduce((sum, p) => sum + score(p.sources, null), 0) / parts.length;
  for (const { train, sources } of parts) {
    const heldCount = sources.reduce((n, s) => n + s.queries.length, 0);
    console.log(`split: ${train.length} training pairs, ${heldCount} held-out requests in ${sources.length} sources`);
  }
  console.log(`baseline (no learned pack) nDCG@10 ${(baseline * 100).toFixed(2)}`);
  const { options, best } = tune(parts);
  console.log(`chosen ${JSON.stringify(options)}: held-out nDCG@10 ${(best * 100).toFixed(2)}`);
  const tuned = performance.now();
  const links = learnLinks(pairs, options);
  const text = packText(links);
  const learnMs = performance.now() - tuned;
  const linkCount = [...links.values()].reduce((n, l) => n + l.length, 0);
  const file = [
    "// Generated by search/scripts/learn-relatedness.ts from ../shared/corpus/train/pairs.jsonl - do not edit.",
    `// ${links.size} request words, ${linkCount} links; options ${JSON.stringify(options)}.`,
    "/** The options the links were learned with (chosen on the split; relatedness.test.ts relearns the pack from them). */",
    `export const LEARNED_OPTIONS = { ${Object.entries(options)
      .map(([key, value]) => `${key}: ${value}`)
      .join(", ")} };`,
    `export const LEARNED_RELATED = \`${text}\`;`,
    "",
  ].join("\n");
  console.log(
    `pack: ${links.size} words, ${linkCount} links, ${Buffer.byteLength(text)} bytes of lines; learned in ${learnMs.toFixed(0)} ms, ${((performance.now() - started) / 1000).toFixed(1)} s with tuning`,
  );
  if (!process.argv.includes("--no-write")) writeFileSync(PACK_FILE, file);
}

main();
