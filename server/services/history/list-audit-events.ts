import "server-only";
import type { Catalog, Prisma, PrismaClient } from "@prisma/client";
import { queryRows } from "../../db/sql-source";
import { isNoOpEvent } from "./event-fields";
import { HISTORY_TYPE_PREFIXES, type HistoryType } from "./history-filters";

const select = {
  id: true,
  at: true,
  actorLabel: true,
  action: true,
  targetType: true,
  targetId: true,
  before: true,
  after: true,
} satisfies Prisma.AuditEventSelect;

export interface ListAuditEventsOptions {
  db: PrismaClient;
  catalog: Catalog;
  /** One target's events (a tool's id). */
  targetId?: string | null;
  /** A tool's id (`namespace.name`): its events, including those recorded before a rename or after a delete. */
  toolKey?: string | null;
  /** One person's events, by the name the history shows. */
  actor?: string | null;
  type?: HistoryType | null;
  /** The last id of the previous page. */
  cursor?: string | null;
  limit?: number;
}

function whereOf({ catalog, targetId, toolKey, actor, type }: ListAuditEventsOptions): Prisma.AuditEventWhereInput {
  const where: Prisma.AuditEventWhereInput[] = [{ catalogId: catalog.id }];
  if (targetId) where.push({ targetId });
  if (actor) where.push({ actorLabel: actor });
  if (type) where.push({ action: { startsWith: HISTORY_TYPE_PREFIXES[type] } });
  if (toolKey) {
    where.push({ targetType: "tool" });
    where.push({ OR: [{ after: { path: ["key"], equals: toolKey } }, { before: { path: ["key"], equals: toolKey } }] });
  }
  return { AND: where };
}

/** The group ids of events of one change made at once (an import), by event id; plain SQL (migration 0018). */
async function groupIdsOf(db: PrismaClient, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; groupId: string }>(
    db,
    `SELECT "id", "groupId" FROM "AuditEvent" WHERE "id" IN (SELECT jsonb_array_elements_text($1::jsonb)) AND "groupId" IS NOT NULL`,
    [JSON.stringify(ids)],
  );
  return new Map(rows.map((row) => [row.id, row.groupId]));
}

/**
 * A catalog's history, newest first, filtered by target, tool id, person and type. Updates that changed
 * nothing are left out (a page may then hold fewer than `limit`; the cursor still moves on). `people` lists
 * everyone with an event in the catalog, for the person filter.
 */
export async function listAuditEvents(options: ListAuditEventsOptions) {
  const { db, catalog, cursor, limit = 50 } = options;
  const [rows, people] = await Promise.all([
    db.auditEvent.findMany({
      where: whereOf(options),
      select,
      orderBy: [{ at: "desc" }, { id: "desc" }],
      take: limit + 1,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    }),
    db.auditEvent.findMany({
      where: { catalogId: catalog.id },
      distinct: ["actorLabel"],
      select: { actorLabel: true },
      orderBy: { actorLabel: "asc" },
    }),
  ]);
  const groups = await groupIdsOf(
    db,
    rows.slice(0, limit).map((row) => row.id),
  );
  const page = rows.slice(0, limit).map((row) => ({
    ...row,
    before: row.before as unknown,
    after: row.after as unknown,
    groupId: groups.get(row.id) ?? null,
  }));
  return {
    events: page.filter((event) => !isNoOpEvent(event)),
    nextCursor: rows.length > limit ? page[page.length - 1]!.id : null,
    people: people.map((p) => p.actorLabel).filter(Boolean),
  };
}
