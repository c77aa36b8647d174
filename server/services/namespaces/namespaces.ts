import "server-only";
import type { Catalog, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { checkToolName, TOOL_LIMITS } from "@/domain/tool-rules/tool-rules";

const select = {
  id: true,
  name: true,
  description: true,
  revision: true,
  _count: { select: { tools: true } },
} as const;
type Row = { id: string; name: string; description: string; revision: number; _count: { tools: number } };
const toNamespace = ({ _count, ...ns }: Row) => ({ ...ns, toolCount: _count.tools });

function checkName(name: string) {
  const problem = checkToolName(name, "Namespace name");
  if (problem) throw new AppError("INVALID_INPUT", problem, { fields: { name: problem } });
}
function checkDescription(description: string) {
  if (new TextEncoder().encode(description).length > TOOL_LIMITS.descriptionBytes) {
    throw new AppError("INVALID_INPUT", "Namespace description is over 16 KB.", {
      fields: { description: "too long" },
    });
  }
}
const taken = (name: string) =>
  new AppError("CONFLICT", `The catalog already has a namespace "${name}".`, { fields: { name: `"${name}" exists` } });
const stale = (name: string, current: number) =>
  new AppError(
    "CONFLICT",
    `Namespace "${name}" was changed by someone else since you opened it (now revision ${current}); reload and try again.`,
    { currentRevision: current },
  );

/**
 * The catalog's namespaces with their tool counts by exposure (the Namespaces page warns on > 10 deferred);
 * `deferredCount` (= exposureCounts.deferred) says which ones go out on turn one as namespaces.
 */
export async function listNamespaces({ db, catalog }: { db: PrismaClient; catalog: Catalog }) {
  const [rows, groups] = await Promise.all([
    db.namespace.findMany({ where: { catalogId: catalog.id }, select, orderBy: { name: "asc" } }),
    db.tool.groupBy({
      by: ["namespaceId", "exposure"],
      where: { catalogId: catalog.id, namespaceId: { not: null } },
      _count: { _all: true },
    }),
  ]);
  const countOf = (id: string, exposure: string) =>
    groups.find((g) => g.namespaceId === id && g.exposure === exposure)?._count._all ?? 0;
  return rows.map((row) => {
    const exposureCounts = {
      direct: countOf(row.id, "direct"),
      deferred: countOf(row.id, "deferred"),
      hidden: countOf(row.id, "hidden"),
    };
    return { ...toNamespace(row), deferredCount: exposureCounts.deferred, exposureCounts };
  });
}

export async function createNamespace({
  db,
  catalog,
  actor,
  name,
  description = "",
}: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  name: string;
  description?: string;
}) {
  checkName(name);
  checkDescription(description);
  return db.$transaction(async (tx) => {
    if (await tx.namespace.findUnique({ where: { catalogId_name: { catalogId: catalog.id, name } } }))
      throw taken(name);
    const row = await tx.namespace.create({ data: { catalogId: catalog.id, name, description }, select });
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "namespace.created",
      targetType: "namespace",
      targetId: row.id,
      after: { name, description },
    });
    return toNamespace(row);
  });
}

/**
 * Renames a namespace (rewriting the keys of its tools, whose revisions move so open editors notice) or changes
 * its description (which feeds the generated search text of its tools).
 */
export async function updateNamespace(options: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  id: string;
  revision: number;
  patch: { name?: string; description?: string };
}) {
  const { db, catalog, actor, id, revision, patch } = options;
  if (patch.name !== undefined) checkName(patch.name);
  if (patch.description !== undefined) checkDescription(patch.description);
  return db.$transaction(async (tx) => {
    const current = await tx.namespace.findFirst({ where: { id, catalogId: catalog.id }, select });
    if (!current) throw new AppError("NOT_FOUND", "This namespace is not in the catalog (it may have been deleted).");
    if (current.revision !== revision) throw stale(current.name, current.revision);
    const name = patch.name ?? current.name;
    const description = patch.description ?? current.description;
    if (name === current.name && description === current.description) return toNamespace(current);
    if (
      name !== current.name &&
      (await tx.namespace.findUnique({ where: { catalogId_name: { catalogId: catalog.id, name } } }))
    )
      throw taken(name);
    const written = await tx.namespace.updateMany({
      where: { id, revision },
      data: { name, description, revision: { increment: 1 } },
    });
    if (written.count === 0) throw stale(current.name, revision + 1);
    // Tools' generated search text depends on the namespace name and description: both bump their revision.
    await tx.$executeRaw`UPDATE "Tool" SET key = ${name}::text || '.' || name, revision = revision + 1, "updatedAt" = (now() AT TIME ZONE 'UTC') WHERE "namespaceId" = ${id}`;
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "namespace.updated",
      targetType: "namespace",
      targetId: id,
      before: { name: current.name, description: current.description },
      after: { name, description, toolsRekeyed: name !== current.name ? current._count.tools : 0 },
    });
    return toNamespace(await tx.namespace.findUniqueOrThrow({ where: { id }, select }));
  });
}

/** Deletes an empty namespace; one that still holds tools is refused (move or delete them first). */
export async function deleteNamespace({
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
  return db.$transaction(async (tx) => {
    const current = await tx.namespace.findFirst({ where: { id, catalogId: catalog.id }, select });
    if (!current) throw new AppError("NOT_FOUND", "This namespace is not in the catalog (it may have been deleted).");
    if (current.revision !== revision) throw stale(current.name, current.revision);
    if (current._count.tools > 0)
      throw new AppError(
        "CONFLICT",
        `Namespace "${current.name}" still has ${current._count.tools} tools; move or delete them first.`,
      );
    await tx.namespace.delete({ where: { id } });
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "namespace.deleted",
      targetType: "namespace",
      targetId: id,
      before: { name: current.name, description: current.description },
    });
    return { id };
  });
}
