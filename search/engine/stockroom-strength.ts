// Match strength (stockroom profile): every tool with a score above 0 is returned; each hit is `strong` or
// `weak` by whether its score reaches the request's bar. The bar is measured in perfect matches (U = idf(N, 1) ·
// (k1 + 1): one word only one tool has, at full saturation) so it means the same in every catalog. It is
// `strongFloor` U, raised by the share of request words no tool has (a request full of words the catalog
// never uses is likely about something else), and, when the request has such words, divided by how far the best
// hit stands out from the fifth (a request that only brushes generic words scores many tools alike). A best
// tool that has none of the request's concepts in its opening needs `unanchoredStrongFloor` U. Evidence the
// floor cannot see lowers the bar to the best hit: a word only it has (a curated keyword), or a name with every
// request word ("email" → send_email). A request that asks to destroy something the best tool never mentions has
// no strong hit. Strength only labels hits; it never removes one unless the catalog opts in (`dropWeakHits`).
import { idf } from "../bm25/formulas";
import type { Bm25Statistics } from "../bm25/statistics";
import { destructiveVerb } from "./stockroom-intent";
import type { QueryConcept } from "./stockroom-query";
import type { StockroomTuning } from "./stockroom-tuning";
import type { StrengthBar } from "./types";

/** Top-1 / top-5 ratio at which the gap neither raises nor lowers the bar. */
export const NEUTRAL_GAP = 1.5;
/** Larger gaps count no more than this (a lone hit is not proof of relevance). */
export const MAX_GAP = 3;
/** Share of a perfect match a word found in one tool only must weigh there to count as a keyword. */
export const UNIQUE_SHARE = 0.4;

export interface StrengthEvidence {
  /** The five best scores, best first (0 where there are fewer hits). */
  top: readonly number[];
  /** Id of the best hit (for reasons). */
  bestId: string;
  concepts: readonly QueryConcept[];
  statistics: Bm25Statistics<string>;
  /** BM25 tf weight of a request word only one tool has, in a tool that has the request's other catalog words (0 if none). */
  uniqueKeywordWeight: number;
  /** The best tool's opening (name and first description words) has none of the request's concepts. */
  bestUnanchored: boolean;
  /** The destructive verb the request opens with when the best tool's text never has it; else null. */
  missingDestruction: string | null;
  /** Some tool's name has every word of the request (a keyword search). */
  namesEveryWord: boolean;
  k1: number;
  tuning: Pick<StockroomTuning, "strongFloor" | "unknownPenalty" | "gapExponent" | "unanchoredStrongFloor">;
}

const fixed2 = (x: number) => x.toFixed(2);

/** The bar a hit's score must reach to be strong for this request, and why it is where it is. */
export function strengthBar(e: StrengthEvidence): StrengthBar {
  const perfectMatch = idf(e.statistics.documentCount, 1) * (e.k1 + 1);
  const best = e.top[0] ?? 0;
  const inUnits = (bar: number, reason: string): StrengthBar => ({ bar, perfectMatch, reason });
  if (e.tuning.strongFloor <= 0 || e.concepts.length === 0 || best <= 0) {
    return inUnits(0, "Every hit is strong: the profile sets no bar.");
  }
  if (e.missingDestruction !== null && !e.namesEveryWord) {
    const verb = destructiveVerb(e.missingDestruction);
    return inUnits(
      Infinity,
      `No hit is strong: the request asks to ${verb} something, and the best tool, ${e.bestId}, never mentions it.`,
    );
  }
  const unknown = e.concepts.filter((c) => e.statistics.documentFrequency(c.term) === 0).length;
  let bar = e.tuning.strongFloor * perfectMatch * (1 + (e.tuning.unknownPenalty * unknown) / e.concepts.length);
  let reason = `Strong hits score at least ${fixed2(bar / perfectMatch)} perfect matches (a perfect match: a word only one tool has, at full weight)`;
  if (unknown > 0)
    reason += `, raised from ${fixed2(e.tuning.strongFloor)} because ${unknown} of the request's ${e.concepts.length} words are in no tool`;
  if (unknown > 0 && e.tuning.gapExponent > 0) {
    const fifth = [...e.top].reverse().find((x) => x > 0) ?? 0;
    const gap = fifth > 0 ? Math.min(best / fifth, MAX_GAP) : MAX_GAP;
    // gap / NEUTRAL_GAP is raised to a small integer power, so only + − × ÷ are used (same floats everywhere).
    for (let i = 0; i < e.tuning.gapExponent; i++) bar /= gap / NEUTRAL_GAP;
    reason += `, then weighed by how far the best hit stands out from the fifth (${fixed2(bar / perfectMatch)})`;
  }
  if (e.bestUnanchored && e.tuning.unanchoredStrongFloor * perfectMatch > bar) {
    bar = e.tuning.unanchoredStrongFloor * perfectMatch;
    reason = `Strong hits score at least ${fixed2(e.tuning.unanchoredStrongFloor)} perfect matches: the best tool, ${e.bestId}, has none of the request's words in its name or the start of its description`;
  }
  const keyword =
    e.uniqueKeywordWeight > 0 &&
    (e.concepts.length === 1 ||
      e.uniqueKeywordWeight * idf(e.statistics.documentCount, 1) >= UNIQUE_SHARE * perfectMatch);
  if ((keyword || e.namesEveryWord) && best < bar) {
    bar = best;
    reason += keyword
      ? `; the best tool, ${e.bestId}, has a request word no other tool has (and the request's other words), so it is strong`
      : `; a tool's name has every word of the request (a keyword search), so the best hit is strong`;
  }
  return inUnits(bar, `${reason}.`);
}
