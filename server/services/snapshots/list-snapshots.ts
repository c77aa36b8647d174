import type { Prisma, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import type { SnapshotList } from "@/domain/agent-api/schemas";

const SNAPSHOT_SUMMARY_SELECT = {
  version: true,
  contentHash: true,
  publishedAt: true,
  note: true,
  rolledBackFrom: true,
} satisfies Prisma.SnapshotSelect;

/** The catalog's published versions, newest first (an empty list before the first publish). */
export async function listSnapshots({ db, catalogId }: { db: PrismaClient; catalogId: string }): Promise<SnapshotList> {
  const catalog = await db.catalog.findUnique({
    where: { id: catalogId },
    select: {
      slug: true,
      name: true,
      team: { select: { slug: true } },
      snapshots: { select: SNAPSHOT_SUMMARY_SELECT, orderBy: { version: "desc" } },
    },
  });
  if (!catalog) throw new AppError("NOT_FOUND", "This catalog no longer exists.");
  return {
    catalog: { team: catalog.team.slug, slug: catalog.slug, name: catalog.name },
    latestVersion: catalog.snapshots[0]?.version ?? null,
    snapshots: catalog.snapshots.map((s) => ({ ...s, publishedAt: s.publishedAt.toISOString() })),
  };
}
