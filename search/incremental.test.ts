// An index updated in place ranks exactly as a fresh build of the same documents: random edits (text, name,
// namespace) on the demo catalog, for every profile; adds and deletes make `update` refuse, and the caller
// builds anew. Compared on every field of `search`, `explain` of each hit and the request's strength.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSearchIndex, ENGINE_PROFILES, type IndexDoc, type SearchIndex } from "./index";
import { readManifest, readSetQueries, readCatalog } from "./testing/labelled-sets";

const catalog = readCatalog("demo");
const requests = readSetQueries(readManifest().find((set) => set.catalog === "demo")!)
  .slice(0, 30)
  .map((q) => q.query);
const WORDS = ["refund", "invoice", "pull request", "slack", "zorp", "kubernetes pod", "screenshot", "列表", "delete"];

type Edit = { at: number; kind: "text" | "name" | "namespace" | "copy"; word: number; from: number };
type Step = Edit | { kind: "add" | "delete"; at: number; word: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      at: fc.nat(),
      kind: fc.constantFrom("text", "name", "namespace", "copy"),
      word: fc.nat(),
      from: fc.nat(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ at: fc.nat(), kind: fc.constantFrom("add", "delete"), word: fc.nat() }) },
) as fc.Arbitrary<Step>;

function edit(doc: IndexDoc, step: Edit, docs: readonly IndexDoc[]): IndexDoc {
  const word = WORDS[step.word % WORDS.length]!;
  if (step.kind === "text") return { ...doc, text: `${doc.text} ${word}` };
  if (step.kind === "name") return { ...doc, name: `${word.replace(/ /g, "_")}_${doc.name ?? "tool"}` };
  if (step.kind === "namespace") return { ...doc, namespace: word.replace(/ /g, "_") };
  return { ...doc, text: docs[step.from % docs.length]!.text };
}

function apply(docs: IndexDoc[], step: Step): IndexDoc[] {
  const at = step.at % docs.length;
  if (step.kind === "delete") return docs.filter((_, i) => i !== at);
  if (step.kind === "add")
    return [
      ...docs.slice(0, at),
      { id: `added.${step.word}.${docs.length}`, name: `added_${step.word}`, text: WORDS[step.word % WORDS.length]! },
      ...docs.slice(at),
    ];
  return docs.map((doc, i) => (i === at ? edit(doc, step as Edit, docs) : doc));
}

function rankings(index: SearchIndex) {
  return requests.concat(WORDS).map((query) => {
    const hits = index.search(query, 10);
    return { hits, explained: hits.map((hit) => index.explain(query, hit.id)), strength: index.strength(query) };
  });
}

describe.each(ENGINE_PROFILES)("index updated in place (%s)", (profile) => {
  const base = catalog.slice(0, 160);

  it("ranks exactly as a fresh build after random edits, adds and deletes", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 6 }), (steps) => {
        let docs = base;
        let index = createSearchIndex(docs, { profile });
        for (const step of steps) {
          docs = apply(docs, step);
          const updated = index.update(docs);
          expect(updated).toBe(step.kind !== "add" && step.kind !== "delete");
          if (!updated) index = createSearchIndex(docs, { profile });
        }
        expect(rankings(index)).toEqual(rankings(createSearchIndex(docs, { profile })));
      }),
      { numRuns: 20, seed: 20 },
    );
  }, 300_000);

  it("answers a request asked again after an edit from the edited documents, not from the scores before it", () => {
    const index = createSearchIndex(base, { profile });
    const query = "zorp the quarterly ledger";
    const before = index.search(query, 10);
    for (const hit of before) index.explain(query, hit.id);
    const docs = base.map((doc, i) => (i === 7 ? { ...doc, text: `${doc.text} zorp quarterly ledger` } : doc));
    expect(index.update(docs)).toBe(true);
    const fresh = createSearchIndex(docs, { profile });
    const after = index.search(query, 10);
    expect(after[0]?.id).toBe(base[7]!.id);
    expect(after).toEqual(fresh.search(query, 10));
    expect(after.map((hit) => index.explain(query, hit.id))).toEqual(after.map((hit) => fresh.explain(query, hit.id)));
    expect(index.strength(query)).toEqual(fresh.strength(query));
  });

  it("refuses documents in another order, and needs no work when nothing changed", () => {
    const index = createSearchIndex(base, { profile });
    expect(index.update([...base].reverse())).toBe(false);
    expect(index.update(base.map((doc) => ({ ...doc })))).toBe(true);
    expect(rankings(index)).toEqual(rankings(createSearchIndex(base, { profile })));
  });
});
