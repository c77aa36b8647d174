import "server-only";
import type { Catalog, PrismaClient, Team } from "@prisma/client";
import type { EngineProfile, SearchIndex } from "@/search/index";
import { snapshotContentSchema, type SnapshotContent, type SnapshotTool } from "@/sdk/snapshot";
import { createSnapshotIndex } from "@/sdk/snapshot-index";
import { AppError } from "../../errors";
import { readDraft, refreshDraft, type DraftState } from "../snapshots/build-snapshot-content";

type Db = Pick<PrismaClient, "tool" | "namespace" | "snapshot" | "$queryRawUnsafe">;

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
/** The draft key currently cached for each catalog, so an edit evicts the stale build at once. */
const draftKeys = new Map<string, string>();
let builds = 0;

/** How many sources were built (not served from the cache) since start: tests check typing does not rebuild. */
export function rankingSourceBuilds(): number {
  return builds;
}

function makeSource(version: number | null, content: SnapshotContent): RankingSource {
  const indexes = new Map<EngineProfile, SearchIndex>();
  const memos = new Map<string, unknown>();
  return {
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

interface DraftFingerprint {
  /** Changes with any create, edit or delete of a tool or namespace, and with catalog settings. */
  key: string;
  /** The part only tool writes change: when nothing else moved, the draft can be patched (refreshDraft). */
  tools: { toolCount: number; revisionSum: number };
  /** Catalog and namespace parts: when these move, the draft is read whole. */
  rest: string;
}

/**
 * A cheap fingerprint of everything the draft content is built from. Every tool or namespace write bumps its
 * revision, so count + sum of revisions + latest update changes with any create, edit or delete.
 */
export async function draftFingerprint(db: Db, catalog: Catalog): Promise<DraftFingerprint> {
  const [tools, namespaces] = await Promise.all([
    db.tool.aggregate({ where: { catalogId: catalog.id }, _count: { _all: true }, _sum: { revision: true }, _max: { updatedAt: true } }),
    db.namespace.aggregate({ where: { catalogId: catalog.id }, _count: { _all: true }, _sum: { revision: true }, _max: { updatedAt: true } }),
  ]);
  const toolParts = { toolCount: tools._count._all, revisionSum: tools._sum.revision ?? 0 };
  const rest = [
    catalog.revision,
    catalog.updatedAt.getTime(),
    catalog.slug,
    namespaces._count._all,
    namespaces._sum.revision ?? 0,
    namespaces._max.updatedAt?.getTime() ?? 0,
  ].join(":");
  return { key: `${rest}:${toolParts.toolCount}:${toolParts.revisionSum}:${tools._max.updatedAt?.getTime() ?? 0}`, tools: toolParts, rest };
}

/** Per catalog, the last draft read and the fingerprint it was read at, so an edit reads only what changed. */
const drafts = new Map<string, { rest: string; team: string; state: Promise<DraftState> }>();
const MAX_DRAFTS = 64;

export async function loadDraftSource({ db, team, catalog }: { db: Db; team: Pick<Team, "slug">; catalog: Catalog }): Promise<RankingSource> {
  const fingerprint = await draftFingerprint(db, catalog);
  const key = `draft:${catalog.id}:${team.slug}:${fingerprint.key}`;
  const previous = draftKeys.get(catalog.id);
  if (previous && previous !== key) cache.delete(previous);
  draftKeys.set(catalog.id, key);
  return remember(key, async () => {
    const last = drafts.get(catalog.id);
    const options = { db, team, catalog };
    const canPatch = last && last.rest === fingerprint.rest && last.team === team.slug;
    const state = canPatch ? last.state.then((state) => refreshDraft(options, state, fingerprint.tools), () => readDraft(options)) : readDraft(options);
    drafts.delete(catalog.id);
    drafts.set(catalog.id, { rest: fingerprint.rest, team: team.slug, state });
    if (drafts.size > MAX_DRAFTS) drafts.delete(drafts.keys().next().value!);
    state.catch(() => {
      if (drafts.get(catalog.id)?.state === state) drafts.delete(catalog.id);
    });
    return makeSource(null, (await state).content);
  });
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
