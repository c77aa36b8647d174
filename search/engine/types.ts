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
  kind: "name" | "namespace" | "change" | "opening" | "plural";
  factor: number;
  detail: string;
}

/** Scored documents by internal index; the caller orders, limits and names them. */
export interface ScoredDocs {
  docs: Int32Array;
  scores: Float64Array;
  count: number;
  /**
   * Set when a no-match rule withheld every hit (`count` is then 0): why, and how many scored documents
   * it withheld (their docs and scores are the first `count` entries of the arrays).
   */
  withheld?: { reason: string; count: number };
}

/** What a profile implements; `search-index.ts` adds validation, ordering and limits on top. */
export interface RankingEngine {
  readonly settings: EngineSettings;
  readonly ids: readonly string[];
  analyze(text: string): string[];
  score(query: string): ScoredDocs;
  /** Per-term contributions and the multipliers (in the order `score` applies them) that turn their sum into the score. */
  explainTerms(query: string, doc: number): { terms: TermExplanation[]; factors: ScoreFactor[] };
}
