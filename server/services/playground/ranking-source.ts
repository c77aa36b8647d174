import "server-only";
import type { Catalog, PrismaClient, Team } from "@prisma/client";
import type { EngineProfile, SearchIndex } from "@/search/index";
import { snapshotContentSchema, type SnapshotContent, type SnapshotTool } from "@/domain/snapshot/verify";
import { createSnapshotIndex, snapshotIndexDocs } from "@/domain/snapshot/snapshot-index";
import { boundedCache } from "../../cache/bounded-cache";
import { sqlRunnerOf } from "../../db/open";
import { AppError } from "../../errors";
import type { LiveRow } from "../draft/build-snapshot-content";
import { loadDraftState } from "../draft/draft-cache";

type Db = PrismaClient;

/** What a playground column ranks: the draft (version null) or one published snapshot. */
export interface RankingSource {
  version: number | null;
  content: SnapshotContent;
  toolsById: Map<string, SnapshotTool>;
  /** The index for `profile` (default: the source's own), built once per source and profile. */
  index(profile?: EngineProfile): SearchIndex;
  /** The draft's: each tool key's row id and revision, read with the content (none for a snapshot). */
  live?: ReadonlyMap<string, LiveRow>;
  /** Anything derived from this exact content (token counts, …), computed once. */
  memo<T>(key: string, build: () => T): T;
}

/**
 * Built sources of published snapshots, kept per server process (a 5,000-tool index takes ~100 ms to build, a
 * query < 10 ms). Snapshots are immutable, so (catalog, version) keys are never stale and nothing clears them.
 */
const snapshotSources = boundedCache<Promise<RankingSource>>({ name: "playground-snapshot-sources", max: 24 });
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

function makeSource(
  version: number | null,
  content: SnapshotContent,
  indexes = new Map<EngineProfile, SearchIndex>(),
  live?: ReadonlyMap<string, LiveRow>,
): RankingSource {
  const memos = new Map<string, unknown>();
  const source: RankingSource = {
    version,
    content,
    live,
    toolsById: new Map(content.tools.map((tool) => [tool.id, tool])),
    index(profile = content.engine.profile) {
      let index = indexes.get(profile);
      if (!index) {
        index = createSnapshotIndex(
          profile === content.engine.profile ? content : { ...content, engine: { ...content.engine, profile } },
        );
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
  return snapshotSources.getOrSet(key, () => {
    builds++;
    return build();
  });
}

/**
 * Per catalog, the source of its current draft content. Checked against the draft cache's content object on every
 * read (a new object means a row changed), so an entry is replaced, never served stale.
 */
const draftSources = boundedCache<RankingSource>({ name: "playground-draft-sources", max: 24 });

/** Forgets every built source and index (benchmarks measure a full rebuild with it). */
export function clearRankingSources(): void {
  snapshotSources.clear();
  draftSources.clear();
}

export async function loadDraftSource({
  db,
  team,
  catalog,
  knownRevision,
}: {
  db: Db;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  /** The draft revision the access check read with the catalog (see loadDraftState). */
  knownRevision?: string | null;
}): Promise<RankingSource> {
  // On the plain driver: every playground keystroke on a changed draft reads its revision.
  const { content, live } = await loadDraftState({ db: sqlRunnerOf(db), team, catalog, knownRevision });
  const current = draftSources.get(catalog.id);
  if (current?.content === content) return current;
  builds++;
  const source = makeSource(null, content, current ? takeIndexes(current, content) : undefined, live);
  draftSources.set(catalog.id, source);
  return source;
}

export async function loadSnapshotSource({
  db,
  catalog,
  version,
}: {
  db: Db;
  catalog: Catalog;
  version: number;
}): Promise<RankingSource> {
  // Snapshots are immutable, so (catalog, version) is a complete cache key.
  const key = `snapshot:${catalog.id}:${version}`;
  if (!snapshotSources.has(key)) {
    const exists = await db.snapshot.findUnique({
      where: { catalogId_version: { catalogId: catalog.id, version } },
      select: { id: true },
    });
    if (!exists)
      throw new AppError(
        "NOT_FOUND",
        `Version ${version} of "${catalog.slug}" was never published; pick a version from the list.`,
      );
  }
  return remember(key, async () => {
    const row = await db.snapshot.findUniqueOrThrow({
      where: { catalogId_version: { catalogId: catalog.id, version } },
      select: { payload: true },
    });
    return makeSource(version, snapshotContentSchema.parse(row.payload));
  });
}

/** The draft when `version` is null, else that published snapshot. */
export function loadRankingSource(options: {
  db: Db;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  version: number | null;
  knownRevision?: string | null;
}): Promise<RankingSource> {
  return options.version === null
    ? loadDraftSource(options)
    : loadSnapshotSource({ ...options, version: options.version });
}
