import { describe, expect, it } from "vitest";
import { vocabularyEffectLabel } from "./format";

describe("vocabularyEffectLabel", () => {
  it("lists pack and catalog terms by source, and each learned link apart with its weight", () => {
    expect(
      vocabularyEffectLabel({
        term: "paid",
        related: [
          { term: "charg", source: "general", weight: 0.4 },
          { term: "payment", source: "learned", weight: 0.4 },
          { term: "invoic", source: "learned", weight: 0.15 },
        ],
      }),
    ).toBe("paid → charg (general); paid ≈ payment, learned, weight 0.4; paid ≈ invoic, learned, weight 0.15");
    expect(
      vocabularyEffectLabel({ term: "pai", related: [{ term: "charg", source: "general", weight: 0.4 }] }, "paid"),
    ).toBe("paid → stems charg (general)");
    expect(vocabularyEffectLabel({ term: "zorp", related: [{ term: "refund", source: "catalog", weight: 0.4 }] })).toBe(
      "zorp → refund (catalog)",
    );
  });
});
