import "server-only";
import type { AuditEvent, Catalog, PrismaClient } from "@prisma/client";
import { TOOL, TOOL_FIELD_NAMES, toolDefaults, type ToolValues } from "@/domain/tool";
import { AppError } from "../../errors";
import { queryRows } from "../../db/sql-source";
import {
  createToolFrom,
  deleteNamespaceIfEmpty,
  deleteToolIn,
  flushEvents,
  writeNamespaceDescription,
  writeToolFields,
  type GroupWrite,
} from "../draft/draft-writes";
import { toolSelect, toToolRecord, type ToolRecord } from "../tools/tool-shape";
import { newGroupId, type AuditActor } from "./record-audit-event";
import {
  readUpstreamTexts,
  replacedBases,
  upstreamReplacedEvent,
  writeUpstreamTexts,
  type UpstreamText,
} from "../import/upstream-base";

export interface RevertGroupOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  /** The History group to revert (an import, a bulk change, a reset, a deletion, a revert). */
  groupId: string;
}

export interface RevertSummary {
  /** The tools written back, created again or deleted, or whose upstream base was rewound. */
  tools: number;
  namespaces: number;
  /** The group the revert itself is recorded as (reverting it redoes the change). */
  groupId: string;
}

type Tx = GroupWrite["tx"];
type Json = Record<string, unknown>;
const asJson = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

/** The tool fields an event side names (key, revision and flags such as `import` or `bulk` left out). */
function fieldsOf(side: unknown): Partial<ToolValues> {
  const json = asJson(side);
  const texts = asJson(json.jsonText);
  // A schema comes back in its author's key order from the text kept beside the (reordered) jsonb copy.
  const valueOf = (f: string) => (typeof texts[f] === "string" ? JSON.parse(texts[f] as string) : json[f]);
  return Object.fromEntries(
    TOOL_FIELD_NAMES.filter((f) => f in json).map((f) => [f, valueOf(f)]),
  ) as Partial<ToolValues>;
}

/** The fields before the group, earliest event winning (a tool changed twice gets its first `before`). */
function fieldsBefore(events: AuditEvent[]): Partial<ToolValues> {
  return events
    .filter((e) => e.action === "tool.updated")
    .reverse()
    .reduce((acc, e) => ({ ...acc, ...fieldsOf(e.before) }), {} as Partial<ToolValues>);
}

const keyOf = (events: AuditEvent[]) => {
  const last = events.at(-1)!;
  return String(asJson(last.after).key ?? asJson(last.before).key ?? last.targetId);
};

interface ToolTarget {
  events: AuditEvent[];
  current: ToolRecord | null;
}

/** Why the tool cannot be reverted (it changed, came back or went since the group), or null. */
function toolConflict({ events, current }: ToolTarget): string | null {
  const last = events.at(-1)!;
  const key = keyOf(events);
  if (last.action === "tool.deleted") return current ? `"${key}" exists again` : null;
  if (!current) return `"${key}" was deleted since`;
  const revision = asJson(last.after).revision;
  return current.revision === revision ? null : `"${current.key}" was changed since (revision ${current.revision})`;
}

async function revertTool(w: GroupWrite, { events, current }: ToolTarget) {
  const first = events[0]!;
  const last = events.at(-1)!;
  if (first.action === "tool.created") {
    if (current) await deleteToolIn(w, current);
    return;
  }
  if (last.action === "tool.deleted") {
    const values = { ...toolDefaults(TOOL), ...fieldsOf(last.before), ...fieldsBefore(events) } as ToolValues;
    await createToolFrom(w, values, last.targetId);
    return;
  }
  if (current) await writeToolFields(w, current, fieldsBefore(events));
}

async function loadGroup(tx: Tx, catalog: Catalog, groupId: string) {
  const events = await tx.auditEvent.findMany({
    where: { catalogId: catalog.id, groupId },
    orderBy: [{ at: "asc" }, { id: "asc" }],
  });
  if (events.length === 0) throw new AppError("NOT_FOUND", "This change is not in the catalog's History.");
  const reverted = await tx.auditEvent.findFirst({
    where: { catalogId: catalog.id, action: "catalog.change_reverted", after: { path: ["groupId"], equals: groupId } },
    select: { actorLabel: true },
  });
  if (reverted)
    throw new AppError("CONFLICT", `This change was already reverted (by ${reverted.actorLabel || "Stockroom"}).`);
  const byTarget = new Map<string, AuditEvent[]>();
  for (const e of events) {
    if (e.targetType !== "tool" && e.targetType !== "namespace") continue;
    byTarget.set(e.targetId, [...(byTarget.get(e.targetId) ?? []), e]);
  }
  const bases = basesBefore(events);
  // A group may hold only upstream bases: a sync that changed nothing but what upstream sends (the team's edits kept).
  if (byTarget.size === 0 && bases.length === 0)
    throw new AppError("UNPROCESSABLE", "This change has no tool or namespace edits to revert.");
  return { byTarget, bases, lastEventId: events.at(-1)!.id };
}

/**
 * The tools whose upstream base a later group replaced again (a later sync, a deletion, a revert): rewinding it
 * would drop that later base, so they conflict, as a tool changed since does. Every write of a base is recorded.
 * (Those events target the catalog: the (catalogId, targetId, at) index finds them.)
 */
async function baseConflicts(tx: Tx, catalog: Catalog, lastEventId: string, bases: UpstreamText[]) {
  if (bases.length === 0) return [];
  const rows = await queryRows<{ id: string; key: string | null }>(
    tx,
    `WITH "last" AS (SELECT "at", "id" FROM "AuditEvent" WHERE "id" = $2),
          "later" AS (
            SELECT DISTINCT b->>'id' AS "id"
            FROM "AuditEvent" e CROSS JOIN "last" l
            CROSS JOIN LATERAL jsonb_array_elements(COALESCE(e."before"->'bases', '[]'::jsonb)) b
            WHERE e."catalogId" = $1 AND e."targetId" = $1 AND e."action" = 'catalog.upstream_replaced'
              AND (e."at", e."id") > (l."at", l."id") AND b->>'id' = ANY($3::text[]))
     SELECT "later"."id", t."key" FROM "later" LEFT JOIN "Tool" t ON t."id" = "later"."id" ORDER BY t."key"`,
    [catalog.id, lastEventId, bases.map((b) => b.id)],
  );
  return rows.map(
    (r) => `the upstream copy of "${r.key ?? r.id}" was replaced since (by a later sync, deletion or revert)`,
  );
}

/** The upstream bases the group replaced (an import's, or a revert's), the earliest per tool. */
function basesBefore(events: AuditEvent[]): UpstreamText[] {
  const bases = new Map<string, UpstreamText>();
  for (const e of events)
    if (e.action === "catalog.upstream_replaced")
      for (const base of replacedBases(e.before)) if (!bases.has(base.id)) bases.set(base.id, base);
  return [...bases.values()];
}

/**
 * Puts back the upstream bases the group replaced (Tool.upstream, what the next sync compares with), once its
 * tools are reverted; the revert keeps the bases it replaces in turn, so reverting it (redo) restores them.
 * Read before the revert writes anything: a tool the revert deletes takes its base with it.
 */
async function prepareUpstreamRewind(tx: Tx, catalog: Catalog, tools: ToolTarget[], bases: UpstreamText[]) {
  // The bases this revert replaces: the ones it rewinds, and those of tools it deletes (the group created them).
  const deleted = tools.filter((t) => t.events[0]!.action === "tool.created").map((t) => t.events[0]!.targetId);
  const ids = [...deleted, ...bases.map((b) => b.id)];
  const rewound = new Set(bases.map((b) => b.id));
  const replaced = (await readUpstreamTexts(tx, catalog.id, ids)).filter(
    (b) => b.upstream !== null || rewound.has(b.id),
  );
  return async (w: GroupWrite) => {
    await writeUpstreamTexts(tx, catalog.id, bases);
    if (replaced.length > 0)
      w.events.push(
        upstreamReplacedEvent(
          { teamId: catalog.teamId, catalogId: catalog.id, actor: w.actor, groupId: w.groupId },
          replaced,
          "revert",
        ),
      );
  };
}

async function toolTargets(tx: Tx, catalog: Catalog, byTarget: Map<string, AuditEvent[]>) {
  const groups = [...byTarget.values()].filter((events) => events[0]!.targetType === "tool");
  const rows = await tx.tool.findMany({
    where: { catalogId: catalog.id, id: { in: groups.map((events) => events[0]!.targetId) } },
    select: toolSelect,
  });
  const current = new Map(rows.map((row) => [row.id, toToolRecord(row)]));
  return groups.map((events) => ({ events, current: current.get(events[0]!.targetId) ?? null }));
}

async function namespaceConflict(tx: Tx, catalog: Catalog, events: AuditEvent[]): Promise<string | null> {
  const last = events.at(-1)!;
  if (last.action !== "namespace.updated") return null;
  const after = asJson(last.after);
  const row = await tx.namespace.findFirst({ where: { id: last.targetId, catalogId: catalog.id } });
  if (!row) return `namespace "${String(after.name)}" was deleted since`;
  return row.name === after.name && row.description === after.description
    ? null
    : `namespace "${row.name}" was changed since`;
}

/** Puts namespaces back: created ones go when empty, changed descriptions return, deleted ones come back. */
async function revertNamespace(w: GroupWrite, events: AuditEvent[]) {
  const first = events[0]!;
  const before = asJson(first.before);
  if (first.action === "namespace.created") return deleteNamespaceIfEmpty(w, first.targetId);
  const exists = await w.tx.namespace.findFirst({ where: { id: first.targetId, catalogId: w.catalog.id } });
  if (first.action === "namespace.deleted" && exists) return false;
  return writeNamespaceDescription(w, String(before.name), String(before.description ?? ""));
}

function assertNoConflicts(conflicts: string[]) {
  if (conflicts.length === 0) return;
  const more = conflicts.length > 5 ? ` (${conflicts.length} in all)` : "";
  throw new AppError(
    "CONFLICT",
    `Nothing was reverted: ${conflicts.slice(0, 5).join("; ")}${more}. Change those back by hand.`,
    { conflicts },
  );
}

/**
 * Reverts every tool and namespace edit of one History group, all or nothing: each tool must be as the group left
 * it (same revision; a deleted one still gone; an upstream base it replaced not replaced again since), else nothing
 * is written and the answer is CONFLICT naming them. The revert is itself one group (reverting it redoes the change).
 */
export async function revertGroup({ db, catalog, actor, groupId }: RevertGroupOptions): Promise<RevertSummary> {
  return db.$transaction(
    async (tx) => {
      const { byTarget, bases, lastEventId } = await loadGroup(tx, catalog, groupId);
      const tools = await toolTargets(tx, catalog, byTarget);
      const namespaces = [...byTarget.values()].filter((events) => events[0]!.targetType === "namespace");
      const conflicts = tools.map(toolConflict).filter((c): c is string => c !== null);
      for (const events of namespaces) {
        const conflict = await namespaceConflict(tx, catalog, events);
        if (conflict) conflicts.push(conflict);
      }
      conflicts.push(...(await baseConflicts(tx, catalog, lastEventId, bases)));
      assertNoConflicts(conflicts);
      const rewindUpstream = await prepareUpstreamRewind(tx, catalog, tools, bases);
      const w: GroupWrite = { tx, catalog, actor, groupId: newGroupId(), events: [] };
      // Tools the group created go first, so the keys they hold are free for tools it deleted or renamed.
      const order = (t: ToolTarget) => (t.events[0]!.action === "tool.created" ? 0 : 1);
      for (const target of [...tools].sort((a, b) => order(a) - order(b))) await revertTool(w, target);
      await rewindUpstream(w);
      let namespaceCount = 0;
      for (const events of namespaces) if (await revertNamespace(w, events)) namespaceCount++;
      const toolCount = new Set([...tools.map((t) => t.events[0]!.targetId), ...bases.map((b) => b.id)]).size;
      w.events.push({
        teamId: catalog.teamId,
        catalogId: catalog.id,
        actor,
        groupId: w.groupId,
        action: "catalog.change_reverted",
        targetType: "catalog",
        targetId: catalog.id,
        after: { groupId, tools: toolCount, namespaces: namespaceCount },
      });
      await flushEvents(w);
      return { tools: toolCount, namespaces: namespaceCount, groupId: w.groupId };
    },
    { timeout: 120_000, maxWait: 15_000 },
  );
}
