import { describe, expect, it } from "vitest";
import { expectedToolPhrase, isNotableMove, rankPhrase } from "./format";

const quality = (draft: number | null, latest: number | null | undefined) => {
  const q = (firstGoldRank: number | null) => ({
    recallAtK: 0,
    reciprocalRank: 0,
    ndcg10: 0,
    firstGoldRank,
    hitCount: 0,
  });
  return { draft: q(draft), latest: latest === undefined ? null : q(latest) };
};
const hit = (change: "entered" | "moved" | "same", isGold: boolean) => ({
  id: "a",
  rank: 1,
  score: 1,
  isGold,
  change,
  previousRank: change === "entered" ? null : 2,
  scoreDelta: null,
});

describe("the review's plain words", () => {
  it("says where the expected tool ranks, before and after, in words", () => {
    expect(rankPhrase(null, 8)).toBe("not in top 8");
    expect(rankPhrase(9, 8)).toBe("not in top 8");
    expect(rankPhrase(3, 8)).toBe("rank 3");
    expect(expectedToolPhrase(["a"], quality(1, null), 8)).toBe("expected tool: not in top 8 → rank 1");
    expect(expectedToolPhrase(["a", "b"], quality(12, 2), 8)).toBe("first expected tool: rank 2 → not in top 8");
    expect(expectedToolPhrase(["a"], quality(2, 2), 8)).toBe("expected tool: rank 2, as before");
    expect(expectedToolPhrase(["a"], quality(4, undefined), 8)).toBe("expected tool: rank 4");
    expect(expectedToolPhrase([], quality(null, null), 8)).toBeNull();
  });

  it("marks a hit crossing into the top K and an expected tool moving, not every reordering", () => {
    expect(isNotableMove(hit("entered", false))).toBe(true);
    expect(isNotableMove(hit("moved", true))).toBe(true);
    expect(isNotableMove(hit("moved", false))).toBe(false);
    expect(isNotableMove(hit("same", true))).toBe(false);
  });
});
