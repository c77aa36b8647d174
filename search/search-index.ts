// The public index: tool_search semantics (trimmed query, typed errors, default limit, no zero scores,
// ties broken by id) over whichever profile engine the settings pick.
import type {
  IndexDoc,
  RankingEngine,
  ScoreFactor,
  ScoredDocs,
  StrengthBar,
  TermExplanation,
  VocabularyEffect,
} from "./engine/types";
import { SearchQueryError } from "./errors";
import { PROFILES } from "./profiles";
import { resolveSettings, type EngineSettings } from "./settings";

/** `strong`: the hit's score reaches the request's bar (search/README.md, "Match strength"); `weak`: it does not. */
export const MATCH_STRENGTHS = ["strong", "weak"] as const;
export type MatchStrength = (typeof MATCH_STRENGTHS)[number];

export interface SearchHit {
  id: string;
  score: number;
  /** 1-based position in the ranking. */
  rank: number;
  strength: MatchStrength;
  /**
   * The hit's match score (its score before the ranking-only multipliers) ÷ the request's bar: strong when ≥ 1
   * (0 when no hit can be strong).
   */
  evidence: number;
}

/** The request's bar in perfect matches (null: no hit can be strong), and why. */
export interface StrengthSummary {
  bar: number | null;
  reason: string;
}

export interface Explanation {
  id: string;
  score: number;
  /** Rank among all scored documents (no limit), or null when the document scores 0. */
  rank: number | null;
  terms: TermExplanation[];
  /** Query terms found in the document (analysed form), for highlighting. */
  matchedTerms: string[];
  missingTerms: string[];
  /** What turns the sum of term contributions into the score (stockroom profile; empty for codex-bm25). */
  factors: ScoreFactor[];
  /** The document's match strength (null when it scores 0), evidence and the request's bar. */
  strength: (StrengthSummary & { level: MatchStrength; evidence: number; matchScore: number }) | null;
  /** True when the document is weak and the index drops weak hits, so `search` leaves it out. */
  dropped: boolean;
}

export interface SearchIndex {
  readonly size: number;
  readonly settings: EngineSettings;
  search(query: string, limit?: number): SearchHit[];
  explain(query: string, id: string): Explanation | null;
  /** What the vocabulary (packs and catalog lines) added to the request; empty for a profile without one. */
  vocabularyEffect(query: string): VocabularyEffect[];
  /** Where the request's strong bar is and why (the same for every hit of the request). */
  strength(query: string): StrengthSummary;
  analyze(text: string): string[];
  /**
   * Brings the index in place to `docs` when they have the indexed ids in the indexed order (edited tools):
   * it then ranks exactly as `createSearchIndex(docs, settings)`. False when it cannot (ids added, removed or
   * reordered); then build a new index.
   */
  update(docs: readonly IndexDoc[]): boolean;
}

function createEngine(docs: readonly IndexDoc[], settings: EngineSettings): RankingEngine {
  return PROFILES[settings.profile].createEngine(docs, settings);
}

/** Ranks of ids (unique, as engines keep them) in code-unit order, so equal scores fall back to the id deterministically. */
function idOrder(ids: readonly string[], docIndex: ReadonlyMap<string, number>): Int32Array {
  const order = new Int32Array(ids.length);
  // The default sort compares strings by code units, without a call per comparison.
  [...ids].sort().forEach((id, position) => (order[docIndex.get(id)!] = position));
  return order;
}

function normalizeQuery(query: string): string {
  const trimmed = typeof query === "string" ? query.trim() : "";
  if (trimmed.length === 0) throw new SearchQueryError("EMPTY_QUERY", "query must not be empty");
  return trimmed;
}

function checkLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new SearchQueryError("INVALID_LIMIT", `limit must be a positive integer, got ${String(limit)}`);
  }
  return limit;
}

class EngineSearchIndex implements SearchIndex {
  private readonly order: Int32Array;
  private readonly docIndex = new Map<string, number>();
  /**
   * The last request's scores: a search is followed by its strength and an explanation per hit (the playground
   * explains eight), each needing the same scores; without it every one scored the whole catalog again.
   */
  private last: { query: string; scored: ScoredDocs } | null = null;

  constructor(
    private readonly engine: RankingEngine,
    /** The documents the engine holds, by position (unknown for an engine built elsewhere). */
    private docs: readonly IndexDoc[] | null = null,
  ) {
    engine.ids.forEach((id, doc) => this.docIndex.set(id, doc));
    this.order = idOrder(engine.ids, this.docIndex);
  }

  update(docs: readonly IndexDoc[]): boolean {
    const ids = this.engine.ids;
    const current = this.docs;
    if (!current || !this.engine.replaceDocs || current.length !== ids.length || docs.length !== ids.length)
      return false;
    const changes: Array<{ doc: number; next: IndexDoc }> = [];
    for (let doc = 0; doc < docs.length; doc++) {
      const next = docs[doc]!;
      if (next.id !== ids[doc]) return false;
      const before = current[doc]!;
      if (next.text !== before.text || next.name !== before.name || next.namespace !== before.namespace)
        changes.push({ doc, next });
    }
    this.last = null;
    if (changes.length > 0 && !this.engine.replaceDocs(changes)) return false;
    this.docs = docs;
    return true;
  }

  get size(): number {
    return this.engine.ids.length;
  }

  get settings(): EngineSettings {
    return this.engine.settings;
  }

  analyze(text: string): string[] {
    return this.engine.analyze(text);
  }

  /** The engine's scores for the (normalized) request; see `last`. */
  private score(query: string): ScoredDocs {
    if (this.last?.query !== query) this.last = { query, scored: this.engine.score(query) };
    return this.last.scored;
  }

  /** The `limit` best positive-score documents, best first, ties by id (a bounded insertion, not a sort of every hit). */
  private topHits(
    query: string,
    limit: number,
  ): { top: Array<{ doc: number; score: number; match: number }>; bar: StrengthBar } {
    const scored = this.score(query);
    const order = this.order;
    const top: Array<{ doc: number; score: number; match: number }> = [];
    const floor = this.engine.settings.dropWeakHits ? scored.strength.bar : 0;
    for (let i = 0; i < scored.count; i++) {
      const score = scored.scores[i]!;
      const doc = scored.docs[i]!;
      const match = scored.matchScores[i]!;
      if (!(score > 0) || match < floor) continue;
      if (top.length === limit) {
        const last = top[limit - 1]!;
        if (score < last.score || (score === last.score && order[doc]! > order[last.doc]!)) continue;
        top.pop();
      }
      let at = top.length;
      while (
        at > 0 &&
        (score > top[at - 1]!.score || (score === top[at - 1]!.score && order[doc]! < order[top[at - 1]!.doc]!))
      )
        at--;
      top.splice(at, 0, { doc, score, match });
    }
    return { top, bar: scored.strength };
  }

  search(query: string, limit: number = this.engine.settings.defaultLimit): SearchHit[] {
    const text = normalizeQuery(query);
    const max = checkLimit(limit);
    const ids = this.engine.ids;
    const { top, bar } = this.topHits(text, max);
    return top.map(({ doc, score, match }, i) => ({ id: ids[doc]!, score, rank: i + 1, ...strengthOf(match, bar) }));
  }

  explain(query: string, id: string): Explanation | null {
    const text = normalizeQuery(query);
    const doc = this.docIndex.get(id);
    if (doc === undefined) return null;
    const { terms, factors } = this.engine.explainTerms(text, doc);
    const scored = this.score(text);
    const at = scored.docs.subarray(0, scored.count).indexOf(doc);
    const score = at >= 0 ? scored.scores[at]! : 0;
    const level = score > 0 ? strengthOf(scored.matchScores[at]!, scored.strength) : null;
    const dropped = level !== null && level.strength === "weak" && this.engine.settings.dropWeakHits;
    // A hit search returns ranks among the hits search returns; a dropped one where it would have ranked.
    const floor = this.engine.settings.dropWeakHits && !dropped ? scored.strength.bar : 0;
    return {
      id,
      score,
      rank: score > 0 ? this.rankOf(scored, at, floor) : null,
      terms,
      matchedTerms: terms.filter((t) => t.matched).map((t) => t.term),
      missingTerms: terms.filter((t) => !t.matched && t.queryWeight === 1).map((t) => t.term),
      factors,
      strength: level
        ? {
            ...summary(scored.strength),
            level: level.strength,
            evidence: level.evidence,
            matchScore: scored.matchScores[at]!,
          }
        : null,
      dropped,
    };
  }

  vocabularyEffect(query: string): VocabularyEffect[] {
    return this.engine.vocabularyEffect?.(normalizeQuery(query)) ?? [];
  }

  strength(query: string): StrengthSummary {
    return summary(this.score(normalizeQuery(query)).strength);
  }

  /** 1 + the scored entries ahead of entry `at` (higher score, or equal with an earlier id) whose match score reaches `floor`. */
  private rankOf({ docs, scores, matchScores, count }: ScoredDocs, at: number, floor: number): number {
    const score = scores[at]!;
    const doc = docs[at]!;
    const order = this.order;
    let ahead = 0;
    for (let i = 0; i < count; i++) {
      const other = scores[i]!;
      if (
        matchScores[i]! >= floor &&
        other > 0 &&
        (other > score || (other === score && order[docs[i]!]! < order[doc]!))
      )
        ahead++;
    }
    return ahead + 1;
  }
}

function strengthOf(score: number, { bar }: StrengthBar): { strength: MatchStrength; evidence: number } {
  const evidence = bar === Infinity ? 0 : bar > 0 ? score / bar : Number.MAX_VALUE;
  return { strength: score >= bar ? "strong" : "weak", evidence };
}

function summary({ bar, perfectMatch, reason }: StrengthBar): StrengthSummary {
  return { bar: bar === Infinity ? null : bar / perfectMatch, reason };
}

/** Wraps an engine built directly (tests use it for the codex engine's German path). */
export function indexFromEngine(engine: RankingEngine): SearchIndex {
  return new EngineSearchIndex(engine);
}

/** Builds an index over `docs` (text = effective search text) with the given engine settings. */
export function createSearchIndex(docs: readonly IndexDoc[], settings?: Partial<EngineSettings>): SearchIndex {
  return new EngineSearchIndex(createEngine(docs, resolveSettings(settings)), docs);
}
