// The opening boost: a tool that has the request's concepts in the opening of its text (its name and the
// first words of its description) ranks above one that has them only further on (parameter descriptions).
import { describe, expect, it } from "vitest";
import { resolveSettings } from "../settings";
import { StockroomEngine } from "./stockroom-engine";

const FILLER =
  "lorem ipsum dolor amet consectetur adipiscing elit eiusmod tempor incididunt labore dolore magna aliqua";
const docs = [
  // Same words, same length: plain BM25 scores the two alike.
  { id: "a.deep", text: `${FILLER} frobnicate widgets` },
  { id: "b.opening", text: `frobnicate widgets ${FILLER}` },
  { id: "c.other", text: "unrelated gadget text" },
];

function ranking(tuning: { openingBoost?: number }): string[] {
  const engine = new StockroomEngine(docs, resolveSettings({ profile: "stockroom" }), { strongFloor: 0, ...tuning });
  const scored = engine.score("frobnicate the widgets");
  const hits = Array.from({ length: scored.count }, (_, i) => ({
    id: engine.ids[scored.docs[i]!]!,
    score: scored.scores[i]!,
  }));
  return hits.sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1)).map((hit) => hit.id);
}

describe("stockroom opening boost", () => {
  it("ranks the tool whose opening has the request's words first", () => {
    expect(ranking({})).toEqual(["b.opening", "a.deep"]);
  });

  it("is the only difference: without it the two tie (ties by id)", () => {
    expect(ranking({ openingBoost: 0 })).toEqual(["a.deep", "b.opening"]);
  });
});
