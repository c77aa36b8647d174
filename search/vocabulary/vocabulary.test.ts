import { describe, expect, it } from "vitest";
import { createSearchIndex, currentPacks } from "../index";
import { readCorpusDocs } from "../testing/corpus";
import { checkCatalogLines } from "./catalog-lines";
import { LEGACY_VOCABULARY } from "./packs";
import { resolveVocabulary } from "./vocabulary";

const docs = readCorpusDocs("corpus/tools.jsonl");
const withVocabulary = (packs: string[], lines = "") =>
  createSearchIndex(docs, { profile: "stockroom", vocabulary: { packs: currentPacks(packs), lines } });

describe("vocabulary packs and catalog lines", () => {
  it("a catalog line moves its tool to the top and the playground's effect names it", () => {
    const plain = withVocabulary(["general"]);
    const query = "zorp the last payment";
    expect(plain.search(query)[0]?.id).not.toBe("stripe.create_refund");
    const own = withVocabulary(["general"], "zorp > create_refund");
    expect(own.search(query)[0]?.id).toBe("stripe.create_refund");
    expect(own.vocabularyEffect(query)).toContainEqual({
      term: "zorp",
      related: [
        { term: "creat", source: "catalog" },
        { term: "refund", source: "catalog" },
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
});
