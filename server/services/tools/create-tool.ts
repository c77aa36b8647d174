import "server-only";
import type { Catalog, Prisma, PrismaClient } from "@prisma/client";
import { TOOL, toolDefaults } from "@/domain/tool";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { resolveNamespace } from "../namespaces/resolve-namespace";
import { assertKeyFree, rethrowDuplicate, type ToolInput } from "./tool-input";
import { auditView, toolColumns, toolKey, toolSelect, toToolDetail, toToolRecord } from "./tool-shape";
import { assertValidTool } from "./validate-tool";
import { assertQuota } from "../quotas";

export interface CreateToolOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  tool: Partial<ToolInput> & { name: string };
  /** Audit action (duplicate records where the copy came from). */
  auditExtra?: Record<string, unknown>;
}

/** The tool with every field it does not set at the definition's default. */
const defaults = (tool: CreateToolOptions["tool"]): ToolInput => ({ ...toolDefaults(TOOL), ...tool });

/** Inserts one tool inside `tx` after validation and the duplicate check; records `tool.created`. */
export async function insertTool(
  tx: Prisma.TransactionClient,
  { catalog, actor, tool, auditExtra }: Omit<CreateToolOptions, "db">,
) {
  const input = defaults(tool);
  assertValidTool(input);
  assertQuota(
    "toolsPerCatalog",
    await tx.tool.count({ where: { catalogId: catalog.id } }),
    1,
    "This catalog has as many tools as it may",
    "Delete tools you no longer need.",
  );
  const key = toolKey(input.namespace, input.name);
  await assertKeyFree(tx, catalog.id, key);
  const namespace = await resolveNamespace(tx, { catalog, actor }, input.namespace);
  const row = await tx.tool
    .create({
      data: {
        catalogId: catalog.id,
        namespaceId: namespace?.id ?? null,
        key,
        ...toolColumns(input),
      },
      select: toolSelect,
    })
    .catch((error: unknown) => rethrowDuplicate(error, key));
  await recordAuditEvent({
    db: tx,
    teamId: catalog.teamId,
    catalogId: catalog.id,
    actor,
    action: "tool.created",
    targetType: "tool",
    targetId: row.id,
    after: { ...auditView(toToolRecord(row)), ...auditExtra },
  });
  return row;
}

/** Creates a tool; invalid fields → INVALID_INPUT (by field), a taken (namespace, name) → CONFLICT. */
export async function createTool({ db, ...options }: CreateToolOptions) {
  const row = await db.$transaction((tx) => insertTool(tx, options));
  return toToolDetail(row, options.catalog);
}
