import "server-only";
import type { Catalog, PrismaClient } from "@prisma/client";
import { newGroupId, recordAuditEvents, type AuditActor } from "../history/record-audit-event";
import { jsonTextOf } from "../draft/draft-writes";
import { basesOfDoomed, upstreamReplacedEvent } from "../import/upstream-base";
import { findToolRow } from "./get-tool";
import { auditView, toToolRecord } from "./tool-shape";
import { staleRevision } from "./update-tool";

/** Deletes a tool if nobody changed it since `revision`; the audit event keeps the whole tool. */
export async function deleteTool({
  db,
  catalog,
  actor,
  id,
  revision,
}: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  id: string;
  revision: number;
}) {
  const groupId = newGroupId();
  await db.$transaction(async (tx) => {
    const before = toToolRecord(await findToolRow(tx, catalog.id, id));
    if (before.revision !== revision) throw staleRevision(before, revision);
    const bases = await basesOfDoomed(tx, catalog.id, [id]);
    const deleted = await tx.tool.deleteMany({ where: { id, revision } });
    if (deleted.count === 0) throw staleRevision(toToolRecord(await findToolRow(tx, catalog.id, id)), revision);
    const group = { teamId: catalog.teamId, catalogId: catalog.id, actor, groupId };
    await recordAuditEvents(tx, [
      {
        ...group,
        action: "tool.deleted",
        targetType: "tool",
        targetId: id,
        before: { ...auditView(before), ...jsonTextOf(auditView(before)) },
      },
      // An imported tool's upstream base goes with it: the group keeps it, so the undo brings it back too.
      ...(bases.length > 0 ? [upstreamReplacedEvent(group, bases, "deletion")] : []),
    ]);
  });
  // The deletion is a History group of its own, so the toast's Undo reverts it (history.revert) like any change.
  return { id, groupId };
}
