import { describe, expect, it } from "vitest";
import { queryTermWords, wordOf } from "./term-words";

describe("the words a person reads for the engine's terms", () => {
  it("maps each stem of the request to the word typed", () => {
    const words = queryTermWords("Read messages, urgently!", "codex-bm25");
    expect(words.get("messag")).toBe("messages");
    expect(wordOf("messag", words, [])).toBe("messages");
  });

  it("falls back to the tool's own word for a term the request lacks, then to the term", () => {
    const segments = [{ text: "Delete " }, { text: "branches", term: "branch" }];
    expect(wordOf("branch", new Map(), segments)).toBe("branches");
    expect(wordOf("zzz", new Map(), segments)).toBe("zzz");
  });
});
