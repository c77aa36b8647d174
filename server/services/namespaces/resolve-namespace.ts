import type { Prisma } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { checkToolName } from "@/domain/tool-rules/tool-rules";

type Tx = Prisma.TransactionClient;

/**
 * The id of the catalog's namespace called `name`, created (empty description, audited as `namespace.created`)
 * when it does not exist yet, so a tool can be moved into a new namespace in one step. `null` means "no namespace".
 */
export async function resolveNamespace(
  tx: Tx,
  { catalog, actor }: { catalog: { id: string; teamId: string }; actor: AuditActor },
  name: string | null,
  /** The History group of the change that needs the namespace (a reset, a revert). */
  groupId: string | null = null,
): Promise<{ id: string; name: string; created: boolean } | null> {
  const catalogId = catalog.id;
  if (name === null) return null;
  const problem = checkToolName(name, "Namespace name");
  if (problem) throw new AppError("INVALID_INPUT", problem, { fields: { namespace: problem } });
  const existing = await tx.namespace.findUnique({
    where: { catalogId_name: { catalogId, name } },
    select: { id: true, name: true },
  });
  if (existing) return { ...existing, created: false };
  const created = await tx.namespace.create({ data: { catalogId, name }, select: { id: true, name: true } });
  await recordAuditEvent({
    db: tx,
    teamId: catalog.teamId,
    catalogId,
    actor,
    action: "namespace.created",
    targetType: "namespace",
    targetId: created.id,
    after: { name: created.name },
    groupId,
  });
  return { ...created, created: true };
}
