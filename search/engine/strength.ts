// Match strength for a profile without the stockroom profile's evidence (codex-bm25): strong hits score at least
// STRONG_FLOOR perfect matches, raised by the share of request words no tool has — the stockroom bar's first part.
import { idf } from "../bm25/formulas";
import type { StrengthBar } from "./types";

/** Share of a perfect match (one word only one tool has, at full weight) a strong hit scores at least. */
export const STRONG_FLOOR = 0.6;

export function plainStrengthBar(documentCount: number, k1: number, unknownWords: number, words: number): StrengthBar {
  const perfectMatch = idf(documentCount, 1) * (k1 + 1);
  if (words === 0) return { bar: 0, perfectMatch, reason: "Every hit is strong: the request has no words to weigh." };
  const share = STRONG_FLOOR * (1 + unknownWords / words);
  const raised =
    unknownWords > 0
      ? `, raised from ${STRONG_FLOOR.toFixed(2)} because ${unknownWords} of the request's ${words} words are in no tool`
      : "";
  return {
    bar: share * perfectMatch,
    perfectMatch,
    reason: `Strong hits score at least ${share.toFixed(2)} perfect matches (a perfect match: a word only one tool has, at full weight)${raised}.`,
  };
}
