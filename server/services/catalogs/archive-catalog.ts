import "server-only";
import type { Catalog, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../audit/record-audit-event";

/**
 * "Deletes" a catalog by archiving it: it leaves every list and page, its published snapshots stay
 * (they are immutable and agents may pin them). `confirm` must repeat the slug.
 */
export async function archiveCatalog({ db, catalog, actor, confirm }: { db: PrismaClient; catalog: Catalog; actor: AuditActor; confirm: string }) {
  if (confirm.trim() !== catalog.slug) {
    throw new AppError("INVALID_INPUT", `Type the catalog's slug "${catalog.slug}" to confirm.`, { fields: { confirm: "does not match" } });
  }
  return db.$transaction(async (tx) => {
    const archived = await tx.catalog.updateMany({ where: { id: catalog.id, archivedAt: null }, data: { archivedAt: new Date(), revision: { increment: 1 } } });
    if (archived.count === 0) throw new AppError("NOT_FOUND", "This catalog is already archived.");
    const snapshots = await tx.snapshot.count({ where: { catalogId: catalog.id } });
    await recordAuditEvent({ db: tx, teamId: catalog.teamId, catalogId: catalog.id, actor, action: "catalog.archived", targetType: "catalog", targetId: catalog.id, before: { slug: catalog.slug, name: catalog.name }, after: { archived: true, snapshotsKept: snapshots } });
    return { slug: catalog.slug, snapshotsKept: snapshots };
  });
}
