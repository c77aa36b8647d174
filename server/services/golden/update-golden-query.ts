import type { Catalog, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { lockCatalog, LOCKED_TX_OPTIONS } from "../review/lock-catalog";
import { assertQueryIsNew } from "./create-golden-query";
import { checkQueryText, goldenQuerySelect, normalizeExpected } from "./golden-query-shape";
import { assertToolKeysExist } from "./tool-key-status";

export interface UpdateGoldenQueryOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  id: string;
  /** The revision the edit was based on; a newer one in the database means someone else edited first. */
  revision: number;
  query?: string;
  expected?: readonly string[];
  note?: string;
}

/** Edits a golden query if nobody else changed it since `revision`; otherwise CONFLICT and nothing is written. */
export async function updateGoldenQuery({
  db,
  catalog,
  actor,
  id,
  revision,
  query,
  expected,
  note,
}: UpdateGoldenQueryOptions) {
  const text = query === undefined ? undefined : checkQueryText(query);
  const ids = expected === undefined ? undefined : normalizeExpected(expected);
  return db.$transaction(async (tx) => {
    await lockCatalog(tx, catalog.id);
    const before = await tx.evalQuery.findFirst({ where: { id, catalogId: catalog.id }, select: goldenQuerySelect });
    if (!before) throw new AppError("NOT_FOUND", "That golden query was not found (it may have been deleted).");
    if (before.revision !== revision) {
      throw new AppError(
        "CONFLICT",
        `Someone else changed this golden query (revision ${before.revision}, yours ${revision}). Reload it and apply your edit again.`,
        {
          current: before,
        },
      );
    }
    if (ids) await assertToolKeysExist(tx, catalog.id, ids);
    if (text !== undefined) await assertQueryIsNew(tx, catalog.id, text, id);
    const updated = await tx.evalQuery.update({
      where: { id },
      data: {
        ...(text !== undefined ? { query: text } : {}),
        ...(ids ? { expected: ids } : {}),
        ...(note !== undefined ? { note: note.trim() } : {}),
        revision: { increment: 1 },
      },
      select: goldenQuerySelect,
    });
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "golden.updated",
      targetType: "golden_query",
      targetId: id,
      before: { query: before.query, expected: before.expected, note: before.note },
      after: { query: updated.query, expected: updated.expected, note: updated.note },
    });
    return updated;
  }, LOCKED_TX_OPTIONS);
}
