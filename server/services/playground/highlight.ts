import { analyzeText, ENGINE_PROFILES, type EngineProfile } from "@/search/index";

/** A run of the search text; `term` is the matched (analysed) query term when the run is highlighted. */
export interface TextSegment {
  text: string;
  term: string | null;
}

const segmenter = new Intl.Segmenter("en", { granularity: "word" });

/** Word → analysed tokens per profile. A catalog's vocabulary is small and repeats, so this stays warm. */
const MAX_MEMO = 100_000;
const tokenMemo = Object.fromEntries(ENGINE_PROFILES.map((profile) => [profile, new Map()])) as Record<EngineProfile, Map<string, string[]>>;

function tokensOf(word: string, profile: EngineProfile): string[] {
  const memo = tokenMemo[profile];
  let tokens = memo.get(word);
  if (!tokens) {
    if (memo.size >= MAX_MEMO) memo.clear();
    tokens = analyzeText(word, profile);
    memo.set(word, tokens);
  }
  return tokens;
}

/** Search text → its UAX #29 segments. ICU segmentation is the slow part of highlighting, and a hit's text repeats across queries. */
const MAX_TEXTS = 10_000;
const segmentMemo = new Map<string, Array<{ segment: string; isWordLike: boolean }>>();

function segmentsOf(text: string): Array<{ segment: string; isWordLike: boolean }> {
  let segments = segmentMemo.get(text);
  if (!segments) {
    if (segmentMemo.size >= MAX_TEXTS) segmentMemo.clear();
    segments = Array.from(segmenter.segment(text), ({ segment, isWordLike }) => ({ segment, isWordLike: isWordLike ?? false }));
    segmentMemo.set(text, segments);
  }
  return segments;
}

/**
 * Splits `text` into runs, marking each word whose analysed tokens include a matched query term.
 * The analyzer stems and splits identifiers, so tokens are mapped back by analysing word by word:
 * "list_open_orders" lights up for "order", "Orders" for "order", "天气" for "weather".
 */
export function highlightSearchText(text: string, matchedTerms: readonly string[], profile: EngineProfile): TextSegment[] {
  const matched = new Set(matchedTerms);
  const termOf = (word: string): string | null => tokensOf(word, profile).find((token) => matched.has(token)) ?? null;
  const segments: TextSegment[] = [];
  const push = (piece: string, term: string | null) => {
    const last = segments.at(-1);
    if (last && last.term === null && term === null) last.text += piece;
    else segments.push({ text: piece, term });
  };
  for (const { segment, isWordLike } of segmentsOf(text)) {
    push(segment, isWordLike && matched.size > 0 ? termOf(segment) : null);
  }
  return segments;
}
