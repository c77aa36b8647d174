import "server-only";
import { jsonColumn } from "../../db/json-column";
import { assertQuota } from "../quotas";
import { Prisma, type Catalog, type PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, recordAuditEvents, type AuditActor } from "../history/record-audit-event";
import { parseJsonText, parseToolSource, SourceFormatError } from "./parse-tool-source";
import { planImport, type FieldChange, type ImportOptions, type ImportPlan } from "./plan-import";

export interface ImportRequest {
  db: PrismaClient;
  catalog: Catalog;
  /** The pasted or uploaded JSON (or a live server's tools/list result). */
  text: string;
  options: ImportOptions;
}

function parse(text: string) {
  try {
    return parseToolSource(parseJsonText(text));
  } catch (error) {
    if (error instanceof SourceFormatError)
      throw new AppError("INVALID_INPUT", error.message, { fields: { source: error.message } });
    throw error;
  }
}

const previewOf = ({ writes: _w, ...plan }: ImportPlan) => plan;

/** The preview: every row as new / changed (with before and after) / unchanged / invalid / skipped. Writes nothing. */
export async function previewImport({ db, catalog, text, options }: ImportRequest) {
  return previewOf(await planImport(db, catalog.id, parse(text), options));
}

/**
 * Applies an import in one transaction: all rows or none. The plan is computed again inside the transaction;
 * when it differs from the preview the user saw (`fingerprint`), nothing is written.
 */
export async function commitImport({
  db,
  catalog,
  text,
  options,
  actor,
  fingerprint,
  skipInvalid,
}: ImportRequest & { actor: AuditActor; fingerprint: string; skipInvalid: boolean }) {
  const source = parse(text);
  return db.$transaction(
    async (tx) => {
      const plan = await planImport(tx, catalog.id, source, options);
      if (plan.fingerprint !== fingerprint) {
        throw new AppError(
          "CONFLICT",
          "The catalog changed since this preview (someone edited or imported tools); preview again before importing.",
        );
      }
      if (plan.counts.invalid > 0 && !skipInvalid) {
        throw new AppError(
          "UNPROCESSABLE",
          `${plan.counts.invalid} of the tools are invalid; fix them in the source, or choose to skip invalid tools.`,
        );
      }
      const adding = plan.writes.filter((w) => w.row.status === "new").length;
      const current = await tx.tool.count({ where: { catalogId: catalog.id } });
      assertQuota(
        "toolsPerCatalog",
        current,
        adding,
        "This import would take the catalog past its tool limit",
        "Import fewer tools, or delete tools you no longer need.",
      );
      const created = await createNew(tx, catalog, plan, actor, options);
      const updated = await updateChanged(tx, catalog, plan, actor);
      const summary = {
        format: plan.format,
        created,
        updated,
        unchanged: plan.counts.unchanged,
        skipped: plan.counts.skipped + plan.counts.invalid,
        mcpServer: options.mcpServer,
        namespace: options.namespace,
      };
      await recordAuditEvent({
        db: tx,
        teamId: catalog.teamId,
        catalogId: catalog.id,
        actor,
        action: "catalog.imported",
        targetType: "catalog",
        targetId: catalog.id,
        after: summary,
      });
      return summary;
    },
    { timeout: 120_000, maxWait: 15_000 },
  );
}

async function namespaceIds(
  tx: Prisma.TransactionClient,
  catalog: Catalog,
  plan: ImportPlan,
  actor: AuditActor,
  fallback: string,
) {
  const wanted = new Map<string, string>();
  for (const { row, tool } of plan.writes)
    if (row.status === "new" && tool.namespace)
      wanted.set(tool.namespace, tool.namespaceDescription ?? wanted.get(tool.namespace) ?? fallback);
  const existing = await tx.namespace.findMany({
    where: { catalogId: catalog.id, name: { in: [...wanted.keys()] } },
    select: { id: true, name: true },
  });
  const missing = [...wanted].filter(([name]) => !existing.some((ns) => ns.name === name));
  const created = missing.length
    ? await tx.namespace.createManyAndReturn({
        data: missing.map(([name, description]) => ({ catalogId: catalog.id, name, description })),
        select: { id: true, name: true, description: true },
      })
    : [];
  await recordAuditEvents(
    tx,
    created.map((ns) => ({
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "namespace.created",
      targetType: "namespace",
      targetId: ns.id,
      after: { name: ns.name, description: ns.description, import: true },
    })),
  );
  return new Map([...existing, ...created].map((ns) => [ns.name, ns.id]));
}

async function createNew(
  tx: Prisma.TransactionClient,
  catalog: Catalog,
  plan: ImportPlan,
  actor: AuditActor,
  options: ImportOptions,
) {
  const news = plan.writes.filter((w) => w.row.status === "new");
  if (news.length === 0) return 0;
  const namespaces = await namespaceIds(tx, catalog, plan, actor, options.namespaceDescription?.trim() ?? "");
  const data = news.map(({ row, tool }) => ({
    catalogId: catalog.id,
    namespaceId: tool.namespace ? namespaces.get(tool.namespace)! : null,
    key: row.key!,
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    strict: tool.strict ?? false,
    exposure: row.exposure!,
    mcpServer: tool.mcpServer,
    mcpTitle: tool.mcpTitle ?? null,
    mcpMetadata: (tool.mcpMetadata as Prisma.InputJsonValue | undefined) ?? Prisma.DbNull,
  }));
  // Only ids come back: the audit events are built from what was inserted, not from a second copy of every schema.
  const rows = await tx.tool.createManyAndReturn({
    data: data.map((d) => ({ ...d, parameters: jsonColumn(d.parameters) })),
    select: { id: true, key: true },
  });
  const inserted = new Map(
    data.map((d, i) => [
      d.key,
      { ...d, namespace: news[i]!.tool.namespace, mcpMetadata: news[i]!.tool.mcpMetadata ?? null },
    ]),
  );
  await recordAuditEvents(
    tx,
    rows.map(({ id, key }) => {
      const { catalogId: _c, namespaceId: _n, ...after } = inserted.get(key)!;
      return {
        teamId: catalog.teamId,
        catalogId: catalog.id,
        actor,
        action: "tool.created",
        targetType: "tool",
        targetId: id,
        after: { ...after, revision: 1, import: plan.format },
      };
    }),
  );
  return rows.length;
}

/** The value an import writes for a changed field (the plan lists only fields the source sets). */
const importedValue = (tool: ImportPlan["writes"][number]["tool"], field: FieldChange["field"]): unknown =>
  tool[field] ?? null;

async function updateChanged(tx: Prisma.TransactionClient, catalog: Catalog, plan: ImportPlan, actor: AuditActor) {
  const changed = plan.writes.filter((w) => w.row.status === "changed");
  for (const { row, tool, existing } of changed) {
    const values = Object.fromEntries(row.changes.map((c) => [c.field, importedValue(tool, c.field)]));
    const data = {
      ...values,
      ...(values.mcpMetadata === null ? { mcpMetadata: Prisma.DbNull } : {}),
    } as Prisma.ToolUpdateManyMutationInput;
    const written = await tx.tool.updateMany({
      where: { id: row.toolId!, revision: row.revision! },
      data: {
        ...data,
        ...("parameters" in values ? { parameters: jsonColumn(values.parameters) } : {}),
        revision: { increment: 1 },
      },
    });
    if (written.count === 0) throw new AppError("CONFLICT", `"${row.key}" changed while importing; preview again.`);
    const before = Object.fromEntries(row.changes.map((c) => [c.field, existing![c.field]]));
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "tool.updated",
      targetType: "tool",
      targetId: row.toolId!,
      before: { key: row.key, revision: row.revision, ...before },
      after: { key: row.key, revision: row.revision! + 1, ...values, import: plan.format },
    });
  }
  return changed.length;
}
