// Confusion from text alone: tools whose search texts are near-identical, and one name in several namespaces.
// Candidate pairs come from each tool's rarest words (an inverted index over a few signature words per tool), so
// a 10,000-tool catalog is compared without comparing every pair.
import { makeFinding } from "./finding";
import { cosine, distinguishingWords, signatureIds, type TextVectors } from "./text-vectors";
import type { CheckTool, Finding } from "./types";

const SIGNATURE_WORDS = 8;
const MAX_POSTING = 64;
const NEAR_DUPLICATE = 0.9;

/**
 * Pairs (i < j) sharing at least two signature words, i.e. worth a cosine. Blocking by rare words: each tool meets
 * only the tools in the postings of its own signature words (a word in more than MAX_POSTING signatures is too
 * common to tell anything), counted in a reusable array instead of a map over every pair.
 */
export function candidatePairs(vectors: TextVectors): Array<[number, number]> {
  const n = vectors.ids.length;
  const signatures = vectors.ids.map((_, i) => signatureIds(vectors, i, SIGNATURE_WORDS));
  const postings = new Map<number, number[]>();
  signatures.forEach((words, i) => {
    for (const w of words) {
      const list = postings.get(w);
      if (list) list.push(i);
      else postings.set(w, [i]);
    }
  });
  const shared = new Uint16Array(n);
  const touched: number[] = [];
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    for (const w of signatures[i]!) {
      const list = postings.get(w)!;
      if (list.length < 2 || list.length > MAX_POSTING) continue;
      for (let x = list.length - 1; x >= 0 && list[x]! > i; x--) if (shared[list[x]!]!++ === 0) touched.push(list[x]!);
    }
    for (const j of touched) {
      if (shared[j]! >= 2) pairs.push([i, j]);
      shared[j] = 0;
    }
    touched.length = 0;
  }
  return pairs;
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
  tools.forEach((t, i) => {
    const key = t.name.toLowerCase();
    const group = byName.get(key);
    if (group) group.push(i);
    else byName.set(key, [i]);
  });
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
