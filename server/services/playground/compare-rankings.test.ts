import { describe, expect, it } from "vitest";
import { compareRankings } from "./compare-rankings";

const hits = (...ids: string[]) =>
  ids.map((id, i) => ({ id, score: 10 - i, rank: i + 1, strength: "strong" as const, evidence: 2 }));

describe("compareRankings", () => {
  it("marks entered, moved (up is positive), same and left", () => {
    const { candidate, baseline } = compareRankings(hits("a", "b", "c", "d"), hits("b", "a", "e", "d"));
    expect(candidate.map((h) => [h.id, h.marker])).toEqual([
      ["b", { kind: "moved", from: 2, by: 1 }],
      ["a", { kind: "moved", from: 1, by: -1 }],
      ["e", { kind: "entered" }],
      ["d", { kind: "same" }],
    ]);
    expect(baseline.map((h) => [h.id, h.marker])).toEqual([
      ["a", null],
      ["b", null],
      ["c", { kind: "left", to: null }],
      ["d", null],
    ]);
  });

  it("handles empty columns", () => {
    expect(compareRankings([], hits("a")).candidate[0]!.marker).toEqual({ kind: "entered" });
    expect(compareRankings(hits("a"), []).baseline[0]!.marker).toEqual({ kind: "left", to: null });
  });
});
