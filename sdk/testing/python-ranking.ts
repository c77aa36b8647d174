// What the TypeScript SDK's ranking answers on every labelled set (search/testing/sets/manifest.json, some under
// ../shared/corpus), with every engine profile and with the stockroom profile plus the learned pack, written per
// variant and catalog for the Python SDK's check (python/tests/test_stockroom_ranking.py):
// `<dir>/<variant>/<catalog>.json` holds the catalog's documents, the vocabulary the variant ranked with (if not the
// default) and, for every query, its top 8 hits as `catalog.search` returns them (without `tool`).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  createSearchIndex,
  currentPacks,
  ENGINE_PROFILES,
  type EngineProfile,
  type SearchHit,
} from "../../search/index";
import { readCatalog, readManifest, readSetQueries, type CatalogId } from "../../search/testing/labelled-sets";

const LEARNED_VOCABULARY = { packs: currentPacks(["general", "popular-servers", "learned"]), lines: "" };

interface Variant {
  name: string;
  profile: EngineProfile;
  vocabulary?: typeof LEARNED_VOCABULARY;
}

/** Every profile as a catalog gets it by default, and the stockroom profile with the learned pack added. */
export const RANKING_VARIANTS: readonly Variant[] = [
  ...ENGINE_PROFILES.map((profile) => ({ name: profile, profile })),
  { name: "stockroom-learned", profile: "stockroom", vocabulary: LEARNED_VOCABULARY },
];

function writeVariantRankings(dir: string, { name, profile, vocabulary }: Variant): number {
  const byCatalog = new Map<CatalogId, Array<{ query: string; hits: SearchHit[] }>>();
  const indexes = new Map<CatalogId, ReturnType<typeof createSearchIndex>>();
  for (const set of readManifest()) {
    // One index per catalog, not per set (18 sets over 3 catalogs).
    let index = indexes.get(set.catalog);
    if (!index)
      indexes.set(set.catalog, (index = createSearchIndex(readCatalog(set.catalog), { profile, vocabulary })));
    let queries = byCatalog.get(set.catalog);
    if (!queries) byCatalog.set(set.catalog, (queries = []));
    for (const { query } of readSetQueries(set)) queries.push({ query, hits: index.search(query, 8) });
  }
  mkdirSync(path.join(dir, name), { recursive: true });
  let count = 0;
  for (const [catalog, queries] of byCatalog) {
    const file = path.join(dir, name, `${catalog}.json`);
    writeFileSync(file, JSON.stringify({ docs: readCatalog(catalog), vocabulary: vocabulary ?? null, queries }));
    count += queries.length;
  }
  return count;
}

/** Writes every variant's rankings under `dir`; returns the number of requests ranked per variant. */
export function writeLabelledRankings(dir: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const variant of RANKING_VARIANTS) counts[variant.name] = writeVariantRankings(dir, variant);
  return counts;
}
