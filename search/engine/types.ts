import type { EngineSettings } from "../settings";

/** A document as the engines index it. `text` is the effective search text; `name` the tool name. */
export interface IndexDoc {
  id: string;
  text: string;
  name?: string;
  namespace?: string;
}

export interface TermExplanation {
  term: string;
  /** How often the term occurs in the (analysed) query. */
  queryFrequency: number;
  /** Weight of the query term (1 for the query itself; less for synonyms and translations). */
  queryWeight: number;
  idf: number;
  tf: number;
  docLength: number;
  lengthNorm: number;
  contribution: number;
  matched: boolean;
}

/** A multiplier the stockroom profile applies to a tool's sum of term contributions, and why. */
export interface ScoreFactor {
  kind: "exact" | "name" | "namespace" | "change" | "opening" | "plural";
  factor: number;
  detail: string;
}

/** One request word and the related terms (in the catalog) its vocabulary added, with their source (a pack id, "catalog", "glossary"). */
export interface VocabularyEffect {
  term: string;
  /** Each related term with where it comes from (a pack id, "catalog" or "glossary") and its weight in the query. */
  related: Array<{ term: string; source: string; weight: number }>;
}

/** The score a hit needs, for one request, to count as a strong match (see search/README.md, "Match strength"). */
export interface StrengthBar {
  /** In score units; 0 = every hit is strong, Infinity = none is. */
  bar: number;
  /** One perfect match in score units (idf(N, 1) · (k1 + 1)), the unit reasons speak in. */
  perfectMatch: number;
  /** Why the bar is where it is, for a curator. */
  reason: string;
}

/** Scored documents by internal index; the caller orders, limits and names them. */
export interface ScoredDocs {
  docs: Int32Array;
  scores: Float64Array;
  count: number;
  /**
   * Per entry, the score strength is judged on: the score before the ranking-only multipliers (the stockroom
   * profile's change penalty, opening and plural boosts, which reorder hits but are no evidence of a match).
   */
  matchScores: Float64Array;
  /** What a hit's match score must reach to be strong for this request. */
  strength: StrengthBar;
}

/** What a profile implements; `search-index.ts` adds validation, ordering and limits on top. */
export interface RankingEngine {
  readonly settings: EngineSettings;
  readonly ids: readonly string[];
  analyze(text: string): string[];
  score(query: string): ScoredDocs;
  /** What the vocabulary added to the request: each word's related terms the catalog has, and where each comes from. */
  vocabularyEffect?(query: string): VocabularyEffect[];
  /** Per-term contributions and the multipliers (in the order `score` applies them) that turn their sum into the score. */
  explainTerms(query: string, doc: number): { terms: TermExplanation[]; factors: ScoreFactor[] };
  /**
   * Replaces documents in place (each keeps its id and position), so that the engine then ranks exactly as one
   * built from scratch over the new documents; false (nothing changed) when it cannot.
   */
  replaceDocs?(changes: ReadonlyArray<{ doc: number; next: IndexDoc }>): boolean;
}
