import "server-only";
import type { Catalog, PrismaClient, Team } from "@prisma/client";
import type { EngineProfile, SearchIndex } from "@/search/index";
import { snapshotContentSchema, type SnapshotContent, type SnapshotTool } from "@/sdk/snapshot";
import { createSnapshotIndex, snapshotIndexDocs } from "@/sdk/snapshot-index";
import { AppError } from "../../errors";
import { loadDraftContent } from "../snapshots/draft-cache";

type Db = Pick<PrismaClient, "snapshot" | "$queryRawUnsafe">;

/** What a playground column ranks: the draft (version null) or one published snapshot. */
export interface RankingSource {
  version: number | null;
  content: SnapshotContent;
  toolsById: Map<string, SnapshotTool>;
  /** The index for `profile` (default: the source's own), built once per source and profile. */
  index(profile?: EngineProfile): SearchIndex;
  /** Anything derived from this exact content (token counts, …), computed once. */
  memo<T>(key: string, build: () => T): T;
}

interface Entry {
  source: Promise<RankingSource>;
  lastUsed: number;
}

/** Built sources kept per server process: a 5,000-tool draft takes ~100 ms to build, a query < 10 ms. */
const MAX_ENTRIES = 24;
const cache = new Map<string, Entry>();
let builds = 0;

/** How many sources were built (not served from the cache) since start: tests check typing does not rebuild. */
export function rankingSourceBuilds(): number {
  return builds;
}

/** Each source's built indexes, so the next draft can take them over (takeIndexes). */
const sourceIndexes = new WeakMap<RankingSource, Map<EngineProfile, SearchIndex>>();

/**
 * The previous draft's indexes brought in place to `content` (edited tools: no rebuild), moved out of `previous`
 * so it builds its own again if still asked; none when the engine settings changed or an index cannot update
 * (tools added, removed or renamed).
 */
function takeIndexes(previous: RankingSource, content: SnapshotContent): Map<EngineProfile, SearchIndex> {
  const taken = new Map<EngineProfile, SearchIndex>();
  const indexes = sourceIndexes.get(previous);
  if (!indexes || JSON.stringify(previous.content.engine) !== JSON.stringify(content.engine)) return taken;
  const docs = snapshotIndexDocs(content);
  for (const [profile, index] of indexes) if (index.update(docs)) taken.set(profile, index);
  indexes.clear();
  return taken;
}

function makeSource(version: number | null, content: SnapshotContent, indexes = new Map<EngineProfile, SearchIndex>()): RankingSource {
  const memos = new Map<string, unknown>();
  const source: RankingSource = {
    version,
    content,
    toolsById: new Map(content.tools.map((tool) => [tool.id, tool])),
    index(profile = content.engine.profile) {
      let index = indexes.get(profile);
      if (!index) {
        index = createSnapshotIndex(profile === content.engine.profile ? content : { ...content, engine: { ...content.engine, profile } });
        indexes.set(profile, index);
      }
      return index;
    },
    memo<T>(key: string, build: () => T): T {
      if (!memos.has(key)) memos.set(key, build());
      return memos.get(key) as T;
    },
  };
  sourceIndexes.set(source, indexes);
  return source;
}

function remember(key: string, build: () => Promise<RankingSource>): Promise<RankingSource> {
  const hit = cache.get(key);
  if (hit) {
    hit.lastUsed = Date.now();
    return hit.source;
  }
  builds++;
  const source = build();
  cache.set(key, { source, lastUsed: Date.now() });
  source.catch(() => cache.delete(key));
  if (cache.size > MAX_ENTRIES) {
    const oldest = [...cache.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0];
    if (oldest) cache.delete(oldest[0]);
  }
  return source;
}

/** Per catalog, the source of its current draft content: the same content object means nothing changed. */
const draftSources = new Map<string, RankingSource>();

/** Forgets every built source and index (benchmarks measure a full rebuild with it). */
export function clearRankingSources(): void {
  cache.clear();
  draftSources.clear();
}

export async function loadDraftSource({ db, team, catalog }: { db: Db; team: Pick<Team, "slug">; catalog: Catalog }): Promise<RankingSource> {
  const content = await loadDraftContent({ db, team, catalog });
  const current = draftSources.get(catalog.id);
  if (current?.content === content) return current;
  builds++;
  const source = makeSource(null, content, current ? takeIndexes(current, content) : undefined);
  draftSources.delete(catalog.id); // re-insert: Map order is the LRU order
  draftSources.set(catalog.id, source);
  while (draftSources.size > MAX_ENTRIES) draftSources.delete(draftSources.keys().next().value!);
  return source;
}

export async function loadSnapshotSource({ db, catalog, version }: { db: Db; catalog: Catalog; version: number }): Promise<RankingSource> {
  // Snapshots are immutable, so (catalog, version) is a complete cache key.
  const key = `snapshot:${catalog.id}:${version}`;
  if (!cache.has(key)) {
    const exists = await db.snapshot.findUnique({ where: { catalogId_version: { catalogId: catalog.id, version } }, select: { id: true } });
    if (!exists) throw new AppError("NOT_FOUND", `Version ${version} of "${catalog.slug}" was never published; pick a version from the list.`);
  }
  return remember(key, async () => {
    const row = await db.snapshot.findUniqueOrThrow({ where: { catalogId_version: { catalogId: catalog.id, version } }, select: { payload: true } });
    return makeSource(version, snapshotContentSchema.parse(row.payload));
  });
}

/** The draft when `version` is null, else that published snapshot. */
export function loadRankingSource(options: { db: Db; team: Pick<Team, "slug">; catalog: Catalog; version: number | null }): Promise<RankingSource> {
  return options.version === null ? loadDraftSource(options) : loadSnapshotSource({ ...options, version: options.version });
}
