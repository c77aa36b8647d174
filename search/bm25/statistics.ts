// Corpus statistics, kept apart from scoring (tantivy's Bm25StatisticsProvider idea): a scorer asks a
// provider for N, avgdl and document frequencies, so a draft can be scored against any corpus.

export interface Bm25Statistics<Term> {
  /** N: documents in the corpus (unique ids). */
  readonly documentCount: number;
  /** avgdl: mean analysed length. */
  readonly averageDocumentLength: number;
  /** n(t): documents containing `term`. */
  documentFrequency(term: Term): number;
}

export class CorpusStatistics<Term> implements Bm25Statistics<Term> {
  constructor(
    readonly documentCount: number,
    readonly averageDocumentLength: number,
    private readonly frequencies: ReadonlyMap<Term, number>,
  ) {}

  documentFrequency(term: Term): number {
    return this.frequencies.get(term) ?? 0;
  }

  get vocabularySize(): number {
    return this.frequencies.size;
  }
}
