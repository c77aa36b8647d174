// The confusion rules' fast path (numbered words, typed vectors, blocking by signature words) against a
// straightforward reference written the plain way: a map per tool, a full sort, a map over every pair.
import { describe, expect, it } from "vitest";
import { candidatePairs, checkNearDuplicates } from "./confusion";
import { cosine, distinguishingWords, buildVectors as fastVectors } from "./text-vectors";
import { wordsOf } from "./text";
import type { CheckTool } from "./types";

function referenceVectors(texts: string[]) {
  const counts = texts.map((text) => {
    const map = new Map<string, number>();
    for (const w of wordsOf(text.slice(0, 2000))) if (w.length > 1) map.set(w, (map.get(w) ?? 0) + 1);
    return map;
  });
  const df = new Map<string, number>();
  for (const map of counts) for (const w of map.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  return counts.map((map) => {
    const weights = new Map<string, number>();
    let norm = 0;
    for (const [w, c] of map) {
      const weight = (1 + Math.log(c)) * Math.log(1 + texts.length / df.get(w)!);
      weights.set(w, weight);
      norm += weight * weight;
    }
    return { weights, norm: Math.sqrt(norm) };
  });
}

type RefVector = ReturnType<typeof referenceVectors>[number];
const ranked = (v: RefVector) => [...v.weights].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([w]) => w);

function referenceCosine(a: RefVector, b: RefVector): number {
  const [small, large] = a.weights.size < b.weights.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [w, x] of small.weights) dot += x * (large.weights.get(w) ?? 0);
  return a.norm * b.norm > 0 ? dot / (a.norm * b.norm) : 0;
}

/** Every pair sharing two of its eight highest-weight words (words in more than 64 signatures left out). */
function referencePairs(vectors: RefVector[]): string[] {
  const signatures = vectors.map((v) => ranked(v).slice(0, 8));
  const postings = new Map<string, number>();
  for (const s of signatures) for (const w of s) postings.set(w, (postings.get(w) ?? 0) + 1);
  const pairs: string[] = [];
  for (let i = 0; i < vectors.length; i++)
    for (let j = i + 1; j < vectors.length; j++) {
      const shared = signatures[i]!.filter((w) => signatures[j]!.includes(w) && postings.get(w)! <= 64);
      if (shared.length >= 2) pairs.push(`${i}-${j}`);
    }
  return pairs;
}

const TOPICS = ["invoice", "forecast", "repository", "calendar", "payment", "ticket", "playlist", "shipment"];
const ACTIONS = ["get", "list", "create", "delete", "update", "search"];

/** 300 tools: topics × actions with shared boilerplate, repeated with small changes so near-twins exist. */
function smallCatalog(): CheckTool[] {
  const tools: CheckTool[] = [];
  for (let n = 0; n < 300; n++) {
    const topic = TOPICS[n % TOPICS.length]!;
    const action = ACTIONS[Math.floor(n / TOPICS.length) % ACTIONS.length]!;
    const extra = n % 3 === 0 ? "" : ` Variant ${n % 7} of the ${topic} api, region ${n % 5}.`;
    tools.push({
      id: `ns${n}.${action}_${topic}`,
      namespace: `ns${n}`,
      name: `${action}_${topic}`,
      description: `${action} a ${topic} by its id and return the ${topic} record with its fields.${extra}`,
      parameters: { type: "object", properties: {} },
    });
  }
  return tools;
}

describe("confusion fast path", () => {
  const tools = smallCatalog();
  const texts = tools.map((t) => `${t.name} ${t.description}`);
  const fast = fastVectors(texts);
  const reference = referenceVectors(texts);

  it("builds the same weights and norms as maps over the words", () => {
    tools.forEach((_, i) => {
      const fastWeights = new Map([...fast.ids[i]!].map((id, k) => [fast.words[id]!, fast.weights[i]![k]!]));
      expect([...fastWeights]).toEqual([...reference[i]!.weights]);
      expect(fast.norms[i]).toBe(reference[i]!.norm);
    });
  });

  it("finds the same candidate pairs as comparing every pair, with the same cosines and words", () => {
    const pairs = candidatePairs(fast).map(([a, b]) => `${a}-${b}`);
    const expected = referencePairs(reference);
    expect(expected.length).toBeGreaterThan(100);
    expect(pairs.sort()).toEqual(expected.sort());
    for (const [a, b] of candidatePairs(fast)) {
      expect(cosine(fast, a, b)).toBe(referenceCosine(reference[a]!, reference[b]!));
      const other = reference[b]!.weights;
      expect(distinguishingWords(fast, a, b)).toEqual(
        ranked(reference[a]!)
          .filter((w) => !other.has(w))
          .slice(0, 6),
      );
    }
  });

  it("reports every near-duplicate pair among the candidates", () => {
    const findings = checkNearDuplicates(tools, fast);
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) {
      const a = tools.findIndex((t) => t.id === f.toolId);
      const b = tools.findIndex((t) => t.id === f.evidence.tools![0]);
      expect(referenceCosine(reference[a]!, reference[b]!)).toBeGreaterThanOrEqual(0.9);
    }
  });
});
