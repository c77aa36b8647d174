// Profile codex-bm25 against the Rust `bm25` crate 2.3.2's own snapshots (../shared/parity).
import { describe, expect, it } from "vitest";
import { codexAnalyzer } from "./analysis/codex-analyzer";
import { FALLBACK_AVGDL, lengthNormF32, termWeightF32 } from "./bm25/formulas";
import { CodexEngine } from "./engine/codex-engine";
import { createSearchIndex, resolveSettings } from "./index";
import { indexFromEngine } from "./search-index";
import { f32, formatF32 } from "./numeric/f32";
import { fxhash32 } from "./numeric/fxhash";
import { parseTokenSnapshot, readRecipes, readShared } from "./testing/shared";
import { parseEmbeddingSnapshot, parseSearchSnapshot } from "./testing/snapshots";

const LANGUAGES = [
  { code: "en", language: "english", query: "bake" },
  { code: "de", language: "german", query: "backen" },
] as const;

describe.each(LANGUAGES)("codex-bm25 tokenizer parity ($code)", ({ code, language }) => {
  it("reproduces DefaultTokenizer token for token on all 50 recipes", () => {
    const recipes = readRecipes(code);
    const expected = parseTokenSnapshot(
      readShared(`parity/bm25__default_tokenizer__tests__it_matches_snapshot_${code}.snap`),
    );
    const analyzer = codexAnalyzer(language);
    expect(expected).toHaveLength(50);
    const matching = recipes.filter((recipe, i) => {
      const tokens = analyzer.analyze(recipe.recipe);
      expect(tokens, `recipe ${i} (${recipe.title})`).toEqual(expected[i]);
      return true;
    });
    expect(matching).toHaveLength(50);
  });
});

describe("codex-bm25 embedding parity (en)", () => {
  it("matches every token hash and f32 weight of the embedder snapshot", () => {
    const recipes = readRecipes("en");
    const expected = parseEmbeddingSnapshot(readShared("parity/bm25__embedder__tests__it_matches_snapshot_en.snap"));
    const analyzer = codexAnalyzer("english");
    const tokenLists = recipes.map((r) => analyzer.analyze(r.recipe));
    const total = tokenLists.reduce((sum, t) => sum + t.length, 0);
    const avgdl = f32(total / tokenLists.length) || FALLBACK_AVGDL;
    expect(expected).toHaveLength(50);
    tokenLists.forEach((tokens, doc) => {
      const counts = new Map<string, number>();
      for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
      const norm = lengthNormF32(tokens.length, avgdl, 0.75);
      const actual = tokens.map((t) => ({
        index: fxhash32(t),
        value: formatF32(termWeightF32(counts.get(t)!, norm, 1.2)),
      }));
      expect(actual, `recipe ${doc}`).toEqual(expected[doc]);
    });
  });
});

describe.each(LANGUAGES)("codex-bm25 search parity ($code)", ({ code, query }) => {
  it(`scores query "${query}" to every printed f32 digit`, () => {
    const expected = parseSearchSnapshot(readShared(`parity/bm25__search__tests__it_matches_snapshot_${code}.snap`));
    const docs = readRecipes(code).map((r) => ({ id: r.title, text: r.recipe }));
    // The crate's snapshot test builds the German engine with Language::German; English is the profile default.
    const settings = resolveSettings({ profile: "codex-bm25" });
    const index =
      code === "en" ? createSearchIndex(docs, settings) : indexFromEngine(new CodexEngine(docs, settings, "german"));
    const hits = index.search(query, 100);
    const actual = hits.map((h) => ({ id: h.id, score: formatF32(h.score) })).sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(actual).toEqual(expected);
    if (code === "en") expect(actual).toHaveLength(16);
    // N counts unique ids (3 titles repeat) while avgdl is fitted over all 50 texts.
    expect(index.size).toBe(new Set(docs.map((d) => d.id)).size);
  });
});
