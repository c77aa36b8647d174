// Document lists kept in document order, as a build from scratch appends them, so that an index updated in
// place (one document replaced) holds exactly the lists a fresh build of the same documents would.

/** Inserts `doc` into the ascending list (appending when it is the largest, as a build does). */
export function insertDoc(list: number[], doc: number): void {
  const last = list.length - 1;
  // A build appends; push is several times cheaper than splice at the end.
  if (last < 0 || list[last]! < doc) {
    list.push(doc);
    return;
  }
  let at = list.length;
  while (at > 0 && list[at - 1]! > doc) at--;
  if (list[at - 1] !== doc) list.splice(at, 0, doc);
}

/** Removes `doc` from the ascending list, if present. */
export function removeDoc(list: number[], doc: number): void {
  const at = list.indexOf(doc);
  if (at >= 0) list.splice(at, 1);
}

/** A term's postings: documents ascending, their term frequencies and BM25 tf weights. */
export interface TypedPostings {
  docs: Int32Array;
  tfs: Float64Array;
  weights: Float64Array;
}

/** The postings with `doc` at frequency `tf` (replacing its entry, or inserted in document order); weights follow later. */
export function withDoc(list: TypedPostings | undefined, doc: number, tf: number): TypedPostings {
  const docs = list ? Array.from(list.docs) : [];
  const tfs = list ? Array.from(list.tfs) : [];
  let at = docs.findIndex((other) => other >= doc);
  if (at < 0) at = docs.length;
  if (docs[at] === doc) tfs[at] = tf;
  else {
    docs.splice(at, 0, doc);
    tfs.splice(at, 0, tf);
  }
  return { docs: Int32Array.from(docs), tfs: Float64Array.from(tfs), weights: new Float64Array(docs.length) };
}

/** The postings without `doc`, or undefined when no document is left. */
export function withoutDoc(list: TypedPostings, doc: number): TypedPostings | undefined {
  const at = list.docs.indexOf(doc);
  if (at < 0) return list;
  if (list.docs.length === 1) return undefined;
  const keep = (_: number, i: number) => i !== at;
  return { docs: list.docs.filter(keep), tfs: list.tfs.filter(keep), weights: list.weights.filter(keep) };
}

/**
 * A build's postings, collected document by document (documents ascending) into flat arrays and cut into per-term
 * postings by one counting sort at the end: each term's lists are views of three shared buffers, where growing a
 * pair of arrays per term and copying them into typed arrays cost a tenth of a build.
 */
export class PostingsBuilder {
  private docs = new Int32Array(4096);
  private terms = new Int32Array(4096);
  private tfs = new Float64Array(4096);
  private size = 0;

  /** Term `term` (an id from 0) occurs in `doc` with frequency `tf`; `doc` never decreases between calls. */
  add(doc: number, term: number, tf: number): void {
    if (this.size === this.docs.length) {
      const grow = <T extends Int32Array | Float64Array>(from: T, to: T): T => (to.set(from), to);
      this.docs = grow(this.docs, new Int32Array(this.size * 2));
      this.terms = grow(this.terms, new Int32Array(this.size * 2));
      this.tfs = grow(this.tfs, new Float64Array(this.size * 2));
    }
    this.docs[this.size] = doc;
    this.terms[this.size] = term;
    this.tfs[this.size++] = tf;
  }

  /** The postings of terms 0 … termCount − 1, documents ascending (weights left at 0). */
  build(termCount: number): TypedPostings[] {
    const { docs, terms, tfs, size } = this;
    const starts = new Int32Array(termCount + 1);
    for (let i = 0; i < size; i++) starts[terms[i]! + 1]!++;
    for (let term = 0; term < termCount; term++) starts[term + 1]! += starts[term]!;
    const next = starts.slice(0, termCount);
    const allDocs = new Int32Array(size);
    const allTfs = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      const at = next[terms[i]!]!++;
      allDocs[at] = docs[i]!;
      allTfs[at] = tfs[i]!;
    }
    const allWeights = new Float64Array(size);
    const out: TypedPostings[] = [];
    for (let term = 0; term < termCount; term++) {
      const start = starts[term]!;
      const end = starts[term + 1]!;
      out.push({
        docs: allDocs.subarray(start, end),
        tfs: allTfs.subarray(start, end),
        weights: allWeights.subarray(start, end),
      });
    }
    return out;
  }
}
