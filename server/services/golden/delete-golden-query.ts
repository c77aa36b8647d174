import type { Catalog, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { lockCatalog, LOCKED_TX_OPTIONS } from "../review/lock-catalog";
import { goldenQuerySelect } from "./golden-query-shape";

export interface DeleteGoldenQueryOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  id: string;
  /** When given, a newer revision in the database refuses the delete (someone edited it meanwhile). */
  revision?: number;
}

export async function deleteGoldenQuery({ db, catalog, actor, id, revision }: DeleteGoldenQueryOptions): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockCatalog(tx, catalog.id);
    const before = await tx.evalQuery.findFirst({ where: { id, catalogId: catalog.id }, select: goldenQuerySelect });
    if (!before) throw new AppError("NOT_FOUND", "That golden query was not found (it may have been deleted already).");
    if (revision !== undefined && before.revision !== revision) {
      throw new AppError(
        "CONFLICT",
        `Someone else changed this golden query (revision ${before.revision}, yours ${revision}). Reload before deleting it.`,
      );
    }
    await tx.evalQuery.delete({ where: { id } });
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "golden.deleted",
      targetType: "golden_query",
      targetId: id,
      before: { query: before.query, expected: before.expected, note: before.note },
    });
  }, LOCKED_TX_OPTIONS);
}
