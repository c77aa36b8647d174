// What the TypeScript SDK's ranking answers on every labelled set (search/testing/sets/manifest.json, some under
// ../shared/corpus), written per catalog for the Python SDK's check (python/tests/test_stockroom_ranking.py): the
// catalog's documents and, for every query, its top 8 hits as `catalog.search` returns them (without `tool`).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createSearchIndex, type SearchHit } from "../../search/index";
import { readCatalog, readManifest, readSetQueries, type CatalogId } from "../../search/testing/labelled-sets";

export function writeStockroomRankings(dir: string): number {
  const byCatalog = new Map<CatalogId, Array<{ query: string; hits: SearchHit[] }>>();
  for (const set of readManifest()) {
    const index = createSearchIndex(readCatalog(set.catalog), { profile: "stockroom" });
    let queries = byCatalog.get(set.catalog);
    if (!queries) byCatalog.set(set.catalog, (queries = []));
    for (const { query } of readSetQueries(set)) queries.push({ query, hits: index.search(query, 8) });
  }
  let count = 0;
  for (const [catalog, queries] of byCatalog) {
    writeFileSync(path.join(dir, `${catalog}.json`), JSON.stringify({ docs: readCatalog(catalog), queries }));
    count += queries.length;
  }
  return count;
}
