import "server-only";
import { Prisma, type Catalog, type Exposure, type Fallback, type PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { newGroupId, recordAuditEvents, type AuditActor, type AuditEventInput } from "../history/record-audit-event";
import { resolveNamespace } from "../namespaces/resolve-namespace";
import { toolKey } from "./tool-shape";
import { BULK_TOOL_LIMIT } from "@/domain/vocabulary";

/** A bulk change's selection: at least one tool, at most BULK_TOOL_LIMIT. */
export function assertBulkSelection(items: readonly unknown[]): void {
  if (items.length === 0) throw new AppError("INVALID_INPUT", "Select at least one tool.");
  if (items.length > BULK_TOOL_LIMIT)
    throw new AppError("INVALID_INPUT", `Select at most ${BULK_TOOL_LIMIT} tools at once.`);
}

export interface BulkUpdateToolsOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  /** Each selected tool with the revision the list showed. */
  items: Array<{ id: string; revision: number }>;
  patch: { exposure?: Exposure; fallback?: Fallback; namespace?: string | null };
}

interface LockedRow {
  id: string;
  key: string;
  name: string;
  revision: number;
  exposure: Exposure;
  fallback: Fallback;
  namespace: string | null;
}

const list = (keys: string[]) => keys.slice(0, 5).join(", ") + (keys.length > 5 ? `, … (${keys.length} in all)` : "");

type Tx = Prisma.TransactionClient;
/** `groupId`: the History group of the whole change, a namespace the move creates included (a revert removes it). */
type BulkContext = Omit<BulkUpdateToolsOptions, "db" | "items"> & { tx: Tx; ids: string[]; groupId: string };

/** Locks the selected rows; every one must still exist and be at the revision the list showed. */
async function lockSelected(
  tx: Tx,
  catalog: Catalog,
  ids: string[],
  expected: Map<string, number>,
): Promise<LockedRow[]> {
  const rows = await tx.$queryRaw<LockedRow[]>`
    SELECT t.id, t.key, t.name, t.revision, t.exposure::text AS exposure, t.fallback::text AS fallback, n.name AS namespace
    FROM "Tool" t LEFT JOIN "Namespace" n ON n.id = t."namespaceId"
    WHERE t."catalogId" = ${catalog.id} AND t.id IN (${Prisma.join(ids)})
    FOR UPDATE OF t`;
  if (rows.length !== ids.length) {
    throw new AppError(
      "NOT_FOUND",
      `${ids.length - rows.length} of the selected tools no longer exist; reload the list.`,
    );
  }
  const stale = rows.filter((r) => r.revision !== expected.get(r.id));
  if (stale.length > 0) {
    throw new AppError(
      "CONFLICT",
      `${stale.length} of the selected tools were changed by someone else since you loaded the list (${list(stale.map((r) => r.key))}); reload and try again.`,
      {
        stale: stale.map((r) => ({ id: r.id, key: r.key, revision: r.revision })),
      },
    );
  }
  return rows;
}

/** Moves the rows into `target` (null = no namespace); refuses two tools of one name or a key already taken. */
async function moveToNamespace(
  { tx, catalog, actor, ids, groupId }: BulkContext,
  rows: LockedRow[],
  target: string | null,
) {
  const names = new Map<string, number>();
  for (const r of rows) names.set(r.name, (names.get(r.name) ?? 0) + 1);
  const twins = [...names].filter(([, n]) => n > 1).map(([name]) => name);
  if (twins.length > 0)
    throw new AppError("CONFLICT", `Several selected tools are named ${list(twins)}; they cannot share one namespace.`);
  const newKeys = rows.map((r) => toolKey(target, r.name));
  const clashes = await tx.tool.findMany({
    where: { catalogId: catalog.id, key: { in: newKeys }, id: { notIn: ids } },
    select: { key: true },
  });
  if (clashes.length > 0)
    throw new AppError(
      "CONFLICT",
      `The target namespace already has ${list(clashes.map((c) => c.key))}; rename those first.`,
    );
  const namespace = await resolveNamespace(tx, { catalog, actor }, target, groupId);
  await tx.$executeRaw`
    UPDATE "Tool" SET "namespaceId" = ${namespace?.id ?? null},
      key = CASE WHEN ${target}::text IS NULL THEN name ELSE ${target}::text || '.' || name END
    WHERE id IN (${Prisma.join(ids)})`;
}

/** The summary a bulk change's events are grouped under in History (its Revert undoes them all). */
export function bulkHead(
  catalog: Pick<Catalog, "id" | "teamId">,
  actor: AuditActor,
  groupId: string,
  after: { fields: string[]; tools: number },
): AuditEventInput {
  return {
    teamId: catalog.teamId,
    catalogId: catalog.id,
    actor,
    groupId,
    action: "catalog.bulk_changed",
    targetType: "catalog",
    targetId: catalog.id,
    after,
  };
}

/** One tool.updated event per row, with the changed fields before and after, in one History group. */
async function auditBulkUpdate({ tx, catalog, actor, patch, groupId }: BulkContext, rows: LockedRow[]) {
  const fields = (["exposure", "fallback", "namespace"] as const).filter((f) => patch[f] !== undefined);
  await recordAuditEvents(tx, [
    bulkHead(catalog, actor, groupId, { fields, tools: rows.length }),
    ...rows.map((r) => ({
      groupId,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "tool.updated",
      targetType: "tool",
      targetId: r.id,
      before: { key: r.key, revision: r.revision, ...Object.fromEntries(fields.map((f) => [f, r[f]])) },
      after: {
        key: patch.namespace !== undefined ? toolKey(patch.namespace, r.name) : r.key,
        revision: r.revision + 1,
        ...Object.fromEntries(fields.map((f) => [f, patch[f]])),
        bulk: true,
      },
    })),
  ]);
  return groupId;
}

/**
 * Changes exposure/fallback or namespace of many tools at once, all or nothing: every selected tool must still
 * be at the revision the list showed (rows are locked first), and moved tools must not clash by name.
 */
export async function bulkUpdateTools({ db, catalog, actor, items, patch }: BulkUpdateToolsOptions) {
  assertBulkSelection(items);
  if (patch.exposure === undefined && patch.fallback === undefined && patch.namespace === undefined) {
    throw new AppError("INVALID_INPUT", "Choose an exposure, a fallback or a namespace to apply.");
  }
  const ids = [...new Set(items.map((i) => i.id))];
  const expected = new Map(items.map((i) => [i.id, i.revision]));
  return db.$transaction(
    async (tx) => {
      const ctx: BulkContext = { tx, catalog, actor, patch, ids, groupId: newGroupId() };
      const rows = await lockSelected(tx, catalog, ids, expected);
      if (patch.exposure !== undefined || patch.fallback !== undefined) {
        await tx.tool.updateMany({
          where: { id: { in: ids } },
          data: {
            ...(patch.exposure ? { exposure: patch.exposure } : {}),
            ...(patch.fallback ? { fallback: patch.fallback } : {}),
          },
        });
      }
      if (patch.namespace !== undefined) await moveToNamespace(ctx, rows, patch.namespace);
      await tx.$executeRaw`UPDATE "Tool" SET revision = revision + 1, "updatedAt" = (now() AT TIME ZONE 'UTC') WHERE id IN (${Prisma.join(ids)})`;
      const groupId = await auditBulkUpdate(ctx, rows);
      return { updated: rows.length, groupId };
    },
    { timeout: 60_000 },
  );
}
