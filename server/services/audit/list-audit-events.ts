import "server-only";
import type { Catalog, Prisma, PrismaClient } from "@prisma/client";

const select = { id: true, at: true, actorLabel: true, action: true, targetType: true, targetId: true, before: true, after: true } satisfies Prisma.AuditEventSelect;

/** A catalog's history, newest first, optionally of one target (a tool's id); `cursor` is the last id of the previous page. */
export async function listAuditEvents({ db, catalog, targetId, cursor, limit = 50 }: { db: PrismaClient; catalog: Catalog; targetId?: string | null; cursor?: string | null; limit?: number }) {
  const rows = await db.auditEvent.findMany({
    where: { catalogId: catalog.id, ...(targetId ? { targetId } : {}) },
    select,
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: limit + 1,
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
  });
  const events = rows.slice(0, limit).map((row) => ({ ...row, before: row.before as unknown, after: row.after as unknown }));
  return { events, nextCursor: rows.length > limit ? events[events.length - 1]!.id : null };
}
