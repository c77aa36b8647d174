import { describe, expect, it } from "vitest";
import { createSearchIndex, currentPacks } from "../index";
import { readCorpusDocs } from "../testing/corpus";
import { checkCatalogLines } from "./catalog-lines";
import { findPack, LEGACY_VOCABULARY } from "./packs";
import { type LearnedTerm, parseLearned, resolveVocabulary } from "./vocabulary";

const docs = readCorpusDocs("corpus/tools.jsonl");
const withVocabulary = (packs: string[], lines = "") =>
  createSearchIndex(docs, { profile: "stockroom", vocabulary: { packs: currentPacks(packs), lines } });

describe("vocabulary packs and catalog lines", () => {
  // Two builds of the 724-tool demo catalog: over 5 s on a loaded 2-core machine.
  it("a catalog line moves its tool to the top and the playground's effect names it", { timeout: 30_000 }, () => {
    const plain = withVocabulary(["general"]);
    const query = "zorp the last payment";
    expect(plain.search(query)[0]?.id).not.toBe("stripe.create_refund");
    const own = withVocabulary(["general"], "zorp > create_refund");
    expect(own.search(query)[0]?.id).toBe("stripe.create_refund");
    expect(own.vocabularyEffect(query)).toContainEqual({
      term: "zorp",
      related: [
        { term: "creat", source: "catalog", weight: 0.4 },
        { term: "refund", source: "catalog", weight: 0.4 },
      ],
    });
  });

  it("a Chinese catalog line is a glossary entry", () => {
    const query = "帮我开票";
    const own = withVocabulary(["general"], "开票 > create invoice");
    expect(own.search(query)[0]?.id).toBe("stripe.create_invoice");
    expect(own.analyze(query)).toEqual(expect.arrayContaining(["creat", "invoic"]));
  });

  it("a pack left out adds nothing: the popular-servers pack's nicknames only with it", () => {
    expect(resolveVocabulary({ packs: currentPacks(["general"]), lines: "" }).related("gh")).toEqual([]);
    expect(
      resolveVocabulary({ packs: currentPacks(["general", "popular-servers"]), lines: "" }).related("gh"),
    ).toContain("github");
    expect(resolveVocabulary().key).toBe(resolveVocabulary(LEGACY_VOCABULARY).key);
  });

  it("refuses a pack version this engine does not ship, and names bad catalog lines", () => {
    expect(() =>
      createSearchIndex(docs, {
        profile: "stockroom",
        vocabulary: { packs: [{ id: "general", version: 99 }], lines: "" },
      }),
    ).toThrow(/general@99/);
    expect(checkCatalogLines("refund > create_refund\n# note\n开票 > create invoice\ndelete remove")).toEqual([]);
    expect(checkCatalogLines("refund >\n开票\na > b > c\nalone")).toEqual([
      { line: 1, message: "needs words on both sides of >" },
      { line: 2, message: "a Chinese word needs its English meaning after >" },
      { line: 3, message: "has more than one >" },
      { line: 4, message: "a group needs at least two words (or use >)" },
    ]);
  });

  it("a learned pack's lines: weighted links of analysed terms, a repeated link keeps its first weight", () => {
    const into = new Map<string, LearnedTerm[]>();
    parseLearned("paid payment:0.4 charg:0.25 paid:0.3\nfoo", "learned", into);
    parseLearned("paid payment:0.1 invoic:0.05", "other", into);
    expect(into.get("paid")).toEqual([
      { term: "payment", weight: 0.4, source: "learned" },
      { term: "charg", weight: 0.25, source: "learned" },
      { term: "invoic", weight: 0.05, source: "other" },
    ]);
    expect(into.has("foo")).toBe(false);
  });

  it("the learned pack is opt-in: only a catalog that chooses it expands with it, at its weight, bounded", () => {
    const learned = findPack({ id: "learned", version: 1 }).related!;
    const [word, first] = learned.split("\n")[0]!.split(" ") as [string, string];
    const [term, weight] = first.split(":") as [string, string];
    expect(resolveVocabulary().learned(word)).toEqual([]);
    const vocabulary = resolveVocabulary({ packs: currentPacks(["general", "learned"]), lines: "" });
    expect(vocabulary.learned(word)[0]).toEqual({ term, weight: Number(weight), source: "learned" });
    const weights = learned.split(/[\s]/).flatMap((pair) => (pair.includes(":") ? [Number(pair.split(":")[1])] : []));
    expect(Math.max(...weights)).toBeLessThanOrEqual(0.4);
    expect(Math.min(...weights)).toBeGreaterThan(0);
  });

  it("a learned link adds related terms to the request, and the effect names each with its weight", () => {
    const query = "my card payment got declined twice";
    const own = withVocabulary(["general", "popular-servers", "learned"]);
    const effect = own.vocabularyEffect(query).flatMap((e) => e.related.filter((r) => r.source === "learned"));
    expect(effect.length).toBeGreaterThan(0);
    for (const link of effect) expect(link.weight).toBeGreaterThan(0);
    for (const link of effect) expect(link.weight).toBeLessThanOrEqual(0.4);
    expect(
      withVocabulary(["general", "popular-servers"])
        .vocabularyEffect(query)
        .flatMap((e) => e.related),
    ).not.toContainEqual(expect.objectContaining({ source: "learned" }));
  });
});
