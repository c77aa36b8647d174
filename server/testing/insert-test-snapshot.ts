import type { Catalog, Prisma, PrismaClient, Team } from "@prisma/client";
import { sealSnapshot, type Snapshot } from "@/domain/snapshot/verify";
import { invalidateAgentAccess } from "../services/tokens/access-cache";
import { buildSnapshotContent } from "../services/draft/build-snapshot-content";

/**
 * For tests: seals the catalog's current draft as `version` and inserts it the way publishing stores it
 * (payload = the sealed snapshot). Not a substitute for publishing; it skips metrics and audit.
 */
export async function insertTestSnapshot(
  db: PrismaClient,
  team: Pick<Team, "slug">,
  catalog: Catalog,
  version: number,
  publishedAt = new Date(),
): Promise<Snapshot> {
  const sealed = await sealSnapshot(await buildSnapshotContent({ db, team, catalog }), version, publishedAt);
  await db.snapshot.create({
    data: {
      catalogId: catalog.id,
      version,
      contentHash: sealed.contentHash,
      payload: sealed as unknown as Prisma.InputJsonValue,
      publishedAt,
      note: `v${version}`,
      metrics: {},
    },
  });
  invalidateAgentAccess();
  return sealed;
}
