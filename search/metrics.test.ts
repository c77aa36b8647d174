import { describe, expect, it } from "vitest";
import { analyzeText, evaluateRankings, textSimilarity } from "./index";

describe("evaluateRankings", () => {
  it("computes success, recall, MRR, nDCG and the no-match rate", () => {
    const metrics = evaluateRankings(
      [
        { gold: ["a"], ranked: ["a", "b"] },
        { gold: ["c", "d"], ranked: ["x", "c"] },
        { gold: ["e"], ranked: [] },
        { gold: [], ranked: [] },
        { gold: [], ranked: ["x"] },
      ],
      8,
    );
    expect(metrics.count).toBe(3);
    expect(metrics.successAt1).toBeCloseTo(1 / 3);
    expect(metrics.successAtK).toBeCloseTo(2 / 3);
    expect(metrics.recallAtK).toBeCloseTo((1 + 0.5 + 0) / 3);
    expect(metrics.mrr).toBeCloseTo((1 + 0.5) / 3);
    const ndcgSecond = 1 / Math.log2(3) / (1 + 1 / Math.log2(3));
    expect(metrics.ndcg10).toBeCloseTo((1 + ndcgSecond) / 3);
    expect(metrics.noHit).toBe(1);
    expect(metrics.noMatchEmptyRate).toBe(0.5);
  });

  it("reports no no-match rate without no-match queries", () => {
    expect(evaluateRankings([{ gold: ["a"], ranked: ["a"] }]).noMatchEmptyRate).toBeNull();
  });
});

describe("textSimilarity", () => {
  it("is 1 for the same bag, 0 for disjoint ones", () => {
    expect(textSimilarity(["a", "b"], ["b", "a"])).toBeCloseTo(1);
    expect(textSimilarity(["a"], ["b"])).toBe(0);
    expect(textSimilarity([], [])).toBe(1);
    const a = analyzeText("List open orders by customer", "stockroom");
    const b = analyzeText("Lists the open orders of a customer", "stockroom");
    expect(textSimilarity(a, b)).toBeGreaterThan(0.9);
  });
});
