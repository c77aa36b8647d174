// The stockroom profile's analyzer: NFKC → CJK runs out (glossary translation + ICU words) →
// identifier splitting → deunicode → lowercase → UAX #29 words → stop words → Snowball English.
import { STOPWORDS_EN_NLTK } from "../data/stopwords";
import { defaultGlossary } from "../vocabulary/default-glossary";
import { analyzeCjkRun, CJK_RUN, hasCjk, type Glossary } from "./cjk";
import { identifierWords } from "./identifiers";
import {
  createAnalyzer,
  normalizeDeunicode,
  removeStopWords,
  stem,
  type Analyzer,
  type SplitStep,
  type TextStep,
} from "./pipeline";
import { isAscii } from "./ascii";

/**
 * Words that only say "please do something" in a request; NLTK's list lacks them. "tool" and "tools" too: in a
 * catalog of tools every document is one, so "a tool that converts speech" says no more than "converts speech",
 * and names like ChartTool or JobTool would otherwise gain name coverage from any request that says "tool".
 */
export const REQUEST_FILLER = [
  "please",
  "pls",
  "kindly",
  "want",
  "wanna",
  "need",
  "help",
  "like",
  "would",
  "could",
  "let",
  "lets",
  "us",
  "hey",
  "hi",
  "hello",
  "thanks",
  "thank",
  "ok",
  "okay",
  "also",
  "me",
  "my",
  "i'd",
  "i'm",
  "i've",
  "what's",
  "can",
  "could",
  "tell",
  "give",
  "get",
  "show",
  "right",
  "tool",
  "tools",
];

const nfkc = (): TextStep => ({ kind: "text", name: "nfkc", apply: (text) => text.normalize("NFKC") });
/** Words split as identifiers (snake, kebab, dotted, camel), lowercased: ASCII after deunicode. */
const identifierSplit = (): SplitStep => ({
  kind: "split",
  name: "identifier-words",
  apply: identifierWords,
  splitsRunsAlone: true,
});

let english: Analyzer | null = null;

/** The English part of the pipeline (also applied to glossary translations). */
export function stockroomEnglishAnalyzer(): Analyzer {
  english ??= createAnalyzer([normalizeDeunicode()], identifierSplit(), [
    removeStopWords([...STOPWORDS_EN_NLTK, ...REQUEST_FILLER]),
    stem("english"),
  ]);
  return english;
}

export interface StockroomAnalysis {
  /** Tokens of the text itself, plus the first analysed word of each glossary translation. */
  primary: string[];
  /** The other words of glossary translations, with the primary token they stand beside. */
  alternatives: Array<{ term: string; of: string }>;
}

/**
 * Analysis that keeps glossary alternatives apart, so a query can weight them like synonyms. `glossary`: the
 * index's vocabulary (default: the packs a snapshot without a vocabulary ranked with).
 */
export function analyzeStockroomDetailed(text: string, glossary?: Glossary): StockroomAnalysis {
  const analyzer = stockroomEnglishAnalyzer();
  // ASCII text (most search text) is its own NFKC form and has no CJK.
  if (isAscii(text)) return { primary: analyzer.analyze(text), alternatives: [] };
  const normalized = text.normalize("NFKC");
  if (!hasCjk(normalized)) return { primary: analyzer.analyze(normalized), alternatives: [] };
  const translated: string[] = [];
  const cjkWords: string[] = [];
  const rest = normalized.replace(CJK_RUN, (run) => {
    const { translations, words } = analyzeCjkRun(run, glossary ?? defaultGlossary());
    translated.push(...translations);
    cjkWords.push(...words);
    return " ";
  });
  const primary = analyzer.analyze(rest);
  const alternatives: StockroomAnalysis["alternatives"] = [];
  for (const english of translated) {
    const [first, ...others] = analyzer.analyze(english);
    if (first === undefined) continue;
    primary.push(first);
    for (const term of others) if (term !== first) alternatives.push({ term, of: first });
  }
  primary.push(...cjkWords);
  return { primary, alternatives };
}

/** Tokens for text in any language; CJK contributes glossary translations and untranslated CJK words. */
export function analyzeStockroom(text: string, glossary?: Glossary): string[] {
  const { primary, alternatives } = analyzeStockroomDetailed(text, glossary);
  return alternatives.length === 0 ? primary : [...primary, ...alternatives.map((a) => a.term)];
}

/** The steps, for display; `analyzeStockroom` runs them (CJK first, then the English pipeline). */
export const STOCKROOM_STEPS = [nfkc().name, "cjk-glossary", ...stockroomEnglishAnalyzer().steps.map((s) => s.name)];
