import { describe, expect, it } from "vitest";
import { createSearchIndex } from "./index";
import { readCorpusDocs } from "./testing/corpus";
import { readJsonl } from "./testing/shared";

// Every matching tool is returned; a curator needs to see which hits are weak and why: the playground shows both.
describe("match strength (stockroom)", () => {
  const docs = readCorpusDocs("corpus/tools.jsonl");
  const index = createSearchIndex(docs, { profile: "stockroom" });

  it("returns the tools a request no tool fits matches, all weak, and says where the bar is and why", () => {
    const unanchored = "dim the kitchen lights to 30 percent";
    expect(index.search(unanchored)[0]).toMatchObject({ id: "stripe.create_coupon", strength: "weak" });
    expect(index.strength(unanchored).reason).toMatch(
      /^Strong hits score at least 0\.80 perfect matches: the best tool, stripe\.create_coupon, has none of the request's words in its name or the start of its description\.$/,
    );

    const floor = "set the thermostat to 21 degrees";
    expect(index.search(floor).map((hit) => hit.strength)).not.toContain("strong");
    expect(index.strength(floor).reason).toMatch(
      /^Strong hits score at least 0\.90 perfect matches \(a perfect match: a word only one tool has, at full weight\), raised from 0\.60 because 2 of the request's 4 words are in no tool, then weighed by how far the best hit stands out from the fifth \(\d\.\d\d\)\.$/,
    );

    const destruction = "delete Linear issue ENG-12";
    expect(index.search(destruction).length).toBeGreaterThan(0);
    expect(index.search(destruction).every((hit) => hit.strength === "weak" && hit.evidence === 0)).toBe(true);
    expect(index.strength(destruction)).toEqual({
      bar: null,
      reason: expect.stringMatching(
        /^No hit is strong: the request asks to delete something, and the best tool, linear\.[\w-]+, never mentions it\.$/,
      ),
    });
  });

  it("explains a hit's strength with the same bar as search, and the evidence is score ÷ bar", () => {
    const query = "refund a payment";
    const [best] = index.search(query);
    expect(best).toMatchObject({ id: "stripe.create_refund", strength: "strong" });
    const explained = index.explain(query, best!.id)!;
    const bar = index.strength(query).bar!;
    expect(explained.strength).toMatchObject({ level: "strong", bar, reason: index.strength(query).reason });
    expect(explained.strength!.evidence).toBeCloseTo(best!.evidence, 12);
    expect(explained.dropped).toBe(false);
    expect(index.explain("zzqx", best!.id)!.strength).toBeNull();
  });

  it("drops weak hits only when the settings ask, leaving the strong hits exactly as they were", () => {
    const dropping = createSearchIndex(docs, { profile: "stockroom", dropWeakHits: true });
    for (const query of [
      "refund a payment",
      "dim the kitchen lights to 30 percent",
      "open a pull request on GitHub",
      "delete Linear issue ENG-12",
    ]) {
      const strong = index.search(query, 20).filter((hit) => hit.strength === "strong");
      expect(dropping.search(query, 20)).toEqual(strong);
    }
    expect(dropping.explain("dim the kitchen lights to 30 percent", "stripe.create_coupon")).toMatchObject({
      rank: 1,
      dropped: true,
    });
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
        const product = factors.reduce(
          (value, f) => value * f.factor,
          terms.reduce((sum, t) => sum + t.contribution, 0),
        );
        expect(Math.abs(product - score) / score).toBeLessThan(1e-12);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it("say what each multiplier is for", () => {
    const { factors } = index.explain("which PRs are open in Linear?", "linear.linear_create_issue")!;
    expect(factors.map((f) => f.kind)).toEqual(["name", "namespace", "change", "opening"]);
    expect(factors.find((f) => f.kind === "change")).toMatchObject({
      factor: 0.7,
      detail: "named for a change (create) a request that only asks does not name",
    });
    expect(index.explain("send an email", "gmail.send_email")!.factors[0]).toEqual({
      kind: "name",
      factor: 1.5,
      detail: "the request covers 2 of the name's 2 words (related words count 0.5)",
    });
    expect(
      createSearchIndex(docs, { profile: "codex-bm25" }).explain("send an email", "gmail.send_email")!.factors,
    ).toEqual([]);
  });
});
