// The analyzers remember tokens and runs, and a few hot paths take ASCII shortcuts: each must give exactly what the
// plain steps (or the general code) give, on every text of the three catalogs and on random text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nameKey, unicodeNameKey } from "../engine/exact-names";
import { CATALOG_IDS, readCatalog } from "../testing/labelled-sets";
import { CJK_RUN, hasCjk } from "./cjk";
import { codexAnalyzer } from "./codex-analyzer";
import { applySteps, forgetAnalysis, type Analyzer } from "./pipeline";
import { EMPTY_RUN_HASH, hashRunChar, RunMemo } from "./run-memo";
import { stockroomEnglishAnalyzer } from "./stockroom-analyzer";

const ANALYZERS: Array<[string, Analyzer]> = [
  ["stockroom", stockroomEnglishAnalyzer()],
  ["codex english", codexAnalyzer("english")],
  ["codex german", codexAnalyzer("german")],
];
const catalogTexts = CATALOG_IDS.flatMap((catalog) =>
  readCatalog(catalog).flatMap((doc) => [doc.text, doc.name ?? "", doc.namespace ?? ""]),
);
/** Identifiers, camel case, acronyms, digits, stop words, separators, accents, CJK, emoji and lone surrogates. */
const pieces = fc.constantFrom(
  ...["GitHub", "listPRs", "HTTPServer", "get_user_id", "the", "and", "Running", "v2", "x1.y2", "a-b", "you're"],
  ...["café", "ÆTHER", "日程", "安排会议", "İstanbul", "🄏", "\ud800", "\n", " ", " — ", "::", "__init__", "3.14"],
);
const texts = fc.oneof(
  fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join("")),
  fc.string(),
  fc.string({ unit: "binary" }),
);

describe.each(ANALYZERS)("%s analyzer", (_, analyzer) => {
  it("gives what its steps give on every catalog text, from scratch and remembered", () => {
    forgetAnalysis();
    const cold = catalogTexts.map((text) => analyzer.analyze(text));
    const warm = catalogTexts.map((text) => analyzer.analyze(text));
    const plain = catalogTexts.map((text) => applySteps(analyzer.steps, text));
    expect(cold).toEqual(plain);
    expect(warm).toEqual(plain);
  }, 120_000);

  it("gives what its steps give on random text", () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(analyzer.analyze(text)).toEqual(applySteps(analyzer.steps, text));
      }),
      { numRuns: 2000, seed: 8 },
    );
  }, 60_000);

  it("returns a fresh array the caller may change", () => {
    const first = analyzer.analyze("open pull requests");
    first.push("changed");
    expect(analyzer.analyze("open pull requests")).not.toContain("changed");
  });
});

describe("RunMemo", () => {
  // A weak hash on purpose: most runs collide, so finding the right one rests on comparing characters.
  const hashOf = (run: string) => (run.length === 1 ? hashRunChar(EMPTY_RUN_HASH, run.charCodeAt(0)) : 0);

  it("finds a run inside a text as a Map finds the cut-out string, and forgets all when full", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-c]{0,3}$/), { maxLength: 200 }), (runs) => {
        const memo = new RunMemo<number>(16);
        const reference = new Map<string, number>();
        runs.forEach((run, i) => {
          const text = `  ${run}.`;
          const found = memo.get(text, 2, 2 + run.length, hashOf(run));
          expect(found).toBe(reference.get(run));
          if (found === undefined) {
            if (reference.size >= 16) reference.clear();
            memo.set(run, hashOf(run), i);
            reference.set(run, i);
          }
        });
      }),
      { numRuns: 300, seed: 8 },
    );
  });
});

describe("ASCII shortcuts", () => {
  it("nameKey of ASCII text is the general path's", () => {
    const names = CATALOG_IDS.flatMap((c) => readCatalog(c).flatMap((doc) => [doc.name ?? "", doc.namespace ?? ""]));
    for (const name of names) expect(nameKey(name)).toBe(unicodeNameKey(name));
    fc.assert(
      fc.property(fc.stringMatching(/^[ -~]{0,24}$/), (text) => {
        expect(nameKey(text)).toBe(unicodeNameKey(text));
      }),
      { numRuns: 3000, seed: 8 },
    );
  });

  it("hasCjk agrees with the CJK run pattern on every code point and on random texts", () => {
    const byPattern = (text: string) => new RegExp(CJK_RUN.source, "u").test(text);
    const disagree: number[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue; // lone surrogates: not characters
      const char = String.fromCodePoint(code);
      if (hasCjk(char) !== byPattern(char)) disagree.push(code);
    }
    expect(disagree).toEqual([]);
    fc.assert(
      fc.property(texts, (text) => {
        expect(hasCjk(text)).toBe(byPattern(text));
      }),
      { numRuns: 2000, seed: 8 },
    );
  });
});
