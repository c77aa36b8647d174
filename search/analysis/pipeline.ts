// Analyzers as a pipeline of small named steps: text steps (normalize, lowercase…), one split step,
// then token steps (stop words, stemming…). The steps are data, so the UI can show them.
import { deunicode } from "./deunicode";
import { splitWords } from "./segment";
import { EMPTY_RUN_HASH, hashRunChar, RunMemo } from "./run-memo";
import { getStemmer, type StemLanguage } from "./stem";

export interface TextStep {
  kind: "text";
  name: string;
  apply(text: string): string;
}
export interface SplitStep {
  kind: "split";
  name: string;
  apply(text: string): string[];
  /**
   * True when the split cuts each run of ASCII letters and digits alone and keeps nothing else (every other
   * character ends a run): the analyzer then analyses each distinct run once.
   */
  splitsRunsAlone?: boolean;
}
export interface TokenStep {
  kind: "tokens";
  name: string;
  /** What the step makes of one token, or null to drop it: a pure function of the token alone. */
  apply(token: string): string | null;
}

export type AnalysisStep = TextStep | SplitStep | TokenStep;

export interface Analyzer {
  readonly steps: readonly AnalysisStep[];
  analyze(text: string): string[];
  /** Forgets the tokens and runs it remembered, so a benchmark measures analysis from scratch. */
  forget(): void;
}

/** The steps applied in order, remembering nothing: what every analyzer's `analyze` returns. */
export function applySteps(steps: readonly AnalysisStep[], text: string): string[] {
  if (text.length === 0) return [];
  let current = text;
  let tokens: string[] = [];
  for (const step of steps) {
    if (step.kind === "text") current = step.apply(current);
    else if (step.kind === "split") tokens = step.apply(current);
    else tokens = tokens.map((token) => step.apply(token)).filter((token): token is string => token !== null);
  }
  return tokens;
}

/** Distinct tokens (and runs) remembered per analyzer; forgotten all at once when full. */
const MAX_REMEMBERED = 200_000;
/** Every analyzer made (one per profile and language: each is made once), for `forgetAnalysis`. */
const analyzers = new Set<Analyzer>();

/** Makes every analyzer forget what it remembered, so a benchmark measures analysis from scratch. */
export function forgetAnalysis(): void {
  for (const analyzer of analyzers) analyzer.forget();
}
const NO_TOKENS: readonly string[] = Object.freeze([]);

/** 1 for the ASCII letters and digits, by code. */
const ASCII_ALNUM = new Uint8Array(128);
for (let c = 0; c < 128; c++)
  ASCII_ALNUM[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : 0;

/**
 * An analyzer over the steps. Token steps are pure per token, so each distinct token is taken through them once;
 * with a split that cuts runs alone, each distinct run is split and finished once (a catalog's texts repeat a few
 * thousand words). Both memories are pure functions of their key: a remembered entry is never stale.
 */
export function createAnalyzer(
  textSteps: readonly TextStep[],
  split: SplitStep,
  tokenSteps: readonly TokenStep[],
): Analyzer {
  let finished = new Map<string, string | null>();
  const runs = new RunMemo<readonly string[]>(MAX_REMEMBERED);
  const finish = (tokens: readonly string[], out: string[]): string[] => {
    for (const token of tokens) {
      let done = finished.get(token);
      if (done === undefined) {
        done = token;
        for (const step of tokenSteps) if ((done = step.apply(done)) === null) break;
        if (finished.size >= MAX_REMEMBERED) finished = new Map();
        finished.set(token, done);
      }
      if (done !== null) out.push(done);
    }
    return out;
  };
  const analyzeByRuns = (text: string): string[] => {
    const out: string[] = [];
    const n = text.length;
    // One pass: each run is hashed as it is read, and looked up when the character after it ends it.
    let start = -1;
    let hash = EMPTY_RUN_HASH;
    for (let i = 0; i <= n; i++) {
      const code = i < n ? text.charCodeAt(i) : 0;
      if (code < 128 && ASCII_ALNUM[code] === 1) {
        if (start < 0) {
          start = i;
          hash = EMPTY_RUN_HASH;
        }
        hash = hashRunChar(hash, code);
        continue;
      }
      if (start < 0) continue;
      let tokens = runs.get(text, start, i, hash);
      if (tokens === undefined) {
        const run = text.slice(start, i);
        const done = finish(split.apply(run), []);
        runs.set(run, hash, (tokens = done.length === 0 ? NO_TOKENS : done));
      }
      for (let k = 0; k < tokens.length; k++) out.push(tokens[k]!);
      start = -1;
    }
    return out;
  };
  const analyzer: Analyzer = {
    steps: [...textSteps, split, ...tokenSteps],
    analyze(text) {
      if (text.length === 0) return [];
      let current = text;
      for (const step of textSteps) current = step.apply(current);
      return split.splitsRunsAlone ? analyzeByRuns(current) : finish(split.apply(current), []);
    },
    forget() {
      finished = new Map();
      runs.clear();
    },
  };
  analyzers.add(analyzer);
  return analyzer;
}

export const normalizeDeunicode = (): TextStep => ({ kind: "text", name: "deunicode", apply: deunicode });

export const lowercase = (): TextStep => ({ kind: "text", name: "lowercase", apply: (text) => text.toLowerCase() });

export const splitUnicodeWords = (locale = "en"): SplitStep => ({
  kind: "split",
  name: "unicode-words",
  apply: (text) => splitWords(text, locale),
});

export function removeStopWords(words: Iterable<string>): TokenStep {
  const stop = new Set(words);
  return { kind: "tokens", name: "stop-words", apply: (token) => (stop.has(token) ? null : token) };
}

export function stem(language: StemLanguage): TokenStep {
  return { kind: "tokens", name: `stem-${language}`, apply: getStemmer(language) };
}
