import "server-only";
import type { Catalog, Prisma, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { resolveNamespace } from "../namespaces/resolve-namespace";
import { findToolRow } from "./get-tool";
import { assertKeyFree, rethrowDuplicate, type ToolInput, type ToolPatch } from "./tool-input";
import {
  auditView,
  toolColumns,
  toolKey,
  toolOwnSelect,
  toolSelect,
  toToolDetail,
  toToolRecord,
  type ToolRecord,
} from "./tool-shape";
import { assertValidTool } from "./validate-tool";

export interface UpdateToolOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  id: string;
  /** The revision the edit was based on; anything else is refused with CONFLICT. */
  revision: number;
  patch: ToolPatch;
}

/** The message every stale write gets, with the current revision (and who wrote it) for the UI's reload/compare. */
export function staleRevision(current: ToolRecord, basedOn: number, changedBy: string | null = null): AppError {
  const who = changedBy ? `, saved by ${changedBy}` : "";
  return new AppError(
    "CONFLICT",
    `"${current.key}" was changed by someone else since you opened it (you edited revision ${basedOn}, it is now ${current.revision}${who}). Reload it or compare before saving again.`,
    { currentRevision: current.revision, current: auditView(current), changedBy },
  );
}

/** Who wrote the tool last, from the audit log (the tool row keeps no author). */
export async function lastEditorOf(
  db: Prisma.TransactionClient,
  catalogId: string,
  toolId: string,
): Promise<string | null> {
  const event = await db.auditEvent.findFirst({
    where: { catalogId, targetId: toolId, targetType: "tool" },
    orderBy: { at: "desc" },
    select: { actorLabel: true },
  });
  return event?.actorLabel || null;
}

// Key order counts: schemas are stored as written and models read properties in that order.
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the fields whose value actually changes. */
export function changedFields(before: ToolRecord, patch: ToolPatch): ToolPatch {
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (!sameJson(before[field as keyof ToolInput], value)) changed[field] = value;
  }
  return changed as ToolPatch;
}

/** Strict mode is checked against the parameters it will apply to, changed or not. */
function assertValidChanges(before: ToolRecord, changes: ToolPatch) {
  const toCheck: ToolPatch = { ...changes };
  if (changes.strict !== undefined || changes.parameters !== undefined) {
    toCheck.strict = changes.strict ?? before.strict;
    toCheck.parameters = changes.parameters ?? before.parameters;
  }
  assertValidTool(toCheck);
}

/** The write refused by the revision in its WHERE (Prisma's "record to update not found"). */
const isMissingRecord = (error: unknown) => (error as { code?: unknown } | null)?.code === "P2025";

/**
 * Applies `patch` to the tool if nobody wrote it since `revision`; keeps `key` = namespace.name in sync.
 * Invalid fields → INVALID_INPUT, stale revision → CONFLICT (nothing written), no change → the tool as is.
 *
 * The tool is read and the patch checked before the transaction, which holds only the writes: on embedded PGlite
 * a transaction has the database to itself, so every statement in it keeps every other request waiting. The
 * revision in the update's WHERE makes that safe: a writer that committed after the read wins, and this one then
 * writes nothing (CONFLICT); the unique key refuses a key another tool took meanwhile.
 */
export async function updateTool({ db, catalog, actor, id, revision, patch }: UpdateToolOptions) {
  const current = await findToolRow(db, catalog.id, id);
  const before = toToolRecord(current);
  const stale = async (record: ToolRecord) => staleRevision(record, revision, await lastEditorOf(db, catalog.id, id));
  if (before.revision !== revision) throw await stale(before);
  const changes = changedFields(before, patch);
  if (Object.keys(changes).length === 0) return toToolDetail(current, catalog);
  assertValidChanges(before, changes);

  const data: Prisma.ToolUncheckedUpdateInput = { revision: { increment: 1 } };
  const name = changes.name ?? before.name;
  const namespaceName = changes.namespace !== undefined ? changes.namespace : before.namespace;
  const key = toolKey(namespaceName, name);
  if (key !== before.key) {
    await assertKeyFree(db, catalog.id, key, id);
    data.key = key;
  }
  Object.assign(data, toolColumns(changes));

  const after = await db
    .$transaction(async (tx) => {
      if (changes.namespace !== undefined) {
        const namespace = await resolveNamespace(tx, { catalog, actor }, changes.namespace);
        data.namespaceId = namespace?.id ?? null;
      }
      // The namespace is read back only when it changed: otherwise it is the one just read, and on PGlite every
      // statement inside the transaction keeps other requests waiting.
      const where = { id, catalogId: catalog.id, revision };
      const written =
        changes.namespace !== undefined
          ? await tx.tool.update({ where, data, select: toolSelect })
          : { ...(await tx.tool.update({ where, data, select: toolOwnSelect })), namespace: current.namespace };
      const afterRecord = toToolRecord(written);
      const pick = (record: ToolRecord) =>
        Object.fromEntries(["key", "revision", ...Object.keys(changes)].map((f) => [f, record[f as keyof ToolRecord]]));
      await recordAuditEvent({
        db: tx,
        teamId: catalog.teamId,
        catalogId: catalog.id,
        actor,
        action: "tool.updated",
        targetType: "tool",
        targetId: id,
        before: pick(before),
        after: pick(afterRecord),
      });
      return written;
    })
    .catch(async (error: unknown) => {
      if (isMissingRecord(error)) throw await stale(toToolRecord(await findToolRow(db, catalog.id, id)));
      return rethrowDuplicate(error, key);
    });
  return toToolDetail(after, catalog);
}
