import { analyzeText, type EngineProfile } from "@/search/index";
import type { TextSegment } from "./highlight";

const segmenter = new Intl.Segmenter("en", { granularity: "word" });

/**
 * The analysed query terms of a request → the word a person reads for each: the word typed in the request, or
 * for a term only the index has (a related term), the word of the tool's text it came from. Stems ("pai" for
 * "paid") stay in the engine.
 */
export function queryTermWords(query: string, profile: EngineProfile): Map<string, string> {
  const words = new Map<string, string>();
  for (const { segment, isWordLike } of segmenter.segment(query)) {
    if (!isWordLike) continue;
    for (const term of analyzeText(segment, profile)) if (!words.has(term)) words.set(term, segment);
  }
  return words;
}

/** The word for `term`: the request's (queryTermWords), else the first marked word of the tool's text, else the term. */
export function wordOf(term: string, queryWords: ReadonlyMap<string, string>, segments: readonly TextSegment[]) {
  return queryWords.get(term) ?? segments.find((segment) => segment.term === term)?.text ?? term;
}
