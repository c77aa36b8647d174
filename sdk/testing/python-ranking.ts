// What the TypeScript SDK's ranking answers on every labelled set (search/testing/sets/manifest.json, some under
// ../shared/corpus), with every engine profile, written per profile and catalog for the Python SDK's check
// (python/tests/test_stockroom_ranking.py): `<dir>/<profile>/<catalog>.json` holds the catalog's documents and, for
// every query, its top 8 hits as `catalog.search` returns them (without `tool`).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createSearchIndex, ENGINE_PROFILES, type EngineProfile, type SearchHit } from "../../search/index";
import { readCatalog, readManifest, readSetQueries, type CatalogId } from "../../search/testing/labelled-sets";

function writeProfileRankings(dir: string, profile: EngineProfile): number {
  const byCatalog = new Map<CatalogId, Array<{ query: string; hits: SearchHit[] }>>();
  const indexes = new Map<CatalogId, ReturnType<typeof createSearchIndex>>();
  for (const set of readManifest()) {
    let index = indexes.get(set.catalog);
    if (!index) indexes.set(set.catalog, (index = createSearchIndex(readCatalog(set.catalog), { profile })));
    let queries = byCatalog.get(set.catalog);
    if (!queries) byCatalog.set(set.catalog, (queries = []));
    for (const { query } of readSetQueries(set)) queries.push({ query, hits: index.search(query, 8) });
  }
  mkdirSync(path.join(dir, profile), { recursive: true });
  let count = 0;
  for (const [catalog, queries] of byCatalog) {
    const file = path.join(dir, profile, `${catalog}.json`);
    writeFileSync(file, JSON.stringify({ docs: readCatalog(catalog), queries }));
    count += queries.length;
  }
  return count;
}

/** Writes every profile's rankings under `dir`; returns the number of requests ranked per profile. */
export function writeLabelledRankings(dir: string): Record<EngineProfile, number> {
  const counts = {} as Record<EngineProfile, number>;
  for (const profile of ENGINE_PROFILES) counts[profile] = writeProfileRankings(dir, profile);
  return counts;
}
