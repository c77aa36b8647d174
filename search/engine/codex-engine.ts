// Profile `codex-bm25`: the Rust `bm25` crate 2.3.2 SearchEngine with Language::English, as Codex uses it.
// Facts reproduced (../shared/parity/README.md): tokens keyed by fxhash32; avgdl fitted over every input
// text while a repeated id replaces the earlier document (N counts unique ids); all arithmetic in f32;
// query tokens summed in query order, repeats included.
import { codexAnalyzer, type CodexLanguage } from "../analysis/codex-analyzer";
import { FALLBACK_AVGDL, idfF32, lengthNormF32, termWeightF32 } from "../bm25/formulas";
import { CorpusStatistics } from "../bm25/statistics";
import { f32 } from "../numeric/f32";
import { fxhash32 } from "../numeric/fxhash";
import type { EngineSettings } from "../settings";
import { plainStrengthBar } from "./strength";
import type { IndexDoc, RankingEngine, ScoreFactor, ScoredDocs, TermExplanation } from "./types";

interface Postings {
  docs: number[];
  tfs: number[];
  weights: number[];
}

export class CodexEngine implements RankingEngine {
  readonly ids: string[] = [];
  readonly statistics: CorpusStatistics<number>;
  private readonly analyzer;
  private readonly postings = new Map<number, Postings>();
  private readonly docLengths: number[] = [];
  private readonly scratch: Float64Array;
  private readonly idfCache = new Map<number, number>();

  constructor(
    docs: readonly IndexDoc[],
    readonly settings: EngineSettings,
    /** Codex uses English; German runs the crate's German test vectors on the same code path. */
    language: CodexLanguage = "english",
  ) {
    this.analyzer = codexAnalyzer(language);
    const tokenLists = docs.map((doc) => this.analyzer.analyze(doc.text));
    const totalLength = tokenLists.reduce((sum, tokens) => sum + tokens.length, 0);
    const fitted = docs.length === 0 ? FALLBACK_AVGDL : f32(totalLength / docs.length);
    const avgdl = fitted <= 0 ? FALLBACK_AVGDL : fitted;

    // Last write wins for a repeated id, as the crate's upsert does.
    const latest = new Map<string, number>();
    docs.forEach((doc, i) => latest.set(doc.id, i));
    for (const [id, source] of latest) {
      const doc = this.ids.length;
      this.ids.push(id);
      const tokens = tokenLists[source]!;
      this.docLengths.push(tokens.length);
      const counts = new Map<number, number>();
      for (const token of tokens) {
        const key = fxhash32(token);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const norm = lengthNormF32(tokens.length, avgdl, settings.b);
      for (const [key, tf] of counts) {
        let list = this.postings.get(key);
        if (!list) {
          list = { docs: [], tfs: [], weights: [] };
          this.postings.set(key, list);
        }
        list.docs.push(doc);
        list.tfs.push(tf);
        list.weights.push(termWeightF32(tf, norm, settings.k1));
      }
    }
    const frequencies = new Map<number, number>();
    for (const [key, list] of this.postings) frequencies.set(key, list.docs.length);
    this.statistics = new CorpusStatistics(this.ids.length, avgdl, frequencies);
    this.scratch = new Float64Array(this.ids.length);
  }

  analyze(text: string): string[] {
    return this.analyzer.analyze(text);
  }

  private idf(key: number): number {
    let value = this.idfCache.get(key);
    if (value === undefined) {
      value = idfF32(this.statistics.documentCount, this.statistics.documentFrequency(key));
      this.idfCache.set(key, value);
    }
    return value;
  }

  score(query: string): ScoredDocs {
    const scores = this.scratch;
    const touched: number[] = [];
    const tokens = this.analyzer.analyze(query);
    let unknown = 0;
    for (const token of tokens) {
      const key = fxhash32(token);
      const list = this.postings.get(key);
      if (!list) {
        unknown++;
        continue;
      }
      const idf = this.idf(key);
      for (let i = 0; i < list.docs.length; i++) {
        const doc = list.docs[i]!;
        if (scores[doc] === 0) touched.push(doc);
        // Adding a term's 0 changes no f32 sum, so term-at-a-time equals the crate's doc-at-a-time order.
        scores[doc] = f32(scores[doc]! + f32(idf * list.weights[i]!));
      }
    }
    const strength = plainStrengthBar(this.statistics.documentCount, this.settings.k1, unknown, tokens.length);
    const scored = new Float64Array(touched.length);
    const result: ScoredDocs = { docs: new Int32Array(touched.length), scores: scored, matchScores: scored, count: 0, strength };
    for (const doc of touched) {
      result.docs[result.count] = doc;
      result.scores[result.count++] = scores[doc]!;
      scores[doc] = 0;
    }
    return result;
  }

  explainTerms(query: string, doc: number): { terms: TermExplanation[]; factors: ScoreFactor[] } {
    const tokens = this.analyzer.analyze(query);
    const byTerm = new Map<string, TermExplanation>();
    const docLength = this.docLengths[doc]!;
    const norm = lengthNormF32(docLength, this.statistics.averageDocumentLength, this.settings.b);
    for (const token of tokens) {
      const key = fxhash32(token);
      const list = this.postings.get(key);
      const at = list ? list.docs.indexOf(doc) : -1;
      const weight = at >= 0 ? list!.weights[at]! : 0;
      const idf = this.idf(key);
      const contribution = f32(idf * weight);
      const existing = byTerm.get(token);
      if (existing) {
        existing.queryFrequency++;
        existing.contribution = f32(existing.contribution + contribution);
        continue;
      }
      byTerm.set(token, {
        term: token,
        queryFrequency: 1,
        queryWeight: 1,
        idf,
        tf: at >= 0 ? list!.tfs[at]! : 0,
        docLength,
        lengthNorm: norm,
        contribution,
        matched: at >= 0,
      });
    }
    return { terms: [...byTerm.values()], factors: [] };
  }
}
