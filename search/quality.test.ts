// Issue 3 targets for the stockroom profile on ../shared/corpus/queries.dev.jsonl, against codex-bm25 on the
// same generated search text. (The same targets are checked on held-out requests; see search/README.md.)
import { describe, expect, it } from "vitest";
import { createSearchIndex, evaluateRankings, type EngineProfile, type GoldenResult } from "./index";
import { readCorpusDocs, type LabelledQuery } from "./testing/corpus";
import { readJsonl } from "./testing/shared";

const docs = readCorpusDocs("corpus/tools.jsonl");
const queries = readJsonl<LabelledQuery>("corpus/queries.dev.jsonl");

function evaluate(profile: EngineProfile, lang: string) {
  const index = createSearchIndex(docs, { profile });
  const results: GoldenResult[] = queries
    .filter((q) => q.lang === lang)
    .map((q) => ({ gold: q.gold, ranked: index.search(q.query, 8).map((h) => h.id) }));
  return evaluateRankings(results, 8);
}

describe("stockroom profile quality on queries.dev", () => {
  const en = evaluate("stockroom", "en");
  const zh = evaluate("stockroom", "zh");
  const codexEn = evaluate("codex-bm25", "en");

  it("finds a gold tool in the top 8 for >= 85% of English requests, >= 0.10 above codex-bm25", () => {
    expect(en.successAtK).toBeGreaterThanOrEqual(0.85);
    expect(en.successAtK - codexEn.successAtK).toBeGreaterThanOrEqual(0.1);
  });

  it("ranks a gold tool first for >= 50% of English requests", () => {
    expect(en.successAt1).toBeGreaterThanOrEqual(0.5);
  });

  it("finds a gold tool in the top 8 for >= 60% of Chinese requests", () => {
    expect(zh.successAtK).toBeGreaterThanOrEqual(0.6);
  });

  it("returns nothing for >= 70% of the requests no tool fits", () => {
    const index = createSearchIndex(docs);
    const all = evaluateRankings(queries.map((q) => ({ gold: q.gold, ranked: index.search(q.query, 8).map((h) => h.id) })));
    expect(all.noMatchEmptyRate).toBeGreaterThanOrEqual(0.7);
  });
});
