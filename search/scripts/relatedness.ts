// Learning a relatedness pack from request → tool pairs (../shared/corpus/train/pairs.jsonl): which tool words a
// request word predicts that the request itself does not say. Pure functions over parsed pairs; the command
// (learn-relatedness.ts) reads the corpus, picks the hyperparameters on a split of it and writes the pack.
import { analyzeStockroom } from "../analysis/stockroom-analyzer";
import { effectiveSearchText } from "../search-text";

export interface TrainPair {
  source: string;
  query: string;
  gold_size: number;
  tool: { namespace: string; name: string; description: string; parameters?: unknown };
}

/** A pair as analysed terms: the request's distinct terms, the tool's, and the pair's weight (1 / gold_size). */
export interface AnalysedPair {
  request: string;
  source: string;
  toolId: string;
  requestTerms: readonly string[];
  toolTerms: readonly string[];
  weight: number;
}

export interface LearnOptions {
  /** Shrinkage: PMI × n / (n + shrinkage), n the pair's weighted co-occurrence count. */
  shrinkage: number;
  /** Fewest weighted co-occurrences a link needs. */
  minCount: number;
  /** Fewest distinct training requests a request word must occur in, and tools a tool word. */
  minDocs: number;
  /** Weight of a link = min(maxWeight, scale × shrunk PMI), rounded to 0.05; links under 0.05 are dropped. */
  scale: number;
  maxWeight: number;
  /** Links kept per request word (the strongest). */
  perWord: number;
}

export function toolText(tool: TrainPair["tool"]): string {
  return effectiveSearchText({ ...tool, namespace: { name: tool.namespace } });
}

export function analysePairs(pairs: readonly TrainPair[]): AnalysedPair[] {
  const cache = new Map<string, string[]>();
  const terms = (text: string) => {
    let out = cache.get(text);
    if (!out) cache.set(text, (out = [...new Set(analyzeStockroom(text))].sort()));
    return out;
  };
  return pairs.map((pair) => ({
    request: pair.query,
    source: pair.source,
    toolId: `${pair.source}/${pair.tool.namespace}.${pair.tool.name}`,
    requestTerms: terms(pair.query),
    // The tool's name and description: what it is for (its parameters' words are weaker evidence of that).
    toolTerms: terms(`${pair.tool.name} ${pair.tool.description}`),
    weight: 1 / Math.max(1, pair.gold_size),
  }));
}

/** Distinct requests (or tools) each term occurs in. */
function documentCounts(items: ReadonlyMap<string, readonly string[]>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const list of items.values()) for (const term of list) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** A tool word in more than this share of its source's tools is that source's boilerplate, never a link target. */
const BOILERPLATE_SHARE = 0.2;

interface Counts {
  total: number;
  request: Map<string, number>;
  tool: Map<string, number>;
  joint: Map<string, Map<string, number>>;
}

/** Per source, the terms in more than `share` of its tools: its boilerplate ("tau", "bench", "imagenet"). */
function boilerplate(pairs: readonly AnalysedPair[], share: number): Map<string, Set<string>> {
  const tools = new Map<string, Map<string, readonly string[]>>();
  for (const p of pairs) {
    let bySource = tools.get(p.source);
    if (!bySource) tools.set(p.source, (bySource = new Map()));
    bySource.set(p.toolId, p.toolTerms);
  }
  const out = new Map<string, Set<string>>();
  for (const [source, bySource] of tools) {
    const counts = documentCounts(bySource);
    out.set(source, new Set([...counts].filter(([, n]) => n > share * bySource.size).map(([t]) => t)));
  }
  return out;
}

/** Request words in the requests of at least two sources (a persona's name or one dataset's idiom is not). */
function sharedWords(pairs: readonly AnalysedPair[], minDocs: number): Set<string> {
  const requestDocs = documentCounts(new Map(pairs.map((p) => [p.request, p.requestTerms])));
  const sources = new Map<string, Set<string>>();
  for (const p of pairs)
    for (const t of p.requestTerms) {
      let set = sources.get(t);
      if (!set) sources.set(t, (set = new Set()));
      set.add(p.source);
    }
  return new Set(
    [...sources]
      .filter(([t, s]) => s.size >= 2 && (requestDocs.get(t) ?? 0) >= minDocs && !/\d/.test(t))
      .map(([t]) => t),
  );
}

/** Weighted counts over pairs of the shared request words and the tool words the request lacks (no boilerplate). */
function countPairs(pairs: readonly AnalysedPair[], minDocs: number): Counts {
  const toolDocs = documentCounts(new Map(pairs.map((p) => [p.toolId, p.toolTerms])));
  const common = boilerplate(pairs, BOILERPLATE_SHARE);
  const eligible = sharedWords(pairs, minDocs);
  const counts: Counts = { total: 0, request: new Map(), tool: new Map(), joint: new Map() };
  const add = (map: Map<string, number>, key: string, w: number) => map.set(key, (map.get(key) ?? 0) + w);
  for (const pair of pairs) {
    const words = pair.requestTerms.filter((t) => eligible.has(t));
    const said = new Set(pair.requestTerms);
    const skip = common.get(pair.source)!;
    const targets = pair.toolTerms.filter(
      (t) => !said.has(t) && !skip.has(t) && (toolDocs.get(t) ?? 0) >= minDocs && !/\d/.test(t),
    );
    counts.total += pair.weight;
    for (const word of words) add(counts.request, word, pair.weight);
    for (const target of pair.toolTerms) add(counts.tool, target, pair.weight);
    for (const word of words) {
      let row = counts.joint.get(word);
      if (!row) counts.joint.set(word, (row = new Map()));
      for (const target of targets) add(row, target, pair.weight);
    }
  }
  return counts;
}

export type Links = Map<string, Array<{ term: string; weight: number }>>;

/** Per request word its strongest links (weight desc, then term), deterministic for the same pairs. */
export function learnLinks(pairs: readonly AnalysedPair[], options: LearnOptions): Links {
  const counts = countPairs(pairs, options.minDocs);
  const links: Links = new Map();
  for (const word of [...counts.joint.keys()].sort()) {
    const nWord = counts.request.get(word)!;
    const scored: Array<{ term: string; shrunk: number }> = [];
    for (const [target, n] of counts.joint.get(word)!) {
      if (n < options.minCount) continue;
      const pmi = Math.log((n * counts.total) / (nWord * counts.tool.get(target)!));
      scored.push({ term: target, shrunk: (pmi * n) / (n + options.shrinkage) });
    }
    // Strongest first by the unrounded score (ties by term), then capped and rounded to 0.05.
    scored.sort((a, b) => b.shrunk - a.shrunk || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    const kept = scored
      .slice(0, options.perWord)
      .map(({ term, shrunk }) => ({
        term,
        weight: Math.round(Math.min(options.maxWeight, options.scale * shrunk) * 20) / 20,
      }))
      .filter((l) => l.weight >= 0.05);
    if (kept.length > 0) links.set(word, kept);
  }
  return links;
}

/** The pack's text: one line per request word, `word related:weight …`, words sorted. */
export function packText(links: Links): string {
  return [...links].map(([word, list]) => `${word} ${list.map((l) => `${l.term}:${l.weight}`).join(" ")}`).join("\n");
}

/** A stable hash of a request (FNV-1a over UTF-16 units), for a split that does not depend on file order. */
export function requestHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}
