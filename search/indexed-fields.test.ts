import { describe, expect, it } from "vitest";
import {
  createSearchIndex,
  ENGINE_PROFILES,
  effectiveSearchText,
  indexedFields,
  joinSearchTextParts,
  partsOfIndexedText,
  searchTextParts,
  termSources,
  type IndexDoc,
  type SearchTextMode,
  type SearchTextTool,
} from "./index";
import type { CorpusTool, LabelledQuery } from "./testing/corpus";
import { readJsonl } from "./testing/shared";

// The editor's "Effective text" and the playground's explanation show what is indexed field by field; these tests
// hold the display to the engines: the fields join to the very text indexed, and per term they add up to the
// term frequency the engine itself explains.

const CORPUS = readJsonl<CorpusTool>("corpus/tools.jsonl");
const QUERIES = readJsonl<LabelledQuery>("corpus/queries.dev.jsonl").slice(0, 60);
const MODES: SearchTextMode[] = ["generated", "generated+extra", "override"];

/** The corpus tool `i` in one of the three modes, with an extra and an override that share no word with its name. */
function toolOf(tool: CorpusTool, i: number): SearchTextTool {
  return {
    ...tool,
    namespace: { name: tool.namespace, description: "" },
    searchTextMode: MODES[i % 3],
    searchTextExtra: "  money back refund  ",
    searchTextOverride: " payments ledger for accountants ",
  };
}

const TOOLS = CORPUS.map(toolOf);

describe("the displayed fields are the indexed text", () => {
  it("join, field by field, to exactly the effective search text in every mode", () => {
    for (const tool of TOOLS) {
      const parts = searchTextParts(tool);
      expect(joinSearchTextParts(parts)).toBe(effectiveSearchText(tool));
      expect(parts.every((part) => part.text.length > 0 && part.text === part.text.trim())).toBe(true);
      const mode = tool.searchTextMode;
      expect(parts.some((part) => part.field === "override")).toBe(mode === "override");
      expect(parts.some((part) => part.field === "extra")).toBe(mode === "generated+extra");
    }
  });

  it("are recovered from a published text alone (the mode is not in the snapshot), joining to it exactly", () => {
    for (const tool of TOOLS) {
      const indexed = effectiveSearchText(tool);
      const { searchTextMode: _mode, ...rest } = tool;
      const parts = partsOfIndexedText(rest, indexed);
      expect(joinSearchTextParts(parts)).toBe(indexed);
      expect(parts).toEqual(searchTextParts(tool));
    }
    // A text that matches no generated shape is an override, whole.
    expect(partsOfIndexedText({ name: "x", description: "y" }, "x  y")).toEqual([{ field: "override", text: "x  y" }]);
  });

  it("keep an override's name out of the text but in the name field of the stockroom profile only", () => {
    const tool = TOOLS.find((t) => t.searchTextMode === "override")!;
    const parts = searchTextParts(tool);
    expect(parts).toEqual([{ field: "override", text: "payments ledger for accountants" }]);
    expect(indexedFields(parts, tool.name, "stockroom").name).toEqual({ text: tool.name, weight: 1 });
    expect(indexedFields(parts, tool.name, "codex-bm25").name).toBeNull();
  });
});

describe.each(ENGINE_PROFILES)("per term, the fields add up to the engine's term frequency (%s)", (profile) => {
  const docs: IndexDoc[] = TOOLS.map((tool) => ({
    id: `${tool.namespace!.name}.${tool.name}`,
    name: tool.name,
    namespace: tool.namespace!.name,
    text: effectiveSearchText(tool),
  }));
  const index = createSearchIndex(docs, { profile });

  it("for every hit of the labelled requests, overrides included", () => {
    let checked = 0;
    let fromNameOnly = 0;
    for (const { query } of QUERIES) {
      for (const hit of index.search(query, 10)) {
        const tool = TOOLS[docs.findIndex((doc) => doc.id === hit.id)]!;
        const fields = indexedFields(searchTextParts(tool), tool.name, profile);
        const explanation = index.explain(query, hit.id)!;
        const matched = explanation.terms.filter((term) => term.matched);
        const sources = termSources(
          fields,
          (text) => index.analyze(text),
          matched.map((term) => term.term),
        );
        for (const term of matched) {
          const found = sources.get(term.term)!;
          expect(found.reduce((sum, source) => sum + source.count, 0)).toBe(term.tf);
          if (found.every((source) => source.field === "name-field")) fromNameOnly++;
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    // Under an override the name still counts with the stockroom profile, and only there.
    if (profile === "stockroom") expect(fromNameOnly).toBeGreaterThan(0);
    else expect(fromNameOnly).toBe(0);
  });
});
