// Snowball stemming with the English and German algorithms of `snowball-stemmers` 0.6.0, which match
// rust-stemmers 1.2 exactly (search/README.md, "Profile codex-bm25"), vendored as search/vendor/snowball.ts (the
// package bundles all 24 languages in one file). Analyzers remember each distinct token's stem
// (pipeline.ts), so the stemmer itself keeps nothing.
import { newStemmer } from "../vendor/snowball";

export type StemLanguage = "english" | "german";

export interface Stemmer {
  (word: string): string;
}

const stemmers = new Map<StemLanguage, Stemmer>();

export function getStemmer(language: StemLanguage): Stemmer {
  const existing = stemmers.get(language);
  if (existing) return existing;
  const snowball: { stem(word: string): string } = newStemmer(language);
  const stem: Stemmer = (word) => snowball.stem(word);
  stemmers.set(language, stem);
  return stem;
}
