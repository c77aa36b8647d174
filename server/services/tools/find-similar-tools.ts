import "server-only";
import type { Catalog, PrismaClient } from "@prisma/client";
import { analyzeText, effectiveSearchText, textSimilarity } from "@/search/index";
import { boundedCache } from "../../cache/bounded-cache";
import { toProfile } from "../catalogs/list-catalogs";
import { searchTextInput, toolSelect } from "./tool-shape";

/** Cosine similarity of analysed tokens above which BM25 can hardly tell two tools apart. */
export const NEAR_IDENTICAL = 0.9;

interface IndexedDoc {
  id: string;
  key: string;
  tokens: string[];
}

// Analysing 5,000 search texts on every keystroke would be wasteful: the deferred corpus of a catalog is kept
// until its fingerprint (count and latest change of tools and namespaces, read on every call) moves, so a
// change in any process replaces the entry on the next read.
const cache = boundedCache<{ fingerprint: string; docs: IndexedDoc[] }>({ name: "similar-tool-corpora", max: 16 });

async function deferredDocs(db: PrismaClient, catalog: Catalog): Promise<IndexedDoc[]> {
  const [tools, namespaces] = await Promise.all([
    db.tool.aggregate({ where: { catalogId: catalog.id }, _count: { _all: true }, _max: { updatedAt: true } }),
    db.namespace.aggregate({ where: { catalogId: catalog.id }, _count: { _all: true }, _max: { updatedAt: true } }),
  ]);
  const fingerprint = [
    catalog.engineProfile,
    tools._count._all,
    tools._max.updatedAt?.getTime(),
    namespaces._count._all,
    namespaces._max.updatedAt?.getTime(),
  ].join(":");
  const hit = cache.get(catalog.id);
  if (hit?.fingerprint === fingerprint) return hit.docs;
  const rows = await db.tool.findMany({ where: { catalogId: catalog.id, exposure: "deferred" }, select: toolSelect });
  const profile = toProfile(catalog.engineProfile);
  const docs = rows.map((row) => ({
    id: row.id,
    key: row.key,
    tokens: analyzeText(effectiveSearchText(searchTextInput(row)), profile),
  }));
  cache.set(catalog.id, { fingerprint, docs });
  return docs;
}

/**
 * Deferred tools whose effective search text is nearly identical to `text` (the edited tool's, as typed),
 * most similar first; `id` (the tool being edited) is left out.
 */
export async function findSimilarTools({
  db,
  catalog,
  id,
  text,
  limit = 5,
}: {
  db: PrismaClient;
  catalog: Catalog;
  id?: string | null;
  text: string;
  limit?: number;
}) {
  const tokens = analyzeText(text, toProfile(catalog.engineProfile));
  if (tokens.length === 0) return [];
  const docs = await deferredDocs(db, catalog);
  const similar: Array<{ id: string; key: string; similarity: number }> = [];
  for (const doc of docs) {
    if (doc.id === id) continue;
    const similarity = textSimilarity(tokens, doc.tokens);
    if (similarity >= NEAR_IDENTICAL)
      similar.push({ id: doc.id, key: doc.key, similarity: Math.round(similarity * 1000) / 1000 });
  }
  return similar.sort((a, b) => b.similarity - a.similarity || a.key.localeCompare(b.key)).slice(0, limit);
}
