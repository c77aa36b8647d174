import type { Catalog, Prisma, PrismaClient } from "@prisma/client";
import { snapshotMetricsSchema, type SnapshotMetrics } from "../review/golden-metrics";

export const snapshotHistorySelect = {
  version: true,
  contentHash: true,
  publishedAt: true,
  publishedBy: true,
  note: true,
  reason: true,
  rolledBackFrom: true,
  metrics: true,
} satisfies Prisma.SnapshotSelect;

/** Every published version, newest first, with the metrics recorded when it was published (payloads stay in the database). */
export async function listPublishedVersions({ db, catalog }: { db: PrismaClient; catalog: Catalog }) {
  const rows = await db.snapshot.findMany({
    where: { catalogId: catalog.id },
    select: snapshotHistorySelect,
    orderBy: { version: "desc" },
  });
  return rows.map((row) => {
    const parsed = snapshotMetricsSchema.safeParse(row.metrics);
    return { ...row, metrics: parsed.success ? parsed.data : (null as SnapshotMetrics | null) };
  });
}
