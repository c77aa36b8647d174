// Analyzers as a pipeline of small named steps: text steps (normalize, lowercase…), one split step,
// then token steps (stop words, stemming…). The steps are data, so the UI can show them.
import { deunicode } from "./deunicode";
import { splitWords } from "./segment";
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
}
export interface TokenStep {
  kind: "tokens";
  name: string;
  apply(tokens: string[]): string[];
}

export interface Analyzer {
  readonly steps: readonly (TextStep | SplitStep | TokenStep)[];
  analyze(text: string): string[];
}

export function createAnalyzer(
  textSteps: readonly TextStep[],
  split: SplitStep,
  tokenSteps: readonly TokenStep[],
): Analyzer {
  return {
    steps: [...textSteps, split, ...tokenSteps],
    analyze(text) {
      if (text.length === 0) return [];
      let current = text;
      for (const step of textSteps) current = step.apply(current);
      let tokens = split.apply(current);
      for (const step of tokenSteps) tokens = step.apply(tokens);
      return tokens;
    },
  };
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
  return { kind: "tokens", name: "stop-words", apply: (tokens) => tokens.filter((token) => !stop.has(token)) };
}

export function stem(language: StemLanguage): TokenStep {
  const stemmer = getStemmer(language);
  return {
    kind: "tokens",
    name: `stem-${language}`,
    apply: (tokens) => {
      for (let i = 0; i < tokens.length; i++) tokens[i] = stemmer(tokens[i]!);
      return tokens;
    },
  };
}
