// Profile `stockroom`: BM25 (k1, b from the settings) over the stockroom analyzer, plus what measured
// better on real tools (see search/README.md): extra weight for name terms, a boost when the query
// names the tool, thesaurus expansion of query terms at reduced weight, and a relevance floor so
// requests that match no tool return nothing. Arithmetic in f64 with a correctly rounded ln, so the
// same inputs give the same floats in every JS engine.
import { analyzeStockroom, analyzeStockroomDetailed } from "../analysis/stockroom-analyzer";
import { relatedTerms } from "../analysis/synonyms";
import { idf as idfOf, lengthNorm, termWeight } from "../bm25/formulas";
import { CorpusStatistics } from "../bm25/statistics";
import type { EngineSettings } from "../settings";
import type { IndexDoc, RankingEngine, ScoredDocs, TermExplanation } from "./types";

export interface StockroomTuning {
  /** Extra term frequency for each occurrence of a term in the tool name. */
  nameWeight: number;
  /** Score multiplier per unit of name coverage (share of the name's terms the query contains). */
  nameCoverageBoost: number;
  /** Weight of thesaurus terms relative to the query's own. */
  synonymWeight: number;
  /** Weight of a glossary translation's other words (the first word counts fully). */
  translationWeight: number;
  /** How much the floor rises with the share of query terms that no document contains. */
  unknownPenalty: number;
  /**
   * Minimum score of the best hit, as a share of one perfect match on a term found in a single
   * document (idf(N, 1) · (k1 + 1)); below it the query returns nothing.
   */
  relevanceFloor: number;
}

export const STOCKROOM_TUNING: StockroomTuning = {
  nameWeight: 1,
  nameCoverageBoost: 0.5,
  synonymWeight: 0.4,
  translationWeight: 0.5,
  unknownPenalty: 2,
  relevanceFloor: 0.4,
};

interface Postings {
  docs: number[];
  tfs: number[];
  weights: number[];
}

interface QueryTerm {
  term: string;
  weight: number;
  count: number;
}

export class StockroomEngine implements RankingEngine {
  readonly ids: string[] = [];
  readonly statistics: CorpusStatistics<string>;
  private readonly tuning: StockroomTuning;
  private readonly postings = new Map<string, Postings>();
  private readonly docLengths: number[] = [];
  private readonly nameTerms: string[][] = [];
  private readonly scratch: Float64Array;

  constructor(
    docs: readonly IndexDoc[],
    readonly settings: EngineSettings,
    tuning: Partial<StockroomTuning> = {},
  ) {
    this.tuning = { ...STOCKROOM_TUNING, ...tuning };
    const latest = new Map<string, IndexDoc>();
    for (const doc of docs) latest.set(doc.id, doc);
    const analysed: Array<{ tokens: string[]; name: string[] }> = [];
    let totalLength = 0;
    for (const [id, doc] of latest) {
      this.ids.push(id);
      const tokens = analyzeStockroom(doc.text);
      const name = doc.name ? analyzeStockroom(doc.name) : [];
      analysed.push({ tokens, name });
      totalLength += tokens.length;
    }
    const avgdl = this.ids.length > 0 && totalLength > 0 ? totalLength / this.ids.length : 1;
    const { k1, b } = settings;
    analysed.forEach(({ tokens, name }, doc) => {
      this.docLengths.push(tokens.length);
      this.nameTerms.push([...new Set(name)]);
      const counts = new Map<string, number>();
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      for (const token of name) counts.set(token, (counts.get(token) ?? 0) + this.tuning.nameWeight);
      const norm = lengthNorm(tokens.length, avgdl, b);
      for (const [term, tf] of counts) {
        let list = this.postings.get(term);
        if (!list) {
          list = { docs: [], tfs: [], weights: [] };
          this.postings.set(term, list);
        }
        list.docs.push(doc);
        list.tfs.push(tf);
        list.weights.push(termWeight(tf, norm, k1));
      }
    });
    const frequencies = new Map<string, number>();
    for (const [term, list] of this.postings) frequencies.set(term, list.docs.length);
    this.statistics = new CorpusStatistics(this.ids.length, avgdl, frequencies);
    this.scratch = new Float64Array(this.ids.length);
  }

  analyze(text: string): string[] {
    return analyzeStockroom(text);
  }

  private readonly idfCache = new Map<string, number>();

  private idf(term: string): number {
    let value = this.idfCache.get(term);
    if (value === undefined) {
      value = idfOf(this.statistics.documentCount, this.statistics.documentFrequency(term));
      this.idfCache.set(term, value);
    }
    return value;
  }

  private queryTerms(query: string): QueryTerm[] {
    const terms = new Map<string, QueryTerm>();
    const { primary, alternatives } = analyzeStockroomDetailed(query);
    for (const term of primary) {
      const existing = terms.get(term);
      if (existing) existing.count++;
      else terms.set(term, { term, weight: 1, count: 1 });
    }
    for (const { term } of alternatives) {
      if (!terms.has(term)) terms.set(term, { term, weight: this.tuning.translationWeight, count: 1 });
    }
    if (this.tuning.synonymWeight > 0) {
      for (const own of [...terms.values()]) {
        for (const related of relatedTerms(own.term)) {
          if (!terms.has(related)) terms.set(related, { term: related, weight: this.tuning.synonymWeight, count: 1 });
        }
      }
    }
    return [...terms.values()];
  }

  /** Score of a query term found in exactly one document, at full saturation: the floor's unit. */
  private perfectMatch(): number {
    return idfOf(this.statistics.documentCount, 1) * (this.settings.k1 + 1);
  }

  private nameCoverage(doc: number, queryTerms: ReadonlySet<string>): number {
    const name = this.nameTerms[doc]!;
    if (name.length === 0) return 0;
    let hits = 0;
    for (const term of name) if (queryTerms.has(term)) hits++;
    return hits / name.length;
  }

  score(query: string): ScoredDocs {
    const terms = this.queryTerms(query);
    const own = terms.filter((t) => t.weight === 1);
    const scores = this.scratch;
    const touched: number[] = [];
    for (const { term, weight } of terms) {
      const list = this.postings.get(term);
      if (!list) continue;
      const termIdf = this.idf(term) * weight;
      for (let i = 0; i < list.docs.length; i++) {
        const doc = list.docs[i]!;
        if (scores[doc] === 0) touched.push(doc);
        scores[doc] = scores[doc]! + termIdf * list.weights[i]!;
      }
    }
    const ownTerms = new Set(own.map((t) => t.term));
    const result: ScoredDocs = { docs: new Int32Array(touched.length), scores: new Float64Array(touched.length), count: 0 };
    let bestScore = 0;
    const { nameCoverageBoost, relevanceFloor } = this.tuning;
    for (const doc of touched) {
      const value = scores[doc]! * (1 + nameCoverageBoost * this.nameCoverage(doc, ownTerms));
      scores[doc] = 0;
      result.docs[result.count] = doc;
      result.scores[result.count++] = value;
      if (value > bestScore) bestScore = value;
    }
    // Query words no tool mentions anywhere raise the bar: the request is likely about something else.
    const unknown = own.filter((t) => this.statistics.documentFrequency(t.term) === 0).length;
    const unknownShare = own.length > 0 ? unknown / own.length : 0;
    const floor = relevanceFloor * this.perfectMatch() * (1 + this.tuning.unknownPenalty * unknownShare);
    if (bestScore < floor) result.count = 0;
    return result;
  }

  explainTerms(query: string, doc: number): { terms: TermExplanation[]; score: number } {
    const terms = this.queryTerms(query);
    const docLength = this.docLengths[doc]!;
    const norm = lengthNorm(docLength, this.statistics.averageDocumentLength, this.settings.b);
    const explained = terms.map(({ term, weight, count }): TermExplanation => {
      const list = this.postings.get(term);
      const at = list ? list.docs.indexOf(doc) : -1;
      const idf = this.idf(term);
      return {
        term,
        queryFrequency: count,
        queryWeight: weight,
        idf,
        tf: at >= 0 ? list!.tfs[at]! : 0,
        docLength,
        lengthNorm: norm,
        contribution: at >= 0 ? idf * weight * list!.weights[at]! : 0,
        matched: at >= 0,
      };
    });
    const scored = this.score(query);
    let score = 0;
    for (let i = 0; i < scored.count; i++) if (scored.docs[i] === doc) score = scored.scores[i]!;
    return { terms: explained, score };
  }
}
