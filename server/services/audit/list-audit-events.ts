import "server-only";
import type { Catalog, Prisma, PrismaClient } from "@prisma/client";

const select = { id: true, at: true, actorLabel: true, action: true, targetType: true, targetId: true, before: true, after: true } satisfies Prisma.AuditEventSelect;

export interface ListAuditEventsOptions {
  db: PrismaClient;
  catalog: Catalog;
  /** One target (a tool's id). */
  targetId?: string | null;
  /** One person, by the label the events carry (their email). */
  actor?: string | null;
  /** One kind of target: "tool", "golden" (golden queries), "snapshot", "namespace", "catalog", "agent_token". */
  type?: string | null;
  /** The last id of the previous page. */
  cursor?: string | null;
  limit?: number;
}

/** A catalog's history, newest first, filtered by target, person and kind of change. */
export async function listAuditEvents({ db, catalog, targetId, actor, type, cursor, limit = 50 }: ListAuditEventsOptions) {
  const rows = await db.auditEvent.findMany({
    where: { catalogId: catalog.id, ...(targetId ? { targetId } : {}), ...(actor ? { actorLabel: actor } : {}), ...(type ? { action: { startsWith: `${type}.` } } : {}) },
    select,
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: limit + 1,
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
  });
  const events = rows.slice(0, limit).map((row) => ({ ...row, before: row.before as unknown, after: row.after as unknown }));
  return { events, nextCursor: rows.length > limit ? events[events.length - 1]!.id : null };
}

/** The people who appear in a catalog's history, for the filter menu. */
export async function listAuditActors({ db, catalog }: { db: PrismaClient; catalog: Catalog }): Promise<string[]> {
  const rows = await db.auditEvent.findMany({ where: { catalogId: catalog.id }, select: { actorLabel: true }, distinct: ["actorLabel"], orderBy: { actorLabel: "asc" } });
  return rows.map((r) => r.actorLabel).filter(Boolean);
}
