import "server-only";
import type { Catalog, PrismaClient } from "@prisma/client";
import type { AuditActor } from "../history/record-audit-event";
import { insertTool } from "./create-tool";
import { findToolRow } from "./get-tool";
import { toolKey, toToolDetail, toToolRecord } from "./tool-shape";
import { TOOL_LIMITS } from "./validate-tool";
import { escapeLike } from "../../db/like-pattern";

/** `name_copy`, `name_copy_2`, … — the first that is free in the namespace, within the 64-character limit. */
export function copyName(name: string, taken: Set<string>, namespace: string | null): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "_copy" : `_copy_${n}`;
    const candidate = name.slice(0, TOOL_LIMITS.nameChars - suffix.length) + suffix;
    if (!taken.has(toolKey(namespace, candidate))) return candidate;
  }
}

/** A copy of a tool under a free name in the same namespace (exposure and search text included). */
export async function duplicateTool({
  db,
  catalog,
  actor,
  id,
}: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  id: string;
}) {
  const row = await db.$transaction(async (tx) => {
    const {
      id: sourceId,
      key: sourceKey,
      revision: _r,
      createdAt: _c,
      updatedAt: _u,
      ...source
    } = toToolRecord(await findToolRow(tx, catalog.id, id));
    const prefix = toolKey(source.namespace, source.name.slice(0, 40));
    const taken = new Set(
      (
        await tx.tool.findMany({
          where: { catalogId: catalog.id, key: { startsWith: escapeLike(prefix) } },
          select: { key: true },
        })
      ).map((t) => t.key),
    );
    const name = copyName(source.name, taken, source.namespace);
    return insertTool(tx, {
      catalog,
      actor,
      tool: { ...source, name },
      auditExtra: { duplicatedFrom: { id: sourceId, key: sourceKey } },
    });
  });
  return toToolDetail(row, catalog);
}
