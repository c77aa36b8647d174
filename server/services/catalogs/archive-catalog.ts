import "server-only";
import type { Catalog, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, recordAuditEvents, type AuditActor } from "../history/record-audit-event";
import { invalidateAgentAccess, notifyAgentAccessChange } from "../tokens/access-cache";

/**
 * "Deletes" a catalog by archiving it: it leaves every list and page, its published snapshots stay in the
 * database, and its agent tokens are revoked at commit in every process (owners still see them, as revoked).
 * `confirm` must repeat the slug.
 */
export async function archiveCatalog({
  db,
  catalog,
  actor,
  confirm,
}: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  confirm: string;
}) {
  if (confirm.trim() !== catalog.slug) {
    throw new AppError("INVALID_INPUT", `Type the catalog's slug "${catalog.slug}" to confirm.`, {
      fields: { confirm: "does not match" },
    });
  }
  const now = new Date();
  const result = await db.$transaction(async (tx) => {
    const archived = await tx.catalog.updateMany({
      where: { id: catalog.id, archivedAt: null },
      data: { archivedAt: now, revision: { increment: 1 } },
    });
    if (archived.count === 0) throw new AppError("NOT_FOUND", "This catalog is already archived.");
    const snapshots = await tx.snapshot.count({ where: { catalogId: catalog.id } });
    const tokens = await tx.agentToken.updateManyAndReturn({
      where: { catalogId: catalog.id, revokedAt: null },
      data: { revokedAt: now },
      select: { id: true, name: true, prefix: true },
    });
    const event = { teamId: catalog.teamId, catalogId: catalog.id, actor };
    await recordAuditEvent({
      db: tx,
      ...event,
      action: "catalog.archived",
      targetType: "catalog",
      targetId: catalog.id,
      before: { slug: catalog.slug, name: catalog.name },
      after: { archived: true, snapshotsKept: snapshots, tokensRevoked: tokens.length },
    });
    await recordAuditEvents(
      tx,
      tokens.map((token) => ({
        ...event,
        action: "agent_token.revoked",
        targetType: "agent_token",
        targetId: token.id,
        before: { name: token.name, prefix: token.prefix, catalog: catalog.slug },
        after: { reason: "catalog archived" },
      })),
    );
    await notifyAgentAccessChange(tx); // other processes drop their cached access at commit
    return { slug: catalog.slug, snapshotsKept: snapshots, tokensRevoked: tokens.length };
  });
  invalidateAgentAccess();
  return result;
}
