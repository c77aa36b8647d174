import { analyzeText, type EngineProfile } from "@/search/index";
import { boundedCache } from "../../cache/bounded-cache";

/**
 * A run of the search text; `term`, the matched (analysed) query term, only on a highlighted run. The runs
 * joined are the whole search text, so answers carry the text once, as runs.
 */
export interface TextSegment {
  text: string;
  term?: string;
}

const segmenter = new Intl.Segmenter("en", { granularity: "word" });

/** (Profile, word) → analysed tokens: a pure function, never stale, nothing clears it. A vocabulary repeats. */
const tokenMemo = boundedCache<string[]>({ name: "highlight-tokens", max: 200_000 });

function tokensOf(word: string, profile: EngineProfile): string[] {
  return tokenMemo.getOrSet(`${profile}\u0000${word}`, () => analyzeText(word, profile));
}

/** A segment of a search text, with its analysed tokens when it is a word. */
interface AnalyzedSegment {
  segment: string;
  tokens: readonly string[] | null;
}

/**
 * (Profile, search text) → its UAX #29 segments with each word's tokens. ICU segmentation and analysis are the
 * slow part of highlighting, and a hit's text repeats across queries: one look-up per hit rather than one per
 * word. A pure function: never stale, nothing clears it.
 */
const analyzedMemo = boundedCache<AnalyzedSegment[]>({ name: "highlight-segments", max: 10_000 });

function analyzedSegmentsOf(text: string, profile: EngineProfile): AnalyzedSegment[] {
  return analyzedMemo.getOrSet(`${profile}\u0000${text}`, () =>
    Array.from(segmenter.segment(text), ({ segment, isWordLike }) => ({
      segment,
      tokens: isWordLike ? tokensOf(segment, profile) : null,
    })),
  );
}

/**
 * Splits `text` into runs, marking each word whose analysed tokens include a matched query term.
 * The analyzer stems and splits identifiers, so tokens are mapped back by analysing word by word:
 * "list_open_orders" lights up for "order", "Orders" for "order", "天气" for "weather".
 */
export function highlightSearchText(
  text: string,
  matchedTerms: readonly string[],
  profile: EngineProfile,
): TextSegment[] {
  const matched = new Set(matchedTerms);
  const segments: TextSegment[] = [];
  const push = (piece: string, term: string | null) => {
    const last = segments.at(-1);
    if (term !== null) segments.push({ text: piece, term });
    else if (last && last.term === undefined) last.text += piece;
    else segments.push({ text: piece });
  };
  for (const { segment, tokens } of analyzedSegmentsOf(text, profile)) {
    push(segment, tokens && matched.size > 0 ? (tokens.find((token) => matched.has(token)) ?? null) : null);
  }
  return segments;
}
