// Profile `codex-bm25`: the Rust `bm25` crate 2.3.2 SearchEngine with Language::English, as Codex uses it.
// Facts reproduced (search/README.md, "Profile codex-bm25"): tokens keyed by fxhash32; avgdl fitted over every input
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

/** Term frequencies of a token list, keyed as the crate keys tokens (fxhash32), in first-seen order. */
function termCounts(tokens: readonly string[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const token of tokens) {
    const key = fxhash32(token);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export class CodexEngine implements RankingEngine {
  readonly ids: string[] = [];
  statistics: CorpusStatistics<number>;
  private readonly analyzer;
  /** Σ analysed lengths and the number of input texts, over which the crate fits avgdl. */
  private totalLength: number;
  private readonly inputCount: number;
  /** Each document's text, for replaceDocs; null when the input repeated an id. */
  private readonly texts: string[] | null;
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
    this.totalLength = tokenLists.reduce((sum, tokens) => sum + tokens.length, 0);
    this.inputCount = docs.length;
    const avgdl = this.averageLength();

    // Last write wins for a repeated id, as the crate's upsert does.
    const latest = new Map<string, number>();
    docs.forEach((doc, i) => latest.set(doc.id, i));
    for (const [id, source] of latest) {
      const doc = this.ids.length;
      this.ids.push(id);
      const tokens = tokenLists[source]!;
      this.docLengths.push(tokens.length);
      const norm = lengthNormF32(tokens.length, avgdl, settings.b);
      for (const [key, tf] of termCounts(tokens)) {
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
    this.texts = latest.size === docs.length ? docs.map((doc) => doc.text) : null;
    this.statistics = this.countFrequencies(avgdl);
    this.scratch = new Float64Array(this.ids.length);
  }

  /** avgdl as the crate fits it: over every input text, in f32; its fallback when there is none. */
  private averageLength(): number {
    const fitted = this.inputCount === 0 ? FALLBACK_AVGDL : f32(this.totalLength / this.inputCount);
    return fitted <= 0 ? FALLBACK_AVGDL : fitted;
  }

  private countFrequencies(avgdl: number): CorpusStatistics<number> {
    const frequencies = new Map<number, number>();
    for (const [key, list] of this.postings) frequencies.set(key, list.docs.length);
    this.idfCache.clear();
    return new CorpusStatistics(this.ids.length, avgdl, frequencies);
  }

  /**
   * Replaces documents in place (same id at the same position, new text): afterwards the engine holds exactly
   * what a build from scratch over the new documents would. False (nothing changed) when the index was built
   * from input with repeated ids, whose avgdl counts texts no document keeps.
   */
  replaceDocs(changes: ReadonlyArray<{ doc: number; next: IndexDoc }>): boolean {
    const texts = this.texts;
    if (!texts) return false;
    for (const { doc, next } of changes) {
      for (const key of termCounts(this.analyzer.analyze(texts[doc]!)).keys()) {
        const list = this.postings.get(key)!;
        const at = list.docs.indexOf(doc);
        for (const field of [list.docs, list.tfs, list.weights]) field.splice(at, 1);
        if (list.docs.length === 0) this.postings.delete(key);
      }
      const tokens = this.analyzer.analyze(next.text);
      this.totalLength += tokens.length - this.docLengths[doc]!;
      this.docLengths[doc] = tokens.length;
      texts[doc] = next.text;
      for (const [key, tf] of termCounts(tokens)) {
        const list = this.postings.get(key) ?? { docs: [], tfs: [], weights: [] };
        this.postings.set(key, list);
        let at = list.docs.findIndex((other) => other > doc);
        if (at < 0) at = list.docs.length;
        list.docs.splice(at, 0, doc);
        list.tfs.splice(at, 0, tf);
        list.weights.splice(at, 0, 0);
      }
    }
    const avgdl = this.averageLength();
    const { b, k1 } = this.settings;
    const norms = this.docLengths.map((length) => lengthNormF32(length, avgdl, b));
    for (const list of this.postings.values()) {
      for (let i = 0; i < list.docs.length; i++)
        list.weights[i] = termWeightF32(list.tfs[i]!, norms[list.docs[i]!]!, k1);
    }
    this.statistics = this.countFrequencies(avgdl);
    return true;
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
    const result: ScoredDocs = {
      docs: new Int32Array(touched.length),
      scores: scored,
      matchScores: scored,
      count: 0,
      strength,
    };
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
