// Tf-idf vectors of the tools' search texts, for the confusion rules. Words are numbered once per catalog and a
// vector is two typed arrays in the order its words first occur (so every sum runs in the same order as a map over
// the words would); a dense scratch array serves look-ups. No map per tool, nothing for the collector to chase.
import { wordsOf } from "./text";

/** Enough of a search text to compare tools (name, namespace, description first); longer texts are cut here. */
const VECTOR_TEXT_CHARS = 2000;

export interface TextVectors {
  /** Word id → word. */
  words: string[];
  /** Per tool (by position): its word ids in order of first occurrence, and their tf-idf weights. */
  ids: Int32Array[];
  weights: Float64Array[];
  norms: Float64Array;
  /** A zeroed array as long as the vocabulary: a vector is spread into it for look-ups, then cleared. */
  scratch: Float64Array;
}

function countWords(text: string, vocabulary: Map<string, number>, counts: number[], order: number[]): void {
  for (const w of wordsOf(text.slice(0, VECTOR_TEXT_CHARS))) {
    if (w.length < 2) continue;
    let id = vocabulary.get(w);
    if (id === undefined) {
      id = vocabulary.size;
      vocabulary.set(w, id);
      counts.push(0);
    }
    if (counts[id] === 0) order.push(id);
    counts[id]! += 1;
  }
}

export function buildVectors(texts: readonly string[]): TextVectors {
  const vocabulary = new Map<string, number>();
  const counts: number[] = [];
  const df: number[] = [];
  const perTool = texts.map((text) => {
    const order: number[] = [];
    countWords(text, vocabulary, counts, order);
    const tf = new Int32Array(order.length);
    order.forEach((id, k) => {
      tf[k] = counts[id]!;
      counts[id] = 0;
      df[id] = (df[id] ?? 0) + 1;
    });
    return { ids: Int32Array.from(order), tf };
  });
  const idf = df.map((n) => Math.log(1 + texts.length / n));
  const norms = new Float64Array(texts.length);
  const weights = perTool.map(({ ids, tf }, i) => {
    const out = new Float64Array(ids.length);
    let norm = 0;
    for (let k = 0; k < ids.length; k++) {
      const weight = (1 + Math.log(tf[k]!)) * idf[ids[k]!]!;
      out[k] = weight;
      norm += weight * weight;
    }
    norms[i] = Math.sqrt(norm);
    return out;
  });
  return {
    words: [...vocabulary.keys()],
    ids: perTool.map((t) => t.ids),
    weights,
    norms,
    scratch: new Float64Array(vocabulary.size),
  };
}

/** Cosine similarity: the shorter vector's terms, in their order, against the longer one's weights. */
export function cosine(vectors: TextVectors, a: number, b: number): number {
  const [small, large] = vectors.ids[a]!.length < vectors.ids[b]!.length ? [a, b] : [b, a];
  const { scratch } = vectors;
  const largeIds = vectors.ids[large]!;
  const largeWeights = vectors.weights[large]!;
  for (let k = 0; k < largeIds.length; k++) scratch[largeIds[k]!] = largeWeights[k]!;
  const smallIds = vectors.ids[small]!;
  const smallWeights = vectors.weights[small]!;
  let dot = 0;
  for (let k = 0; k < smallIds.length; k++) {
    const y = scratch[smallIds[k]!]!;
    if (y !== 0) dot += smallWeights[k]! * y;
  }
  for (let k = 0; k < largeIds.length; k++) scratch[largeIds[k]!] = 0;
  const norm = vectors.norms[a]! * vectors.norms[b]!;
  return norm > 0 ? dot / norm : 0;
}

/** Highest weight first, ties by word: positions into one vector. */
function byWeight(vectors: TextVectors, tool: number): (x: number, y: number) => number {
  const weights = vectors.weights[tool]!;
  const ids = vectors.ids[tool]!;
  return (x, y) => weights[y]! - weights[x]! || (vectors.words[ids[x]!]! < vectors.words[ids[y]!]! ? -1 : 1);
}

const rankedMemo = new WeakMap<Float64Array, Int32Array>();

/** A tool's word ids, highest weight first (ties by word), computed once per vector. */
function rankedIds(vectors: TextVectors, tool: number): Int32Array {
  const weights = vectors.weights[tool]!;
  let ranked = rankedMemo.get(weights);
  if (!ranked) {
    const ids = vectors.ids[tool]!;
    const positions = Array.from(ids, (_, k) => k).sort(byWeight(vectors, tool));
    ranked = Int32Array.from(positions, (k) => ids[k]!);
    rankedMemo.set(weights, ranked);
  }
  return ranked;
}

/**
 * A tool's signature: its `size` highest-weight word ids (ties by word), the same set as the first of its ranked
 * words, selected without sorting the whole vector.
 */
export function signatureIds(vectors: TextVectors, tool: number, size: number): number[] {
  const compare = byWeight(vectors, tool);
  const top: number[] = [];
  for (let k = 0; k < vectors.ids[tool]!.length; k++) {
    if (top.length === size && compare(k, top[size - 1]!) >= 0) continue;
    let at = Math.min(top.length, size - 1);
    if (top.length < size) top.push(k);
    while (at > 0 && compare(k, top[at - 1]!) < 0) {
      top[at] = top[at - 1]!;
      at--;
    }
    top[at] = k;
  }
  return top.map((k) => vectors.ids[tool]![k]!);
}

/** The words (highest weight first) that one tool's text has and the other's lacks. */
export function distinguishingWords(vectors: TextVectors, a: number, b: number, limit = 6): string[] {
  const { scratch } = vectors;
  const otherIds = vectors.ids[b]!;
  for (let k = 0; k < otherIds.length; k++) scratch[otherIds[k]!] = 1;
  const out: string[] = [];
  for (const id of rankedIds(vectors, a)) {
    if (scratch[id] !== 0) continue;
    out.push(vectors.words[id]!);
    if (out.length === limit) break;
  }
  for (let k = 0; k < otherIds.length; k++) scratch[otherIds[k]!] = 0;
  return out;
}
