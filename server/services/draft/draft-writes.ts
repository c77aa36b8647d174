import "server-only";
import type { Catalog, Prisma } from "@prisma/client";
import type { ToolValues } from "@/domain/tool";
import { AppError } from "../../errors";
import { recordAuditEvents, type AuditActor, type AuditEventInput } from "../history/record-audit-event";
import { resolveNamespace } from "../namespaces/resolve-namespace";
import { duplicateKey } from "../tools/tool-input";
import { auditView, toolColumns, toolKey, toolSelect, toToolRecord, type ToolRecord } from "../tools/tool-shape";

/**
 * The writes a reset of the draft and a revert of a History group make, each audited in one group (so History
 * shows the change as one entry, and the group can itself be reverted). Every write moves the row's revision, so
 * an editor open on the old row is refused with the usual conflict.
 */
export interface GroupWrite {
  tx: Prisma.TransactionClient;
  catalog: Pick<Catalog, "id" | "teamId">;
  actor: AuditActor;
  groupId: string;
  /** The events written so far, recorded together by `flushEvents`. */
  events: AuditEventInput[];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The JSON fields whose key order counts (schemas are read in author order). */
const ORDERED_FIELDS = ["parameters", "mcpMetadata"] as const;

/**
 * The JSON fields of `values` as text: audit events are stored as jsonb, which reorders keys, so a revert reads a
 * schema back from this text (`jsonText` is bookkeeping: History does not show it as a change).
 */
export function jsonTextOf(values: Record<string, unknown>): { jsonText: Record<string, string> } {
  const present = ORDERED_FIELDS.filter((f) => values[f] !== undefined && values[f] !== null);
  return { jsonText: Object.fromEntries(present.map((f) => [f, JSON.stringify(values[f])])) };
}

function event(w: GroupWrite, e: Omit<AuditEventInput, "teamId" | "catalogId" | "actor" | "groupId">) {
  w.events.push({ ...e, teamId: w.catalog.teamId, catalogId: w.catalog.id, actor: w.actor, groupId: w.groupId });
}

/** The catalog's tools as records, by key. */
export async function readTools(tx: Prisma.TransactionClient, catalogId: string): Promise<Map<string, ToolRecord>> {
  const rows = await tx.tool.findMany({ where: { catalogId }, select: toolSelect, orderBy: { key: "asc" } });
  return new Map(rows.map((row) => [row.key, toToolRecord(row)]));
}

/** The fields of `values` that differ from `current`. */
export function differingFields(current: ToolRecord, values: Partial<ToolValues>): Partial<ToolValues> {
  const record = current as unknown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(values).filter(([field, value]) => value !== undefined && !sameJson(record[field], value)),
  ) as Partial<ToolValues>;
}

/** Sets `values` on a tool at revision `current.revision`; a tool changed meanwhile is refused (CONFLICT). */
export async function writeToolFields(w: GroupWrite, current: ToolRecord, values: Partial<ToolValues>) {
  const changed = differingFields(current, values);
  if (Object.keys(changed).length === 0) return false;
  const namespace = changed.namespace !== undefined ? changed.namespace : current.namespace;
  const name = changed.name ?? current.name;
  const key = toolKey(namespace, name);
  const moved = key !== current.key;
  if (moved) await assertFree(w, key, current.id);
  const resolved = "namespace" in changed ? await ensureNamespace(w, namespace) : undefined;
  const written = await w.tx.tool.updateMany({
    where: { id: current.id, revision: current.revision },
    data: {
      ...toolColumns(changed),
      ...(resolved !== undefined ? { namespaceId: resolved } : {}),
      ...(moved ? { key } : {}),
      revision: { increment: 1 },
    },
  });
  if (written.count === 0) throw new AppError("CONFLICT", `"${current.key}" changed meanwhile; try again.`);
  const before = Object.fromEntries(Object.keys(changed).map((f) => [f, (current as Record<string, unknown>)[f]]));
  event(w, {
    action: "tool.updated",
    targetType: "tool",
    targetId: current.id,
    before: { key: current.key, revision: current.revision, ...before, ...jsonTextOf(before) },
    after: { key, revision: current.revision + 1, ...changed },
  });
  return true;
}

async function assertFree(w: GroupWrite, key: string, exceptId?: string) {
  const clash = await w.tx.tool.findUnique({
    where: { catalogId_key: { catalogId: w.catalog.id, key } },
    select: { id: true },
  });
  if (clash && clash.id !== exceptId) throw duplicateKey(key);
}

/** The id of namespace `name` (null: none), created in the group when missing. */
async function ensureNamespace(w: GroupWrite, name: string | null): Promise<string | null> {
  const resolved = await resolveNamespace(w.tx, { catalog: w.catalog, actor: w.actor }, name, w.groupId);
  return resolved?.id ?? null;
}

/** Creates a tool with `values` (under `id` when given: a tool brought back keeps its id and its History). */
export async function createToolFrom(w: GroupWrite, values: ToolValues, id?: string) {
  const key = toolKey(values.namespace, values.name);
  await assertFree(w, key);
  if (id && (await w.tx.tool.findUnique({ where: { id }, select: { id: true } })))
    throw new AppError("CONFLICT", `"${key}" already exists again; nothing to bring back.`);
  const namespaceId = await ensureNamespace(w, values.namespace);
  const { namespace: _n, ...columns } = values;
  const row = await w.tx.tool.create({
    data: { ...(id ? { id } : {}), catalogId: w.catalog.id, namespaceId, key, ...toolColumns(columns) },
    select: toolSelect,
  });
  event(w, { action: "tool.created", targetType: "tool", targetId: row.id, after: auditView(toToolRecord(row)) });
  return row.id;
}

/** Deletes a tool at revision `current.revision` (CONFLICT when it changed meanwhile); History keeps it whole. */
export async function deleteToolIn(w: GroupWrite, current: ToolRecord) {
  const deleted = await w.tx.tool.deleteMany({ where: { id: current.id, revision: current.revision } });
  if (deleted.count === 0) throw new AppError("CONFLICT", `"${current.key}" changed meanwhile; try again.`);
  const before = auditView(current);
  event(w, {
    action: "tool.deleted",
    targetType: "tool",
    targetId: current.id,
    before: { ...before, ...jsonTextOf(before) },
  });
}

/**
 * Sets a namespace's description (creating the namespace when missing). Its tools' revisions stay (unlike a
 * namespace edit): the group's own tool events must still match the rows, so the group can be reverted.
 */
export async function writeNamespaceDescription(w: GroupWrite, name: string, description: string) {
  const current = await w.tx.namespace.findUnique({
    where: { catalogId_name: { catalogId: w.catalog.id, name } },
    select: { id: true, description: true, revision: true },
  });
  if (!current) {
    const row = await w.tx.namespace.create({ data: { catalogId: w.catalog.id, name, description } });
    event(w, { action: "namespace.created", targetType: "namespace", targetId: row.id, after: { name, description } });
    return true;
  }
  if (current.description === description) return false;
  await w.tx.namespace.update({ where: { id: current.id }, data: { description, revision: { increment: 1 } } });
  event(w, {
    action: "namespace.updated",
    targetType: "namespace",
    targetId: current.id,
    before: { name, description: current.description },
    after: { name, description, toolsRekeyed: 0 },
  });
  return true;
}

/** Deletes namespace `id` when no tool is left in it (a namespace a reverted import or reset created). */
export async function deleteNamespaceIfEmpty(w: GroupWrite, id: string) {
  const current = await w.tx.namespace.findFirst({
    where: { id, catalogId: w.catalog.id },
    select: { name: true, description: true, _count: { select: { tools: true } } },
  });
  if (!current || current._count.tools > 0) return false;
  await w.tx.namespace.delete({ where: { id } });
  event(w, {
    action: "namespace.deleted",
    targetType: "namespace",
    targetId: id,
    before: { name: current.name, description: current.description },
  });
  return true;
}

export async function flushEvents(w: GroupWrite) {
  await recordAuditEvents(w.tx, w.events);
  w.events = [];
}
