// Confusion from text alone: tools whose search texts are near-identical, and one name in several namespaces.
// Candidate pairs come from each tool's rarest words (an inverted index over a few signature words per tool), so
// a 10,000-tool catalog is compared without comparing every pair.
import { makeFinding } from "./finding";
import { wordsOf } from "./text";
import type { CheckTool, Finding } from "./types";

const SIGNATURE_WORDS = 8;
const MAX_POSTING = 64;
const NEAR_DUPLICATE = 0.9;

export interface TextVectors {
  /** Per tool (by position): word → tf-idf weight, and the vector's norm. */
  weights: Array<Map<string, number>>;
  norms: Float64Array;
  idf: Map<string, number>;
}

/** Enough of a search text to compare tools (name, namespace, description first); longer texts are cut here. */
const VECTOR_TEXT_CHARS = 2000;

export function buildVectors(texts: readonly string[]): TextVectors {
  const counts = texts.map((text) => {
    const map = new Map<string, number>();
    for (const w of wordsOf(text.slice(0, VECTOR_TEXT_CHARS))) if (w.length > 1) map.set(w, (map.get(w) ?? 0) + 1);
    return map;
  });
  const df = new Map<string, number>();
  for (const map of counts) for (const w of map.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [w, n] of df) idf.set(w, Math.log(1 + texts.length / n));
  const norms = new Float64Array(texts.length);
  const weights = counts.map((map, i) => {
    const out = new Map<string, number>();
    let norm = 0;
    for (const [w, c] of map) {
      const weight = (1 + Math.log(c)) * idf.get(w)!;
      out.set(w, weight);
      norm += weight * weight;
    }
    norms[i] = Math.sqrt(norm);
    return out;
  });
  return { weights, norms, idf };
}

export function cosine(vectors: TextVectors, a: number, b: number): number {
  const [small, large] =
    vectors.weights[a]!.size < vectors.weights[b]!.size
      ? [vectors.weights[a]!, vectors.weights[b]!]
      : [vectors.weights[b]!, vectors.weights[a]!];
  let dot = 0;
  for (const [w, x] of small) dot += x * (large.get(w) ?? 0);
  const norm = vectors.norms[a]! * vectors.norms[b]!;
  return norm > 0 ? dot / norm : 0;
}

const rankedMemo = new WeakMap<Map<string, number>, string[]>();

/** A tool's words, highest weight first (ties by word), computed once per vector. */
function rankedWords(weights: Map<string, number>): string[] {
  let ranked = rankedMemo.get(weights);
  if (!ranked) {
    ranked = [...weights].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([w]) => w);
    rankedMemo.set(weights, ranked);
  }
  return ranked;
}

/** The words (highest weight first) that one tool's text has and the other's lacks. */
export function distinguishingWords(vectors: TextVectors, a: number, b: number, limit = 6): string[] {
  const other = vectors.weights[b]!;
  const out: string[] = [];
  for (const w of rankedWords(vectors.weights[a]!)) {
    if (other.has(w)) continue;
    out.push(w);
    if (out.length === limit) break;
  }
  return out;
}

/** Pairs (i < j) sharing at least two signature words, i.e. worth a cosine. */
function candidatePairs(vectors: TextVectors): Array<[number, number]> {
  const postings = new Map<string, number[]>();
  vectors.weights.forEach((map, i) => {
    for (const w of rankedWords(map).slice(0, SIGNATURE_WORDS)) {
      const list = postings.get(w);
      if (list) list.push(i);
      else postings.set(w, [i]);
    }
  });
  const shared = new Map<number, number>();
  const n = vectors.weights.length;
  for (const list of postings.values()) {
    if (list.length < 2 || list.length > MAX_POSTING) continue;
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const key = list[x]! * n + list[y]!;
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
  }
  return [...shared].filter(([, c]) => c >= 2).map(([key]) => [Math.floor(key / n), key % n]);
}

/** At most this many near-duplicate findings per tool (the most similar first): a tool copied ten times needs one list, not ten. */
const MAX_PAIRS_PER_TOOL = 5;

export function checkNearDuplicates(tools: readonly CheckTool[], vectors: TextVectors): Finding[] {
  const out: Finding[] = [];
  const scored = candidatePairs(vectors)
    .map(([a, b]) => ({ a, b, similarity: cosine(vectors, a, b) }))
    .filter((p) => p.similarity >= NEAR_DUPLICATE)
    .sort((x, y) => y.similarity - x.similarity || x.a - y.a || x.b - y.b);
  const perTool = new Map<number, number>();
  for (const { a, b, similarity } of scored) {
    if ((perTool.get(a) ?? 0) >= MAX_PAIRS_PER_TOOL || (perTool.get(b) ?? 0) >= MAX_PAIRS_PER_TOOL) continue;
    perTool.set(a, (perTool.get(a) ?? 0) + 1);
    perTool.set(b, (perTool.get(b) ?? 0) + 1);
    const [ta, tb] = [tools[a]!, tools[b]!];
    const words = { [ta.id]: distinguishingWords(vectors, a, b), [tb.id]: distinguishingWords(vectors, b, a) };
    for (const [self, other] of [
      [ta, tb],
      [tb, ta],
    ] as const) {
      const own = words[self.id]!;
      out.push(
        makeFinding(
          "confusion/near-duplicate",
          self.id,
          `${other.id} has a near-identical search text (${Math.round(similarity * 100)} % alike), so they compete for the same requests. ${own.length ? `Lead with what only this tool does (its own words: ${own.join(", ")})` : "Say what only this tool does"}, or merge them.`,
          { tools: [other.id], words },
        ),
      );
    }
  }
  return out;
}

export function checkSameNames(tools: readonly CheckTool[], vectors: TextVectors): Finding[] {
  const byName = new Map<string, number[]>();
  tools.forEach((t, i) => byName.set(t.name.toLowerCase(), [...(byName.get(t.name.toLowerCase()) ?? []), i]));
  const out: Finding[] = [];
  for (const group of byName.values()) {
    const namespaces = new Set(group.map((i) => tools[i]!.namespace ?? ""));
    if (namespaces.size < 2 || group.length > 20) continue;
    for (const i of group) {
      const others = group.filter((j) => j !== i && tools[j]!.namespace !== tools[i]!.namespace);
      const words = Object.fromEntries(
        [i, ...others].map((k) => [tools[k]!.id, distinguishingWords(vectors, k, others[0] === k ? i : others[0]!)]),
      );
      out.push(
        makeFinding(
          "confusion/same-name",
          tools[i]!.id,
          `"${tools[i]!.name}" is also the name of ${others.map((j) => tools[j]!.id).join(", ")}. Make the description say which system it acts on${words[tools[i]!.id]!.length ? ` (its own words: ${words[tools[i]!.id]!.join(", ")})` : ""}.`,
          { tools: others.map((j) => tools[j]!.id), words },
        ),
      );
    }
  }
  return out;
}
