// Snowball stemming with the English and German algorithms of `snowball-stemmers` 0.6.0, which match
// rust-stemmers 1.2 exactly (../shared/parity/README.md), vendored as search/vendor/snowball.ts (the
// package bundles all 24 languages in one file). Stems are memoised: vocabularies are small and
// stemming dominates indexing.
import { newStemmer } from "../vendor/snowball";

export type StemLanguage = "english" | "german";

const MAX_CACHE = 200_000;

export interface Stemmer {
  (word: string): string;
}

const stemmers = new Map<StemLanguage, Stemmer>();

export function getStemmer(language: StemLanguage): Stemmer {
  const existing = stemmers.get(language);
  if (existing) return existing;
  const snowball: { stem(word: string): string } = newStemmer(language);
  let cache = new Map<string, string>();
  const stem: Stemmer = (word) => {
    let stemmed = cache.get(word);
    if (stemmed === undefined) {
      stemmed = snowball.stem(word);
      if (cache.size >= MAX_CACHE) cache = new Map();
      cache.set(word, stemmed);
    }
    return stemmed;
  };
  stemmers.set(language, stem);
  return stem;
}
