// Document lists kept in document order, as a build from scratch appends them, so that an index updated in
// place (one document replaced) holds exactly the lists a fresh build of the same documents would.

/** Inserts `doc` into the ascending list (appending when it is the largest, as a build does). */
export function insertDoc(list: number[], doc: number): void {
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
