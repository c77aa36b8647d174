// What the TypeScript SDK's ranking answers on every labelled set (search/testing/sets/manifest.json, some under
// ../shared/corpus), written per catalog for the Python SDK's check (python/tests/test_stockroom_ranking.py): the
// catalog's documents and, for every query, its top 8 hits as `catalog.search` returns them (without `tool`), with
// the default vocabulary and with the learned pack added (`learnedHits`, ranked with `learnedVocabulary`).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createSearchIndex, currentPacks, type SearchHit, type SearchIndex } from "../../search/index";
import { readCatalog, readManifest, readSetQueries, type CatalogId } from "../../search/testing/labelled-sets";

const LEARNED_VOCABULARY = { packs: currentPacks(["general", "popular-servers", "learned"]), lines: "" };

export function writeStockroomRankings(dir: string): number {
  const byCatalog = new Map<CatalogId, Array<{ query: string; hits: SearchHit[]; learnedHits: SearchHit[] }>>();
  const indexes = new Map<CatalogId, { index: SearchIndex; learned: SearchIndex }>();
  for (const set of readManifest()) {
    const docs = readCatalog(set.catalog);
    // One index of each kind per catalog, not per set (18 sets over 3 catalogs).
    let built = indexes.get(set.catalog);
    if (!built) {
      built = {
        index: createSearchIndex(docs, { profile: "stockroom" }),
        learned: createSearchIndex(docs, { profile: "stockroom", vocabulary: LEARNED_VOCABULARY }),
      };
      indexes.set(set.catalog, built);
    }
    const { index, learned } = built;
    let queries = byCatalog.get(set.catalog);
    if (!queries) byCatalog.set(set.catalog, (queries = []));
    for (const { query } of readSetQueries(set))
      queries.push({ query, hits: index.search(query, 8), learnedHits: learned.search(query, 8) });
  }
  let count = 0;
  for (const [catalog, queries] of byCatalog) {
    const data = { docs: readCatalog(catalog), learnedVocabulary: LEARNED_VOCABULARY, queries };
    writeFileSync(path.join(dir, `${catalog}.json`), JSON.stringify(data));
    count += queries.length;
  }
  return count;
}
