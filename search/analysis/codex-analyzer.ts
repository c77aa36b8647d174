// The `bm25` crate's DefaultTokenizer (normalization, stop words and stemming on): deunicode →
// lowercase → unicode_words → NLTK stop words (themselves passed through deunicode) → Snowball.
import { STOPWORDS_DE_NLTK, STOPWORDS_EN_NLTK } from "../data/stopwords";
import { deunicode } from "./deunicode";
import {
  createAnalyzer,
  lowercase,
  normalizeDeunicode,
  removeStopWords,
  splitUnicodeWords,
  stem,
  type Analyzer,
} from "./pipeline";

export type CodexLanguage = "english" | "german";

const analyzers = new Map<CodexLanguage, Analyzer>();

export function codexAnalyzer(language: CodexLanguage = "english"): Analyzer {
  let analyzer = analyzers.get(language);
  if (!analyzer) {
    const stopWords = (language === "english" ? STOPWORDS_EN_NLTK : STOPWORDS_DE_NLTK).map(deunicode);
    analyzer = createAnalyzer([normalizeDeunicode(), lowercase()], splitUnicodeWords(), [
      removeStopWords(stopWords),
      stem(language),
    ]);
    analyzers.set(language, analyzer);
  }
  return analyzer;
}
