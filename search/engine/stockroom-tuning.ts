// The stockroom profile's constants, each kept because it measured better on real tools
// (search/README.md has the numbers).
export interface StockroomTuning {
  /** Extra term frequency for each term of the tool name. */
  nameWeight: number;
  /** Score multiplier per unit of name coverage (share of the name's terms the query contains). */
  nameCoverageBoost: number;
  /** Weight of a synonym or translation hit in name coverage (own words count 1). */
  coverageSynonymWeight: number;
  /** Score multiplier when the query names the tool's namespace. */
  namespaceBoost: number;
  /**
   * Share of the score a tool named for a change (create, delete, send…) loses when the request only
   * asks or looks something up and names no change ("which PRs are open?"), and a tool named for a
   * destructive change (delete, remove, cancel…) when the request does not name it. Ranking only.
   */
  unrequestedChangePenalty: number;
  /** Weight of thesaurus terms relative to the query's own. */
  synonymWeight: number;
  /** Upper bound on the weight of a learned pack's related term (each carries its own learned weight). */
  learnedWeight: number;
  /** Weight of a glossary translation's other words (the first word counts fully). */
  translationWeight: number;
  /** Weight of the concept a typed value in the query stands for (URL, e-mail address, file name). */
  entityWeight: number;
  /**
   * Score a strong hit reaches, as a share of one perfect match on a term found in a single document
   * (idf(N, 1) · (k1 + 1)); below it a hit is weak (still returned). 0 makes every hit strong.
   */
  strongFloor: number;
  /** How much the strong bar rises with the share of query words that no document contains. */
  unknownPenalty: number;
  /** Power (a whole number) of the best hit's lead over the fifth that lowers the bar; 0 ignores it. */
  gapExponent: number;
  /** The bar, as a share of one perfect match, when the best hit's opening has none of the request's concepts. */
  unanchoredStrongFloor: number;
  /**
   * Ranking multiplier per unit of the share of the request's concepts (words the catalog knows, with
   * their synonyms) that the tool has in the opening of its text (`openingTokens`: its name and the first
   * words of its description), not only further on (parameter descriptions). Ranking only.
   */
  openingBoost: number;
  /** Analysed tokens at the start of a tool's text that count as its opening. */
  openingTokens: number;
  /**
   * Ranking multiplier for a tool whose name has, in the plural, a word the request uses in the plural
   * ("which dependabot alerts are open?" → list_dependabot_alerts over get_dependabot_alert). Ranking only.
   */
  pluralNameBoost: number;
  /**
   * Weight of a catalog name term that a request word begins, or that begins it ("social" → "socialsearch",
   * "discov" → "discover"): compound names identifier splitting cannot cut. 0 turns it off.
   */
  namePrefixWeight: number;
  /** Shortest analysed term (request word and name term alike) that takes part in name prefixes. */
  namePrefixMinLength: number;
  /** Score multiplier, less 1, for a tool the request names exactly (its name, spaced or with its namespace). */
  exactNameBoost: number;
}

export const STOCKROOM_TUNING: StockroomTuning = {
  nameWeight: 1,
  nameCoverageBoost: 0.5,
  coverageSynonymWeight: 0.5,
  namespaceBoost: 0.3,
  unrequestedChangePenalty: 0.3,
  synonymWeight: 0.4,
  learnedWeight: 0.4,
  translationWeight: 0.5,
  entityWeight: 0.5,
  strongFloor: 0.6,
  unknownPenalty: 1,
  gapExponent: 1,
  unanchoredStrongFloor: 0.8,
  openingBoost: 0.5,
  openingTokens: 15,
  pluralNameBoost: 0.3,
  exactNameBoost: 1,
  namePrefixWeight: 0.5,
  namePrefixMinLength: 5,
};
