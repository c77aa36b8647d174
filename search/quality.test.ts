// Properties the stockroom profile holds on every labelled set (search/testing/sets/manifest.json); the per-set
// numbers are measured by `npm run bench:quality`, not frozen here.
import { describe, expect, it } from "vitest";
import { createSearchIndex, ENGINE_PROFILES } from "./index";
import { readCatalog, readManifest, readSetQueries } from "./testing/labelled-sets";

/** Largest share of a set's answerable requests (gold not empty) that may come back with no hit at all. */
const MAX_EMPTY_SHARE = 0.01;

describe.each(readManifest().filter((set) => readSetQueries(set).some((q) => q.gold.length > 0)))("on $id", (set) => {
  const queries = readSetQueries(set).filter((q) => q.gold.length > 0);
  const index = createSearchIndex(readCatalog(set.catalog), { profile: "stockroom" });

  it(`returns a hit for all but at most ${MAX_EMPTY_SHARE * 100} % of the answerable requests`, () => {
    const empty = queries.filter((q) => index.search(q.query).length === 0).map((q) => q.query);
    expect(empty.length, `empty: ${empty.join(" | ")}`).toBeLessThanOrEqual(
      Math.floor(MAX_EMPTY_SHARE * queries.length),
    );
  });
});

describe.each(ENGINE_PROFILES)("every tool with a score above 0 is returned, up to the limit (%s)", (profile) => {
  // A slice of the demo catalog keeps the explain-every-tool check affordable; it has weak and strong hits alike.
  const docs = readCatalog("demo").slice(0, 200);
  const index = createSearchIndex(docs, { profile });
  const requests = readSetQueries(readManifest().find((set) => set.id === "heldout10")!).map((q) => q.query);

  it("whatever the match strength: as many hits as tools whose explanation matches a request term", {
    timeout: 60_000,
  }, () => {
    for (const query of requests.slice(0, 12)) {
      const matching = docs.filter((doc) => index.explain(query, doc.id)!.score > 0).length;
      expect(index.search(query, docs.length).length).toBe(matching);
      expect(index.search(query, 3).length).toBe(Math.min(3, matching));
    }
  });
});
