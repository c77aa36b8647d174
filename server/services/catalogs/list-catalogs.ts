import type { PrismaClient, Team } from "@prisma/client";
import type { EngineProfile as DbEngineProfile } from "@prisma/client";
import { ENGINE_PROFILE_DB, invert, type EngineProfile } from "@/domain/vocabulary";
import { findUnpublishedChanges } from "../draft/find-unpublished-changes";

export interface CatalogSummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  engineProfile: EngineProfile;
  defaultLimit: number;
  counts: { direct: number; deferred: number; hidden: number; total: number };
  latestVersion: number | null;
  /** True when the draft changed after the latest version (false when nothing is published yet). */
  hasUnpublishedChanges: boolean;
  /** Sources with the "source changed" mark (a scheduled check found upstream differs). */
  sourcesChanged: number;
  updatedAt: Date;
}

/** The database enum (`codex_bm25`) → the engine's profile id (`codex-bm25`). */
const FROM_DB = invert(ENGINE_PROFILE_DB) satisfies Record<DbEngineProfile, EngineProfile>;
export const toProfile = (value: DbEngineProfile): EngineProfile => FROM_DB[value];

/** The team's live catalogs with tool counts by exposure and the latest published version. */
export async function listCatalogs({ db, team }: { db: PrismaClient; team: Team }): Promise<CatalogSummary[]> {
  const catalogs = await db.catalog.findMany({
    where: { teamId: team.id, archivedAt: null },
    select: {
      id: true,
      slug: true,
      name: true,
      description: true,
      engineProfile: true,
      defaultLimit: true,
      updatedAt: true,
    },
    orderBy: { name: "asc" },
  });
  if (catalogs.length === 0) return [];
  const ids = catalogs.map((c) => c.id);
  const [groups, versions, unpublished, changedSources] = await Promise.all([
    db.tool.groupBy({ by: ["catalogId", "exposure"], where: { catalogId: { in: ids } }, _count: { _all: true } }),
    db.snapshot.groupBy({ by: ["catalogId"], where: { catalogId: { in: ids } }, _max: { version: true } }),
    findUnpublishedChanges({ db, catalogIds: ids }),
    db.namespaceSource.groupBy({
      by: ["catalogId"],
      where: { catalogId: { in: ids }, changedAt: { not: null } },
      _count: { _all: true },
    }),
  ]);
  return catalogs.map((catalog) => {
    const counts = { direct: 0, deferred: 0, hidden: 0, total: 0 };
    for (const g of groups) {
      if (g.catalogId !== catalog.id) continue;
      counts[g.exposure] += g._count._all;
      counts.total += g._count._all;
    }
    const latestVersion = versions.find((v) => v.catalogId === catalog.id)?._max.version ?? null;
    const hasUnpublishedChanges = unpublished.has(catalog.id);
    return {
      ...catalog,
      engineProfile: toProfile(catalog.engineProfile),
      counts,
      latestVersion,
      hasUnpublishedChanges,
      sourcesChanged: changedSources.find((c) => c.catalogId === catalog.id)?._count._all ?? 0,
    };
  });
}
