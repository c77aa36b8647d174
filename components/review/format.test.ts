import { describe, expect, it } from "vitest";
import { expectedToolPhrase, isNotableMove, publishSummary, queryCountsPhrase, rankPhrase } from "./format";

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

describe("the review's count line and publish summary", () => {
  const counts = { worse: 0, better: 0, changed: 0, same: 0, new: 3, failing: 1, expectNoTool: 1 };
  const queries = [{}, {}, {}] as never[];
  const tools = { added: [{}, {}] as never[], removed: [], changed: [], changedCount: 0, namespaces: [], engine: null };

  it("at a first publish counts the failing queries and the ones that expect no tool", () => {
    expect(queryCountsPhrase({ latest: null, counts, queries })).toBe(
      "3 golden queries on the draft (1 expects no tool): 1 fails.",
    );
    expect(publishSummary({ latest: null, counts, queries, tools, heldBack: [] })).toEqual([
      "Tools: 2 tools, the first version of this catalog.",
      "3 golden queries on the draft (1 expects no tool): 1 fails.",
    ]);
  });

  it("against a version says how the queries moved, and still names the failing ones", () => {
    const latest = { version: 4, contentHash: "", publishedAt: new Date(0), publishedBy: "a" };
    const moved = { ...counts, new: 0, worse: 1, same: 2, expectNoTool: 0 };
    expect(publishSummary({ latest, counts: moved, queries, tools, heldBack: ["x"] })).toEqual([
      "Tools since version 4: 2 added, 0 changed, 0 removed or hidden.",
      "Golden queries on the draft: 1 worse, 0 better, 0 reordered, 2 unchanged.",
      "1 golden query fails on the draft.",
      "1 tool held back in the approved form (upstream change not reviewed).",
    ]);
  });
});
