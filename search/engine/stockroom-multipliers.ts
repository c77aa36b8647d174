// The stockroom profile's score multipliers, each one object that both scores and explains, so `explain` cannot
// drift from `search`: the engine multiplies a tool's sum of term contributions by every `factor` in this order,
// and explain lists the same factors (those ≠ 1) with their `detail`. Match multipliers (name coverage,
// namespace) are evidence of a match and count for the match strength; ranking-only ones (change penalty,
// opening, plural) only reorder hits.
import type { StockroomTuning } from "./stockroom-tuning";
import type { ScoreFactor } from "./types";

/** What the multipliers read from the index, per tool (by internal index). */
export interface MultiplierIndex {
  readonly nameTerms: readonly (readonly string[])[];
  readonly namespaceTerms: readonly (readonly string[])[];
  /** The state-changing verbs of each tool name (create, delete, send…). */
  readonly changeTerms: readonly (readonly string[])[];
  /** The destructive ones among them (delete, remove, cancel…). */
  readonly destructiveTerms: readonly (readonly string[])[];
  /** Per tool, the terms its name has in the plural (list_alerts → alert). */
  readonly namePlurals: readonly (readonly string[])[];
  /** Per tool, how many distinct terms its name has (`nameTerms[doc].length`). */
  readonly nameLengths: Int32Array;
  /** Per tool, 1 when its name has a change verb (`changeTerms` is not empty), else 0. */
  readonly namesChange: Uint8Array;
  /** Per tool, 1 when its name has a destructive verb (`destructiveTerms` is not empty), else 0. */
  readonly namesDestruction: Uint8Array;
  /** The word of the tool's name an analysed term comes from ("creat" → "create"), for details. */
  nameWord(doc: number, term: string): string;
}

/** One request, prepared once for every tool it scores. */
export interface QueryState {
  /** Query term → weight for name coverage and naming checks: own words 1, synonyms and translations less. */
  readonly coverage: ReadonlyMap<string, number>;
  /** The request only asks or looks something up (stockroom-intent.ts). */
  readonly reads: boolean;
  /** Terms of the words the request uses in the plural. */
  readonly plurals: ReadonlySet<string>;
  /** Per tool, the coverage weight of the query in its name (filled for the tools the request touches). */
  readonly nameHits: Float64Array;
  /** Per tool, how many of the request's known concepts its opening has. */
  readonly openingHits: Float64Array;
  /**
   * This request's number: the per-tool marks below equal it for the tools they hold (set by the index from its
   * lists of tools per namespace, name term and plural, so scoring a tool reads no per-tool list).
   */
  readonly stamp: number;
  /** Per tool, `stamp` when the request names the tool's namespace (every namespace term is an own word of it). */
  readonly namespaceNamed: Int32Array;
  /** Per tool, `stamp` when the request names a verb of the tool's name (a change verb if it reads, else a destructive one). */
  readonly verbNamed: Int32Array;
  /** Per tool, `stamp` when its name has in the plural a term the request uses in the plural (`plurals`). */
  readonly pluralNamed: Int32Array;
  /** How many of the request's concepts the catalog knows at all (the opening share's denominator). */
  readonly knownConcepts: number;
  /** The tools the request names exactly (exact-names.ts). */
  readonly exact: ReadonlySet<number>;
  /** Among them, the tools whose name the request spells exactly (counts twice). */
  readonly verbatim: ReadonlySet<number>;
}

export interface ScoreMultiplier {
  readonly kind: ScoreFactor["kind"];
  /** True when it only reorders hits; false when it is evidence of a match (it counts for strength). */
  readonly rankingOnly: boolean;
  /** The factor for a tool (exactly 1 when it does not apply). */
  factor(query: QueryState, doc: number): number;
  /** Why, for a tool whose factor is not 1. */
  detail(query: QueryState, doc: number): string;
}

/** 2 → "2", 2.5 → "2.5". */
const fmtCount = (x: number) => String(Math.round(x * 100) / 100);

export interface StockroomMultipliers {
  /** Every multiplier, in the order they apply (explanations list their factors). */
  readonly all: readonly ScoreMultiplier[];
  /** A tool's sum of term contributions times each match multiplier's factor, in `all`'s order: its match score. */
  match(query: QueryState, doc: number, sum: number): number;
  /** A match score times each ranking-only multiplier's factor, in `all`'s order: the score hits are ranked by. */
  rank(query: QueryState, doc: number, match: number): number;
}

/** The multipliers in the order they apply. */
export function stockroomMultipliers(index: MultiplierIndex, tuning: StockroomTuning): StockroomMultipliers {
  // `factor` runs for every tool a request scores (thousands): it reads typed arrays, not the per-tool lists.
  const share = (q: QueryState, doc: number) => {
    const hits = q.nameHits[doc]!; // 0 for a tool without name terms
    return hits === 0 ? 0 : hits / index.nameLengths[doc]!;
  };
  /** The tool's name has a verb of the kind the request must name, and the request names none of them. */
  const unrequested = (q: QueryState, doc: number) =>
    (q.reads ? index.namesChange[doc]! : index.namesDestruction[doc]!) === 1 && q.verbNamed[doc] !== q.stamp;
  const verbs = (q: QueryState, doc: number) => (q.reads ? index.changeTerms[doc]! : index.destructiveTerms[doc]!);
  const pluralTerms = (q: QueryState, doc: number) => index.namePlurals[doc]!.filter((term) => q.plurals.has(term));
  const words = (doc: number, terms: readonly string[]) => terms.map((term) => index.nameWord(doc, term)).join(", ");
  const exact: ScoreMultiplier = {
    kind: "exact",
    rankingOnly: false,
    factor: (q, doc) =>
      q.verbatim.has(doc) ? 1 + 2 * tuning.exactNameBoost : q.exact.has(doc) ? 1 + tuning.exactNameBoost : 1,
    detail: (q, doc) =>
      q.verbatim.has(doc)
        ? "the request is the tool's name, spelled exactly"
        : "the request is the tool's name (its words)",
  };
  const name: ScoreMultiplier = {
    kind: "name",
    rankingOnly: false,
    factor: (q, doc) => 1 + tuning.nameCoverageBoost * share(q, doc),
    detail: (q, doc) =>
      `the request covers ${fmtCount(share(q, doc) * index.nameTerms[doc]!.length)} of the name's ${index.nameTerms[doc]!.length} words (related words count ${tuning.coverageSynonymWeight})`,
  };
  const namespace: ScoreMultiplier = {
    kind: "namespace",
    rankingOnly: false,
    factor: (q, doc) =>
      tuning.namespaceBoost > 0 && q.namespaceNamed[doc] === q.stamp ? 1 + tuning.namespaceBoost : 1,
    detail: () => "the request names the tool's namespace",
  };
  const change: ScoreMultiplier = {
    kind: "change",
    rankingOnly: true,
    factor: (q, doc) => (unrequested(q, doc) ? 1 - tuning.unrequestedChangePenalty : 1),
    detail: (q, doc) =>
      q.reads
        ? `named for a change (${words(doc, verbs(q, doc))}) a request that only asks does not name`
        : `named for a destructive change (${words(doc, verbs(q, doc))}) the request does not name`,
  };
  const opening: ScoreMultiplier = {
    kind: "opening",
    rankingOnly: true,
    factor: (q, doc) => (q.knownConcepts > 0 ? 1 + (tuning.openingBoost * q.openingHits[doc]!) / q.knownConcepts : 1),
    detail: (q, doc) =>
      `${q.openingHits[doc]} of the request's ${q.knownConcepts} known words are in the tool's opening (name and first description words)`,
  };
  const plural: ScoreMultiplier = {
    kind: "plural",
    rankingOnly: true,
    factor: (q, doc) => (q.pluralNamed[doc] === q.stamp ? 1 + tuning.pluralNameBoost : 1),
    detail: (q, doc) =>
      `the request asks for ${words(doc, pluralTerms(q, doc))} in the plural, as the tool's name has it (a list, not one)`,
  };
  return {
    all: [exact, name, namespace, change, opening, plural],
    // One call site per multiplier, not a loop over `all`: a request scores thousands of tools, and a site that
    // calls one function can have it inlined (a loop's site calls six, each through a slow generic call).
    match: (q, doc, sum) => sum * exact.factor(q, doc) * name.factor(q, doc) * namespace.factor(q, doc),
    rank: (q, doc, match) => match * change.factor(q, doc) * opening.factor(q, doc) * plural.factor(q, doc),
  };
}
