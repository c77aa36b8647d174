// The public index: tool_search semantics (trimmed query, typed errors, default limit, no zero scores,
// ties broken by id) over whichever profile engine the settings pick.
import { CodexEngine } from "./engine/codex-engine";
import { StockroomEngine } from "./engine/stockroom-engine";
import type { IndexDoc, RankingEngine, ScoreFactor, TermExplanation } from "./engine/types";
import { SearchQueryError } from "./errors";
import { resolveSettings, type EngineSettings } from "./settings";

export interface SearchHit {
  id: string;
  score: number;
  /** 1-based position in the ranking. */
  rank: number;
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
  /**
   * Set when a no-match rule withheld every hit for the query (`score` is then 0 and `rank` null): the
   * score and rank this document had among the withheld hits, and why they were withheld.
   */
  withheld: { score: number; rank: number; reason: string } | null;
}

export interface SearchIndex {
  readonly size: number;
  readonly settings: EngineSettings;
  search(query: string, limit?: number): SearchHit[];
  explain(query: string, id: string): Explanation | null;
  /** Why `search` returns nothing for the query when a no-match rule withheld every hit; null otherwise. */
  noMatchReason(query: string): string | null;
  analyze(text: string): string[];
}

function createEngine(docs: readonly IndexDoc[], settings: EngineSettings): RankingEngine {
  return settings.profile === "codex-bm25" ? new CodexEngine(docs, settings) : new StockroomEngine(docs, settings);
}

/** Ranks of ids in code-unit order, so equal scores fall back to the id deterministically. */
function idOrder(ids: readonly string[]): Int32Array {
  const sorted = ids.map((_, i) => i).sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
  const order = new Int32Array(ids.length);
  sorted.forEach((doc, position) => (order[doc] = position));
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

  constructor(private readonly engine: RankingEngine) {
    this.order = idOrder(engine.ids);
    engine.ids.forEach((id, doc) => this.docIndex.set(id, doc));
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

  /** The `limit` best positive-score documents, best first, ties by id (a bounded insertion, not a sort of every hit). */
  private topHits(query: string, limit: number): Array<{ doc: number; score: number }> {
    const scored = this.engine.score(query);
    const order = this.order;
    const top: Array<{ doc: number; score: number }> = [];
    for (let i = 0; i < scored.count; i++) {
      const score = scored.scores[i]!;
      const doc = scored.docs[i]!;
      if (!(score > 0)) continue;
      if (top.length === limit) {
        const last = top[limit - 1]!;
        if (score < last.score || (score === last.score && order[doc]! > order[last.doc]!)) continue;
        top.pop();
      }
      let at = top.length;
      while (at > 0 && (score > top[at - 1]!.score || (score === top[at - 1]!.score && order[doc]! < order[top[at - 1]!.doc]!))) at--;
      top.splice(at, 0, { doc, score });
    }
    return top;
  }

  search(query: string, limit: number = this.engine.settings.defaultLimit): SearchHit[] {
    const text = normalizeQuery(query);
    const max = checkLimit(limit);
    const ids = this.engine.ids;
    return this.topHits(text, max).map(({ doc, score }, i) => ({ id: ids[doc]!, score, rank: i + 1 }));
  }

  explain(query: string, id: string): Explanation | null {
    const text = normalizeQuery(query);
    const doc = this.docIndex.get(id);
    if (doc === undefined) return null;
    const { terms, factors } = this.engine.explainTerms(text, doc);
    const scored = this.engine.score(text);
    const shown = this.scoreAndRank(scored.docs, scored.scores, scored.count, doc);
    const hidden = scored.withheld ? this.scoreAndRank(scored.docs, scored.scores, scored.withheld.count, doc) : null;
    return {
      id,
      score: shown?.score ?? 0,
      rank: shown?.rank ?? null,
      terms,
      matchedTerms: terms.filter((t) => t.matched).map((t) => t.term),
      missingTerms: terms.filter((t) => !t.matched && t.queryWeight === 1).map((t) => t.term),
      factors,
      withheld: hidden && scored.withheld ? { ...hidden, reason: scored.withheld.reason } : null,
    };
  }

  noMatchReason(query: string): string | null {
    return this.engine.score(normalizeQuery(query)).withheld?.reason ?? null;
  }

  /** A document's score among the first `count` scored entries and its rank: 1 + the positive scores ahead of it (higher, or equal with an earlier id). */
  private scoreAndRank(docs: Int32Array, scores: Float64Array, count: number, doc: number): { score: number; rank: number } | null {
    let score = 0;
    for (let i = 0; i < count; i++) if (docs[i] === doc) score = scores[i]!;
    if (!(score > 0)) return null;
    const order = this.order;
    let ahead = 0;
    for (let i = 0; i < count; i++) {
      const other = scores[i]!;
      if (other > score || (other === score && order[docs[i]!]! < order[doc]!)) ahead++;
    }
    return { score, rank: ahead + 1 };
  }
}

/** Wraps an engine built directly (tests use it for the codex engine's German path). */
export function indexFromEngine(engine: RankingEngine): SearchIndex {
  return new EngineSearchIndex(engine);
}

/** Builds an index over `docs` (text = effective search text) with the given engine settings. */
export function createSearchIndex(docs: readonly IndexDoc[], settings?: Partial<EngineSettings>): SearchIndex {
  return new EngineSearchIndex(createEngine(docs, resolveSettings(settings)));
}
