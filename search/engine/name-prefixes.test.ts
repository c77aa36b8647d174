// Compound names: a request word that begins a catalog name term (or that a name term begins) reaches the tool
// whose name is written as one word, through the same index and explanation as any other query term.
import { describe, expect, it } from "vitest";
import { createSearchIndex } from "../search-index";
import { NamePrefixes } from "./name-prefixes";

const docs = [
  { id: "m.socialsearch", name: "socialsearch", text: "socialsearch Find posts and people across networks." },
  { id: "m.news", name: "news_feed", text: "news_feed news feed Read the latest headlines." },
  { id: "m.chat", name: "chatbot", text: "chatbot Talk to an assistant." },
];

describe("name prefixes", () => {
  it("relates a request term to the name terms it begins and to those that begin it, never short ones", () => {
    const prefixes = new NamePrefixes(["socialsearch", "discov", "chatbot", "chat", "news", "feed2go"], 5);
    expect(prefixes.related("social")).toEqual(["socialsearch"]);
    expect(prefixes.related("discover")).toEqual(["discov"]);
    expect(prefixes.related("chat")).toEqual([]); // shorter than 5: links nothing
    expect(prefixes.related("socialsearch")).toEqual([]); // the term itself is not related to itself
    expect(new NamePrefixes(["socialsearch"], 0).related("social")).toEqual([]);
  });

  it("finds a compound name from one of its words, and explain shows the term that matched", () => {
    const index = createSearchIndex(docs, { profile: "stockroom" });
    expect(index.search("anything social today", 3).map((hit) => hit.id)).toEqual(["m.socialsearch"]);
    const explained = index.explain("anything social today", "m.socialsearch");
    const term = explained?.terms.find((t) => t.term === "socialsearch");
    expect(term).toMatchObject({ matched: true, queryWeight: 0.5 });
  });

  it("leaves codex-bm25 alone: there the word finds nothing", () => {
    expect(createSearchIndex(docs, { profile: "codex-bm25" }).search("anything social today", 3)).toEqual([]);
  });
});
