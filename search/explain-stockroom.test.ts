import { describe, expect, it } from "vitest";
import { createSearchIndex } from "./index";
import { readCorpusDocs } from "./testing/corpus";
import { readJsonl } from "./testing/shared";

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

describe("score factors (stockroom)", () => {
  const docs = readCorpusDocs("corpus/tools.jsonl");
  const index = createSearchIndex(docs, { profile: "stockroom" });
  const queries = readJsonl<{ query: string }>("corpus/queries.dev.jsonl").map((q) => q.query);

  it("turn every hit's sum of term contributions into its score exactly", () => {
    let checked = 0;
    for (const query of queries) {
      for (const hit of index.search(query, 8)) {
        const { terms, factors, score } = index.explain(query, hit.id)!;
        const product = factors.reduce((value, f) => value * f.factor, terms.reduce((sum, t) => sum + t.contribution, 0));
        expect(Math.abs(product - score) / score).toBeLessThan(1e-12);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it("say what each multiplier is for", () => {
    const { factors } = index.explain("which PRs are open in Linear?", "linear.linear_create_issue")!;
    expect(factors.map((f) => f.kind)).toEqual(["name", "namespace", "change", "opening"]);
    expect(factors.find((f) => f.kind === "change")).toMatchObject({ factor: 0.7, detail: "named for a change (create) a request that only asks does not name" });
    expect(index.explain("send an email", "gmail.send_email")!.factors[0]).toEqual({ kind: "name", factor: 1.5, detail: "the request covers 2 of the name's 2 words (related words count 0.5)" });
    expect(createSearchIndex(docs, { profile: "codex-bm25" }).explain("send an email", "gmail.send_email")!.factors).toEqual([]);
  });
});
