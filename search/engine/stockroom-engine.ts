// Profile `stockroom`: BM25 (k1, b from the settings) over the stockroom analyzer, plus what measured
// better on real tools (see search/README.md): extra weight for name terms, boosts when the query
// names the tool or its namespace, thesaurus and glossary expansion at reduced weight, typed values
// (URLs, e-mail addresses, file names) as concepts, tools named for a change the request does not ask
// for ranked lower (stockroom-intent.ts), tools that have the request's concepts in the opening of their
// text (name, first words of the description) and tools whose name has a word the request uses in the plural
// (list_alerts for "which alerts…") ranked higher, and a strength bar that labels each hit strong or weak
// (stockroom-strength.ts). Arithmetic in f64 with a correctly rounded ln: the same floats in every JS engine.
import { nameParts } from "../analysis/identifiers";
import { pluralTerms } from "../analysis/plural";
import { isAscii } from "../analysis/ascii";
import { hasCjk } from "../analysis/cjk";
import { ExactNames, nameKey } from "./exact-names";
import { NamePrefixes } from "./name-prefixes";
import { analyzeStockroom, stockroomEnglishAnalyzer } from "../analysis/stockroom-analyzer";
import { forgetAnalysis } from "../analysis/pipeline";
import { resolveVocabulary, type Vocabulary } from "../vocabulary/vocabulary";
import { idf as idfOf, lengthNorm, termWeight } from "../bm25/formulas";
import { insertDoc, PostingsBuilder, removeDoc, withDoc, withoutDoc, type TypedPostings } from "../bm25/postings";
import { CorpusStatistics } from "../bm25/statistics";
import type { EngineSettings } from "../settings";
import { isChangeTerm, isDestructiveTerm, isReadRequest } from "./stockroom-intent";
import { queryConcepts, queryTerms, type QueryConcept } from "./stockroom-query";
import { strengthBar } from "./stockroom-strength";
import {
  stockroomMultipliers,
  type MultiplierIndex,
  type QueryState,
  type StockroomMultipliers,
} from "./stockroom-multipliers";
import { STOCKROOM_TUNING, type StockroomTuning } from "./stockroom-tuning";
import type { IndexDoc, RankingEngine, ScoreFactor, ScoredDocs, TermExplanation, VocabularyEffect } from "./types";

/** Own words at the start of a request in which a destructive verb counts as what the request asks for. */
export const DESTRUCTIVE_OPENING = 2;

const STARTS_WITH_DIGIT = /^\d/;

type Postings = TypedPostings;

function listOf(map: Map<string, number[]>, term: string): number[] {
  let list = map.get(term);
  if (!list) map.set(term, (list = []));
  return list;
}

function removeFrom(map: Map<string, number[]>, term: string, doc: number): void {
  const list = map.get(term);
  if (!list) return;
  removeDoc(list, doc);
  if (list.length === 0) map.delete(term);
}

/** The distinct tokens among the first `limit`, in order (a Set's order, without one: these lists are short). */
function distinctTokens(tokens: readonly string[], limit = tokens.length): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length && i < limit; i++) if (!out.includes(tokens[i]!)) out.push(tokens[i]!);
  return out;
}

/**
 * Analysed document texts and names, remembered across indexes: the playground rebuilds a draft's index after
 * every edit, and all but the edited tool's texts are the ones analysed last time (analysis is most of a build).
 * Analysis is a pure function of the text, so this changes no token; bounded, and forgotten all at once when full.
 */
const analysedTexts = new Map<string, readonly string[]>();
const MAX_ANALYSED_TEXTS = 20_000;

/** A text's tokens; only a text with CJK depends on the vocabulary (its glossary), so only it is keyed by it. */
function analysed(text: string, vocabulary: Vocabulary): readonly string[] {
  // Most search text is ASCII: one scan tells, where hasCjk and analyzeStockroom would each scan it again.
  const ascii = isAscii(text);
  const key = !ascii && hasCjk(text) ? `${vocabulary.key}\u0000${text}` : text;
  let tokens = analysedTexts.get(key);
  if (!tokens) {
    if (analysedTexts.size >= MAX_ANALYSED_TEXTS) analysedTexts.clear();
    // ASCII text is its own NFKC form and has no CJK: analyzeStockroom gives it to the English analyzer as it is.
    tokens = ascii ? stockroomEnglishAnalyzer().analyze(text) : analyzeStockroom(text, vocabulary.glossary);
    analysedTexts.set(key, tokens);
  }
  return tokens;
}

/** Empties every memory of analysis (texts here, tokens and runs in the analyzers): a benchmark measures a build from scratch. */
export function forgetAnalysedTexts(): void {
  analysedTexts.clear();
  forgetAnalysis();
}

/** What the engine makes of a tool name (shared, read-only, by the tools of that name). */
interface NameTerms {
  nameTerms: string[];
  plurals: string[];
  changeTerms: string[];
  destructiveTerms: string[];
}

export class StockroomEngine implements RankingEngine, MultiplierIndex {
  readonly ids: string[] = [];
  statistics: CorpusStatistics<string>;
  private readonly tuning: StockroomTuning;
  private readonly postings = new Map<string, Postings>();
  private readonly docLengths: number[] = [];
  private totalLength = 0;
  /** The documents as given, so one can be replaced (replaceDocs). */
  private readonly docs: IndexDoc[] = [];
  /** A namespace's tools share its analysed terms. */
  private readonly namespaceCache = new Map<string, string[]>();
  /** Tools of the same name (common across namespaces) share what is made of it. */
  private readonly nameCache = new Map<string, NameTerms>();
  readonly nameTerms: string[][] = [];
  readonly namePlurals: string[][] = [];
  /** Tool names as given, for explanations. */
  private readonly names: string[] = [];
  readonly namespaceTerms: string[][] = [];
  readonly changeTerms: string[][] = [];
  readonly destructiveTerms: string[][] = [];
  readonly nameLengths: Int32Array;
  readonly namesChange: Uint8Array;
  readonly namesDestruction: Uint8Array;
  private readonly multipliers: StockroomMultipliers;
  private readonly exactNames = new ExactNames();
  /** The packs and catalog lines requests are expanded with (settings.vocabulary; default: the legacy packs). */
  readonly vocabulary: Vocabulary;
  /** Term → the tools whose name has it. */
  private readonly namePostings = new Map<string, number[]>();
  /** A namespace's first term → the tools in namespaces that begin with it. */
  private readonly namespacePostings = new Map<string, number[]>();
  /** Term → the tools whose name has it in the plural. */
  private readonly pluralPostings = new Map<string, number[]>();
  /** Term → the tools that have it among the first `openingTokens` tokens of their text. */
  private readonly openingPostings = new Map<string, number[]>();
  /** Per tool, how many of the query's concepts its opening has (reset after each query). */
  private readonly openingHits: Float64Array;
  /** Per tool, the last concept counted for it, so a concept counts once however many members match. */
  private readonly openingStamp: Int32Array;
  private stampCounter = 0;
  private readonly scratch: Float64Array;
  /** Per tool, the query's weight in its name (summed over name terms), for name coverage. */
  private readonly nameHits: Float64Array;
  /** The per-tool marks of a request (QueryState), and the last request's number. */
  private readonly namespaceNamed: Int32Array;
  private readonly verbNamed: Int32Array;
  private readonly pluralNamed: Int32Array;
  private queryStamp = 0;
  private readonly idfCache = new Map<string, number>();
  /** Name terms a request word begins or is begun by (compound names: "socialsearch" for "social"). */
  private readonly namePrefixes: NamePrefixes;

  constructor(
    docs: readonly IndexDoc[],
    readonly settings: EngineSettings,
    tuning: Partial<StockroomTuning> = {},
  ) {
    this.tuning = { ...STOCKROOM_TUNING, ...tuning };
    this.vocabulary = resolveVocabulary(settings.vocabulary);
    this.multipliers = stockroomMultipliers(this, this.tuning);
    const latest = new Map<string, IndexDoc>();
    for (const doc of docs) latest.set(doc.id, doc);
    this.nameLengths = new Int32Array(latest.size);
    this.namesChange = new Uint8Array(latest.size);
    this.namesDestruction = new Uint8Array(latest.size);
    // One pass counts each document's term frequencies into the postings builder; weights follow once avgdl is known.
    const termIds = new Map<string, number>();
    const terms: string[] = [];
    let counts = new Float64Array(1024);
    const seen: number[] = [];
    const postings = new PostingsBuilder();
    const countTerm = (term: string, by: number) => {
      let id = termIds.get(term);
      if (id === undefined) {
        id = terms.length;
        termIds.set(term, id);
        terms.push(term);
        if (id === counts.length) {
          const grown = new Float64Array(id * 2);
          grown.set(counts);
          counts = grown;
        }
      }
      if (counts[id] === 0) seen.push(id);
      counts[id]! += by;
    };
    for (const [id, doc] of latest) {
      const index = this.ids.length;
      this.ids.push(id);
      this.countTerms(this.setDoc(index, doc), countTerm);
      for (const term of seen) {
        postings.add(index, term, counts[term]!);
        counts[term] = 0;
      }
      seen.length = 0;
    }
    postings.build(terms.length).forEach((list, term) => this.postings.set(terms[term]!, list));
    this.statistics = this.weigh();
    this.namePrefixes = new NamePrefixes(this.namePostings.keys(), this.tuning.namePrefixMinLength);
    this.scratch = new Float64Array(this.ids.length);
    this.nameHits = new Float64Array(this.ids.length);
    this.openingHits = new Float64Array(this.ids.length);
    this.openingStamp = new Int32Array(this.ids.length);
    this.namespaceNamed = new Int32Array(this.ids.length);
    this.verbNamed = new Int32Array(this.ids.length);
    this.pluralNamed = new Int32Array(this.ids.length);
  }

  /** A namespace's analysed terms (its tools share them). */
  private namespaceTermsOf(namespace: string): string[] {
    let terms = this.namespaceCache.get(namespace);
    if (!terms)
      this.namespaceCache.set(namespace, (terms = [...new Set(analyzeStockroom(namespace, this.vocabulary.glossary))]));
    return terms;
  }

  /** A tool name's distinct analysed terms, those in the plural, and its change and destructive verbs ("": none). */
  private nameTermsOf(name: string): NameTerms {
    let terms = this.nameCache.get(name);
    if (!terms) {
      const nameTerms = name ? distinctTokens(analysed(name, this.vocabulary)) : [];
      terms = {
        nameTerms,
        plurals: name ? pluralTerms(name) : [],
        changeTerms: nameTerms.filter(isChangeTerm),
        destructiveTerms: nameTerms.filter(isDestructiveTerm),
      };
      this.nameCache.set(name, terms);
    }
    return terms;
  }

  /** Puts `doc` at position `index` in every per-tool list (not the term postings); returns its tokens and name terms. */
  private setDoc(index: number, doc: IndexDoc): { tokens: readonly string[]; nameTerms: string[] } {
    const tokens = analysed(doc.text, this.vocabulary);
    const { nameTerms, plurals, changeTerms, destructiveTerms } = this.nameTermsOf(doc.name ?? "");
    this.docs[index] = doc;
    this.nameTerms[index] = nameTerms;
    this.nameLengths[index] = nameTerms.length;
    this.names[index] = doc.name ?? "";
    this.exactNames.add(index, doc.name, doc.namespace);
    this.namePlurals[index] = plurals;
    for (const term of nameTerms) insertDoc(listOf(this.namePostings, term), index);
    for (const term of plurals) insertDoc(listOf(this.pluralPostings, term), index);
    this.changeTerms[index] = changeTerms;
    this.destructiveTerms[index] = destructiveTerms;
    this.namesChange[index] = changeTerms.length > 0 ? 1 : 0;
    this.namesDestruction[index] = destructiveTerms.length > 0 ? 1 : 0;
    const namespace = (this.namespaceTerms[index] = doc.namespace ? this.namespaceTermsOf(doc.namespace) : []);
    if (namespace.length > 0) insertDoc(listOf(this.namespacePostings, namespace[0]!), index);
    this.docLengths[index] = tokens.length;
    this.totalLength += tokens.length;
    for (const term of distinctTokens(tokens, this.tuning.openingTokens))
      insertDoc(listOf(this.openingPostings, term), index);
    return { tokens, nameTerms };
  }

  /** Takes the document at `index` out of every per-tool list `setDoc` put it in (not the term postings). */
  private unsetDoc(index: number): { tokens: readonly string[]; nameTerms: string[] } {
    const doc = this.docs[index]!;
    const tokens = analysed(doc.text, this.vocabulary);
    const nameTerms = this.nameTerms[index]!;
    this.exactNames.remove(index, doc.name, doc.namespace);
    for (const term of nameTerms) removeFrom(this.namePostings, term, index);
    for (const term of this.namePlurals[index]!) removeFrom(this.pluralPostings, term, index);
    const namespace = this.namespaceTerms[index]!;
    if (namespace.length > 0) removeFrom(this.namespacePostings, namespace[0]!, index);
    for (const term of distinctTokens(tokens, this.tuning.openingTokens)) removeFrom(this.openingPostings, term, index);
    this.totalLength -= tokens.length;
    return { tokens, nameTerms };
  }

  /** A document's term frequencies: each token counts 1, each distinct name term `nameWeight` more (a light BM25F name field). */
  private countTerms(
    { tokens, nameTerms }: { tokens: readonly string[]; nameTerms: readonly string[] },
    count: (term: string, by: number) => void,
  ) {
    for (const token of tokens) count(token, 1);
    for (const token of nameTerms) count(token, this.tuning.nameWeight);
  }

  /** Recomputes avgdl, every tf weight and the corpus statistics from the postings' frequencies and the lengths. */
  private weigh(): CorpusStatistics<string> {
    const avgdl = this.ids.length > 0 && this.totalLength > 0 ? this.totalLength / this.ids.length : 1;
    const { k1, b } = this.settings;
    const norms = this.docLengths.map((length) => lengthNorm(length, avgdl, b));
    const frequencies = new Map<string, number>();
    for (const [term, list] of this.postings) {
      const { docs, tfs, weights } = list;
      for (let i = 0; i < weights.length; i++) weights[i] = termWeight(tfs[i]!, norms[docs[i]!]!, k1);
      frequencies.set(term, docs.length);
    }
    this.idfCache.clear();
    return new CorpusStatistics(this.ids.length, avgdl, frequencies);
  }

  /**
   * Replaces documents in place (same id at the same position, new text, name or namespace): afterwards the
   * engine holds exactly what a build from scratch over the new documents would, without analysing the others.
   */
  replaceDocs(changes: ReadonlyArray<{ doc: number; next: IndexDoc }>): boolean {
    for (const { doc, next } of changes) {
      this.countTerms(this.unsetDoc(doc), (term) => {
        const list = this.postings.get(term);
        const rest = list && withoutDoc(list, doc);
        if (rest) this.postings.set(term, rest);
        else this.postings.delete(term);
      });
      const counts = new Map<string, number>();
      this.countTerms(this.setDoc(doc, next), (term, by) => counts.set(term, (counts.get(term) ?? 0) + by));
      for (const [term, tf] of counts) this.postings.set(term, withDoc(this.postings.get(term), doc, tf));
    }
    this.statistics = this.weigh();
    return true;
  }

  analyze(text: string): string[] {
    return analyzeStockroom(text, this.vocabulary.glossary);
  }

  private idf(term: string): number {
    let value = this.idfCache.get(term);
    if (value === undefined) {
      value = idfOf(this.statistics.documentCount, this.statistics.documentFrequency(term));
      this.idfCache.set(term, value);
    }
    return value;
  }

  /** Adds each query term's coverage weight to the tools whose name has it (`clear` sets those back to 0). */
  private countNameHits(weights: ReadonlyMap<string, number>, clear = false): void {
    for (const [term, weight] of weights) {
      const named = this.namePostings.get(term);
      if (named) for (const doc of named) this.nameHits[doc] = clear ? 0 : this.nameHits[doc]! + weight;
    }
  }

  /**
   * Counts, per tool, the query concepts (any member) found in its opening, into `openingHits`; returns
   * how many concepts the catalog knows at all (the share's denominator).
   */
  private countOpeningHits(concepts: readonly QueryConcept[]): number {
    let known = 0;
    for (const { members } of concepts) {
      if (!members.some(({ term }) => this.postings.has(term))) continue;
      known++;
      const stamp = ++this.stampCounter;
      for (const { term } of members) {
        const opening = this.openingPostings.get(term);
        if (!opening) continue;
        for (const doc of opening) {
          if (this.openingStamp[doc] === stamp) continue;
          this.openingStamp[doc] = stamp;
          this.openingHits[doc] = this.openingHits[doc]! + 1;
        }
      }
    }
    if (this.stampCounter > 0x3fffffff) {
      this.stampCounter = 0;
      this.openingStamp.fill(0);
    }
    return known;
  }

  /** Query term → weight for name coverage: own words 1, synonyms and translations less. */
  private coverageWeights(concepts: readonly QueryConcept[]): Map<string, number> {
    const weights = new Map<string, number>();
    for (const { members } of concepts) {
      for (const { term } of members.slice(1))
        weights.set(term, Math.max(weights.get(term) ?? 0, this.tuning.coverageSynonymWeight));
    }
    for (const { term } of concepts) weights.set(term, 1);
    return weights;
  }

  /**
   * A request word found in one tool only, when that tool also has every other request word the
   * catalog knows: its BM25 tf weight there (the largest such), else 0. Such a tool explains the
   * whole request through the strongest evidence BM25 has.
   */
  private uniqueKeywordWeight(concepts: readonly QueryConcept[]): number {
    const own = concepts.filter((c) => c.members[0]!.weight === 1);
    const known = own.map((c) => this.postings.get(c.term)).filter((list): list is Postings => list !== undefined);
    let best = 0;
    for (const list of known) {
      if (list.docs.length !== 1) continue;
      const doc = list.docs[0]!;
      if (known.every((other) => other.docs.includes(doc))) best = Math.max(best, list.weights[0]!);
    }
    return best;
  }

  /**
   * The destructive term when the request opens by asking to destroy something ("delete …", "cancel …", "please remove …":
   * a destructive verb among its first `DESTRUCTIVE_OPENING` own words) and the best tool's text has neither
   * that verb nor any of its synonyms: the catalog's closest tool cannot do what is asked ("delete Linear
   * issue ENG-12" when Linear's tools only create, search and update). No-match only, ranking unchanged.
   */
  private lacksAskedDestruction(concepts: readonly QueryConcept[], doc: number): string | null {
    const own = concepts.filter((c) => c.members[0]!.weight === 1).slice(0, DESTRUCTIVE_OPENING);
    const asked = own.find(
      ({ term, members }) =>
        isDestructiveTerm(term) && !members.some((m) => this.postings.get(m.term)?.docs.includes(doc) ?? false),
    );
    return asked ? asked.term : null;
  }

  /**
   * True when some tool's name has every word of the request ("email" → send_email: a keyword search), or
   * has — as itself or a synonym — each of the request's (at least two) catalog words other than numbers
   * ("find the emails from my landlord" → search_emails: the other words are the request's content).
   */
  private namesEveryWord(concepts: readonly QueryConcept[]): boolean {
    const own = concepts.filter((c) => c.members[0]!.weight === 1);
    const words = own.map((c) => c.term);
    // A tool named for every word is among those named for any one: check those of the rarest name word.
    const named = (term: string) => this.namePostings.get(term) ?? [];
    const candidates = words.map(named).reduce<number[] | null>((a, b) => (a && a.length <= b.length ? a : b), null);
    if (candidates?.some((doc) => words.every((word) => this.nameTerms[doc]!.includes(word)))) return true;
    const known = own.filter((c) => this.postings.has(c.term) && !STARTS_WITH_DIGIT.test(c.term));
    if (known.length < 2) return false;
    // Each word must find its own name term ("new york" names nothing: new and its synonyms all point at "create").
    const namesEach = (doc: number) => {
      const used = new Set<string>();
      return known.every(({ members }) => {
        const term = members.find((m) => !used.has(m.term) && this.nameTerms[doc]!.includes(m.term))?.term;
        if (term !== undefined) used.add(term);
        return term !== undefined;
      });
    };
    // Likewise, only tools whose name has a member of the word whose members name the fewest tools can qualify.
    const namedCount = ({ members }: QueryConcept) => members.reduce((sum, m) => sum + named(m.term).length, 0);
    const rarest = known.reduce((a, b) => (namedCount(a) <= namedCount(b) ? a : b));
    for (const { term } of rarest.members) for (const doc of named(term)) if (namesEach(doc)) return true;
    return false;
  }

  /** The request's concepts: its words with the vocabulary's related terms and the name terms they begin or are begun by. */
  private concepts(query: string): QueryConcept[] {
    return this.namePrefixes.expand(queryConcepts(query, this.tuning, this.vocabulary), this.tuning.namePrefixWeight);
  }

  score(query: string): ScoredDocs {
    const concepts = this.concepts(query);
    const scores = this.scratch;
    const touched: number[] = [];
    for (const { term, weight } of queryTerms(concepts)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const termIdf = this.idf(term) * weight;
      for (let i = 0; i < list.docs.length; i++) {
        const doc = list.docs[i]!;
        if (scores[doc] === 0) touched.push(doc);
        scores[doc] = scores[doc]! + termIdf * list.weights[i]!;
      }
    }
    for (const doc of this.exactNames.named(query)) {
      if (scores[doc] === 0) touched.push(doc);
      scores[doc] = scores[doc]! + this.exactNameWeight(query, doc);
    }
    const state = this.prepare(query, concepts);
    const docs = new Int32Array(touched.length);
    const ranked = new Float64Array(touched.length);
    const matched = new Float64Array(touched.length);
    let count = 0;
    const top = [0, 0, 0, 0, 0]; // the five best match scores, for the strength bar
    let best = -1; // the tool with the best of them
    const { multipliers } = this;
    for (const doc of touched) {
      const value = multipliers.match(state, doc, scores[doc]!);
      scores[doc] = 0;
      // Ranking only: strength is judged on `value`, before the change penalty and the opening and plural boosts.
      const order = multipliers.rank(state, doc, value);
      docs[count] = doc;
      matched[count] = value;
      ranked[count++] = order;
      if (value > top[0]!) best = doc;
      if (value > top[4]!) {
        let i = 4;
        for (; i > 0 && value > top[i - 1]!; i--) top[i] = top[i - 1]!;
        top[i] = value;
      }
    }
    const bestUnanchored = best >= 0 && state.knownConcepts > 0 && state.openingHits[best] === 0;
    this.release(state, touched);
    const strength = strengthBar({
      top,
      bestId: best >= 0 ? this.ids[best]! : "",
      concepts,
      statistics: this.statistics,
      uniqueKeywordWeight: best >= 0 ? this.uniqueKeywordWeight(concepts) : 0,
      bestUnanchored,
      missingDestruction: best >= 0 ? this.lacksAskedDestruction(concepts, best) : null,
      namesEveryWord: best >= 0 && this.namesEveryWord(concepts),
      k1: this.settings.k1,
      tuning: this.tuning,
    });
    return { docs, scores: ranked, matchScores: matched, count, strength };
  }

  /** The word of the tool's name an analysed name term comes from ("creat" → "create"), for explanations. */
  nameWord(doc: number, term: string): string {
    return (
      nameParts(this.names[doc]!)
        .find((word) => analyzeStockroom(word).includes(term))
        ?.toLowerCase() ?? term
    );
  }

  explainTerms(query: string, doc: number): { terms: TermExplanation[]; factors: ScoreFactor[] } {
    const concepts = this.concepts(query);
    const counts = new Map(concepts.map((c) => [c.term, c.count]));
    const docLength = this.docLengths[doc]!;
    const norm = lengthNorm(docLength, this.statistics.averageDocumentLength, this.settings.b);
    const terms = queryTerms(concepts).map(({ term, weight }): TermExplanation => {
      const list = this.postings.get(term);
      const at = list ? list.docs.indexOf(doc) : -1;
      const idf = this.idf(term);
      return {
        term,
        queryFrequency: weight === 1 ? (counts.get(term) ?? 1) : 1,
        queryWeight: weight,
        idf,
        tf: at >= 0 ? list!.tfs[at]! : 0,
        docLength,
        lengthNorm: norm,
        contribution: at >= 0 ? idf * weight * list!.weights[at]! : 0,
        matched: at >= 0,
      };
    });
    const named = this.exactNames.named(query);
    if (named.length > 0) {
      const contribution = named.includes(doc) ? this.exactNameWeight(query, doc) : 0;
      const idf = contribution > 0 ? contribution / (this.settings.k1 + 1) : 0;
      terms.push({
        term: `"${nameKey(query)}" (exact name)`,
        queryFrequency: 1,
        queryWeight: 1,
        idf,
        tf: contribution > 0 ? 1 : 0,
        docLength,
        lengthNorm: 1,
        contribution,
        matched: contribution > 0,
      });
    }
    return { terms, factors: terms.some((t) => t.matched) ? this.factorsFor(query, concepts, doc) : [] };
  }

  /** The whole name as a term: shared by the tools the request names, or by those that spell it verbatim. */
  private exactNameWeight(query: string, doc: number): number {
    const verbatim = this.exactNames.namedVerbatim(query);
    const count = verbatim.includes(doc) ? verbatim.length : this.exactNames.named(query).length;
    return ExactNames.weight(this.ids.length, count, this.settings.k1);
  }

  vocabularyEffect(query: string): VocabularyEffect[] {
    return queryConcepts(query, this.tuning, this.vocabulary)
      .map(({ term, members }) => {
        const sources = new Map(this.vocabulary.relatedWithSource(term).map((r) => [r.term, r.source]));
        for (const r of this.vocabulary.learned(term)) if (!sources.has(r.term)) sources.set(r.term, r.source);
        const related = members
          .slice(1)
          .filter((m) => this.postings.has(m.term))
          .map((m) => ({ term: m.term, source: sources.get(m.term) ?? "glossary", weight: m.weight }));
        return { term, related };
      })
      .filter((effect) => effect.related.length > 0);
  }

  /** The request's state for the multipliers: coverage weights, name and opening hits of the tools it touches. */
  private prepare(query: string, concepts: readonly QueryConcept[]): QueryState {
    const coverage = this.coverageWeights(concepts);
    this.countNameHits(coverage);
    const knownConcepts = this.tuning.openingBoost > 0 ? this.countOpeningHits(concepts) : 0;
    const plurals =
      this.tuning.pluralNameBoost > 0
        ? new Set(concepts.filter((c) => c.plural).map((c) => c.term))
        : new Set<string>();
    const exact = new Set(this.exactNames.named(query));
    const verbatim = new Set(this.exactNames.namedVerbatim(query));
    const reads = isReadRequest(query, concepts);
    const { nameHits, openingHits, namespaceNamed, verbNamed, pluralNamed } = this;
    const stamp = this.nextQueryStamp();
    for (const [term, weight] of coverage) {
      // Namespaces whose every term is an own word of the request: they begin with one.
      if (weight === 1)
        for (const doc of this.namespacePostings.get(term) ?? [])
          if (this.namespaceTerms[doc]!.every((other) => coverage.get(other) === 1)) namespaceNamed[doc] = stamp;
      if (reads ? isChangeTerm(term) : isDestructiveTerm(term))
        for (const doc of this.namePostings.get(term) ?? []) verbNamed[doc] = stamp;
    }
    for (const term of plurals) for (const doc of this.pluralPostings.get(term) ?? []) pluralNamed[doc] = stamp;
    return {
      coverage,
      reads,
      plurals,
      nameHits,
      openingHits,
      knownConcepts,
      exact,
      verbatim,
      stamp,
      namespaceNamed,
      verbNamed,
      pluralNamed,
    };
  }

  /** A new request number for the per-tool marks (numbering starts over, marks cleared, long before it overflows). */
  private nextQueryStamp(): number {
    if (this.queryStamp === 0x3fffffff) {
      this.queryStamp = 0;
      for (const marks of [this.namespaceNamed, this.verbNamed, this.pluralNamed]) marks.fill(0);
    }
    return ++this.queryStamp;
  }

  /** Sets the per-tool counts `prepare` filled back to 0 (`touched`: every tool the request scored). */
  private release(state: QueryState, touched: readonly number[]): void {
    this.countNameHits(state.coverage, true);
    for (const doc of touched) this.openingHits[doc] = 0;
  }

  /** The multipliers `score` applies to this tool's sum of term contributions: the same objects, in the same order. */
  private factorsFor(query: string, concepts: readonly QueryConcept[], doc: number): ScoreFactor[] {
    const state = this.prepare(query, concepts);
    const factors: ScoreFactor[] = [];
    for (const multiplier of this.multipliers.all) {
      const factor = multiplier.factor(state, doc);
      if (factor !== 1) factors.push({ kind: multiplier.kind, factor, detail: multiplier.detail(state, doc) });
    }
    this.countNameHits(state.coverage, true);
    this.openingHits.fill(0);
    return factors;
  }
}
