import { describe, expect, it } from "vitest";
import { createSearchIndex } from "./index";
import { readCorpusDocs } from "./testing/corpus";

// When the stockroom profile's no-match rule withholds every hit, a curator needs to know why, and where
// the tool they expected would have ranked: the playground shows both.
describe("why the no-match rule returned nothing (stockroom)", () => {
  const docs = readCorpusDocs("corpus/tools.jsonl");
  const index = createSearchIndex(docs, { profile: "stockroom" });

  it("names the best tool and the rule that held it back", () => {
    const unanchored = "dim the kitchen lights to 30 percent";
    expect(index.search(unanchored)).toEqual([]);
    expect(index.noMatchReason(unanchored)).toMatch(/^The best-scoring tool, stripe\.create_coupon, has none of the request's words in its name or the start of its description, and scores 0\.\d\d perfect matches, under 0\.80\.$/);

    const floor = "set the thermostat to 21 degrees";
    expect(index.search(floor)).toEqual([]);
    expect(index.noMatchReason(floor)).toMatch(/^No tool fits well enough: the best, desktop_commander\.set_config_value, scores 0\.\d\d perfect matches \(weighed by how far it stands out from the fifth\), under the floor of 0\.90, raised because 2 of the request's 4 words are in no tool\.$/);

    const destruction = "delete Linear issue ENG-12";
    expect(index.search(destruction)).toEqual([]);
    expect(index.noMatchReason(destruction)).toMatch(/^The request asks to delete something, and the best-scoring tool, linear\.[\w-]+, never mentions it\.$/);
  });

  it("explains a withheld tool with the score and rank it had, while search and explain's own score stay empty", () => {
    const query = "dim the kitchen lights to 30 percent";
    const explained = index.explain(query, "stripe.create_coupon")!;
    expect(explained).toMatchObject({ score: 0, rank: null, withheld: { rank: 1, reason: index.noMatchReason(query) } });
    expect(explained.withheld!.score).toBeGreaterThan(0);
    expect(explained.matchedTerms).toContain("percent");
  });

  it("says nothing when the request has hits or matches nothing at all", () => {
    expect(index.noMatchReason("refund a payment")).toBeNull();
    expect(index.explain("refund a payment", "stripe.create_refund")!.withheld).toBeNull();
    expect(index.noMatchReason("zzqx")).toBeNull();
    expect(createSearchIndex(docs, { profile: "codex-bm25" }).noMatchReason("dim the kitchen lights to 30 percent")).toBeNull();
  });
});
