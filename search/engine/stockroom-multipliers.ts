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

/** The multipliers in the order they apply. */
export function stockroomMultipliers(index: MultiplierIndex, tuning: StockroomTuning): readonly ScoreMultiplier[] {
  const share = (q: QueryState, doc: number) => {
    const words = index.nameTerms[doc]!.length;
    return words === 0 ? 0 : q.nameHits[doc]! / words;
  };
  const namesNamespace = (q: QueryState, doc: number) => {
    const namespace = index.namespaceTerms[doc]!;
    return namespace.length > 0 && namespace.every((term) => q.coverage.get(term) === 1);
  };
  const unrequested = (q: QueryState, doc: number) => {
    const verbs = q.reads ? index.changeTerms[doc]! : index.destructiveTerms[doc]!;
    return verbs.length > 0 && !verbs.some((term) => q.coverage.has(term)) ? verbs : null;
  };
  const plural = (q: QueryState, doc: number) => index.namePlurals[doc]!.filter((term) => q.plurals.has(term));
  const words = (doc: number, terms: readonly string[]) => terms.map((term) => index.nameWord(doc, term)).join(", ");
  return [
    {
      kind: "exact",
      rankingOnly: false,
      factor: (q, doc) =>
        q.verbatim.has(doc) ? 1 + 2 * tuning.exactNameBoost : q.exact.has(doc) ? 1 + tuning.exactNameBoost : 1,
      detail: (q, doc) =>
        q.verbatim.has(doc)
          ? "the request is the tool's name, spelled exactly"
          : "the request is the tool's name (its words)",
    },
    {
      kind: "name",
      rankingOnly: false,
      factor: (q, doc) => 1 + tuning.nameCoverageBoost * share(q, doc),
      detail: (q, doc) =>
        `the request covers ${fmtCount(share(q, doc) * index.nameTerms[doc]!.length)} of the name's ${index.nameTerms[doc]!.length} words (related words count ${tuning.coverageSynonymWeight})`,
    },
    {
      kind: "namespace",
      rankingOnly: false,
      factor: (q, doc) => (tuning.namespaceBoost > 0 && namesNamespace(q, doc) ? 1 + tuning.namespaceBoost : 1),
      detail: () => "the request names the tool's namespace",
    },
    {
      kind: "change",
      rankingOnly: true,
      factor: (q, doc) => (unrequested(q, doc) ? 1 - tuning.unrequestedChangePenalty : 1),
      detail: (q, doc) =>
        q.reads
          ? `named for a change (${words(doc, unrequested(q, doc) ?? [])}) a request that only asks does not name`
          : `named for a destructive change (${words(doc, unrequested(q, doc) ?? [])}) the request does not name`,
    },
    {
      kind: "opening",
      rankingOnly: true,
      factor: (q, doc) => (q.knownConcepts > 0 ? 1 + (tuning.openingBoost * q.openingHits[doc]!) / q.knownConcepts : 1),
      detail: (q, doc) =>
        `${q.openingHits[doc]} of the request's ${q.knownConcepts} known words are in the tool's opening (name and first description words)`,
    },
    {
      kind: "plural",
      rankingOnly: true,
      factor: (q, doc) => (plural(q, doc).length > 0 ? 1 + tuning.pluralNameBoost : 1),
      detail: (q, doc) =>
        `the request asks for ${words(doc, plural(q, doc))} in the plural, as the tool's name has it (a list, not one)`,
    },
  ];
}
