// When a request fits no tool, the stockroom profile returns nothing rather than the least bad
// tools (a curated keyword unique to one tool always finds it). The best score must reach a floor measured in "perfect matches" (a term found in one
// document only, at full saturation), raised by the share of query words that no tool mentions at
// all (a request full of words the catalog never uses is likely about something else). When the
// request has such words, the best score also counts by how far the best hit stands out from the
// fifth: a request that only brushes generic words ("order", "set") scores many tools alike. A
// request made only of catalog words ("email") is never judged by that lead: many tools may fit.
import { idf } from "../bm25/formulas";
import type { Bm25Statistics } from "../bm25/statistics";
import type { QueryConcept } from "./stockroom-query";
import type { StockroomTuning } from "./stockroom-tuning";

/** Top-1 / top-5 ratio at which the gap neither raises nor lowers the evidence. */
const NEUTRAL_GAP = 1.5;
/** Larger gaps count no more than this (a lone hit is not proof of relevance). */
const MAX_GAP = 3;

/** Share of a perfect match a word found in one tool only must weigh there to count as a keyword. */
const UNIQUE_SHARE = 0.4;

/** Why the no-match rule withheld every hit, in units of a perfect match (see `isNoMatch`). */
export type NoMatchVerdict =
  | { kind: "floor"; best: number; floor: number; unknownWords: number; words: number }
  | { kind: "unanchored"; best: number; floor: number };

/** The rule's verdict on a request: null when the best hit counts, else why it does not. */
export function noMatchVerdict(
  bestScore: number,
  fifthScore: number,
  concepts: readonly QueryConcept[],
  statistics: Bm25Statistics<string>,
  /** BM25 tf weight of a request word found in one tool only that also has the request's other catalog words (0 if none). */
  uniqueKeywordWeight: number,
  /** True when the best tool's opening (its name and first description words) has none of the request's concepts. */
  bestUnanchored: boolean,
  k1: number,
  tuning: Pick<StockroomTuning, "relevanceFloor" | "unknownPenalty" | "gapExponent" | "unanchoredFloor">,
): NoMatchVerdict | null {
  if (tuning.relevanceFloor <= 0 || concepts.length === 0) return null;
  const perfectMatch = idf(statistics.documentCount, 1) * (k1 + 1);
  // A word of the request that only one tool has is the strongest evidence BM25 knows: when that tool
  // also has the request's other catalog words and the word weighs at least UNIQUE_SHARE of a perfect
  // match there (a curated keyword, not a passing mention deep in a long text), the tool is shown.
  // A one-word request for such a word is a keyword search: the tool is shown however long its text.
  if (uniqueKeywordWeight > 0 && concepts.length === 1) return null;
  if (uniqueKeywordWeight * idf(statistics.documentCount, 1) >= UNIQUE_SHARE * perfectMatch) return null;
  // A best tool that only mentions the request's words further down its text (a parameter, an aside) is
  // not about what the request asks: it needs a higher score to count ("dim the kitchen lights to 30
  // percent" only brushes a coupon's "percent off").
  if (bestUnanchored && bestScore < tuning.unanchoredFloor * perfectMatch) {
    return { kind: "unanchored", best: bestScore / perfectMatch, floor: tuning.unanchoredFloor };
  }
  const unknown = concepts.filter((c) => statistics.documentFrequency(c.term) === 0).length;
  const floor = tuning.relevanceFloor * perfectMatch * (1 + (tuning.unknownPenalty * unknown) / concepts.length);
  let evidence = bestScore;
  if (unknown > 0) {
    const gap = fifthScore > 0 ? Math.min(bestScore / fifthScore, MAX_GAP) : MAX_GAP;
    // gap / NEUTRAL_GAP is raised to a small integer power, so only + − × ÷ are used (same floats everywhere).
    for (let i = 0; i < tuning.gapExponent; i++) evidence *= gap / NEUTRAL_GAP;
  }
  if (evidence >= floor) return null;
  return { kind: "floor", best: evidence / perfectMatch, floor: floor / perfectMatch, unknownWords: unknown, words: concepts.length };
}
