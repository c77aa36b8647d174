import "server-only";
import type { Catalog, PrismaClient } from "@prisma/client";
import { MCP_METADATA_FIELDS, type SnapshotContent, type SnapshotTool } from "@/domain/snapshot/verify";
import { snapshotFields, TOOL, TOOL_FIELD_NAMES, toolDefaults, type ToolValues } from "@/domain/tool";
import { effectiveSearchText } from "@/search/index";
import { AppError } from "../../errors";
import { newGroupId, type AuditActor } from "../history/record-audit-event";
import { basesOfDoomed, upstreamReplacedEvent } from "../import/upstream-base";
import { loadPublishedVersion } from "../review/catalog-state";
import type { ToolRecord } from "../tools/tool-shape";
import {
  createToolFrom,
  deleteToolIn,
  differingFields,
  flushEvents,
  readTools,
  writeNamespaceDescription,
  writeToolFields,
  type GroupWrite,
} from "./draft-writes";

/** What a reset brings back: the whole draft, one namespace's tools, or one tool (by key). */
export type ResetScope = { kind: "draft" } | { kind: "namespace"; name: string } | { kind: "tool"; key: string };

export interface ResetDraftOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  version: number;
  scope: ResetScope;
  /** The draft revision the confirm showed its counts for: a draft changed since is refused (CONFLICT). */
  draftRevision?: string | null;
}

export interface ResetSummary {
  version: number;
  created: string[];
  updated: string[];
  deleted: string[];
  namespaces: string[];
  /** The draft revision the counts are for (preview) or that the reset started from. */
  draftRevision: string;
  /** The History group of the reset (null for a preview): its Revert undoes the reset. */
  groupId: string | null;
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

interface ResetPlan {
  creates: ToolValues[];
  updates: Array<{ current: ToolRecord; values: Partial<ToolValues> }>;
  deletes: ToolRecord[];
  namespaces: Array<{ name: string; description: string }>;
}

/** A published tool's stored fields; the search-text settings are the current tool's when they still give its text. */
export function valuesOfSnapshotTool(
  tool: SnapshotTool,
  namespaceDescription: string,
  current: ToolRecord | undefined,
): ToolValues {
  const source = tool as unknown as Record<string, unknown>;
  const spec = tool.spec as unknown as Record<string, unknown>;
  const own = current as unknown as Record<string, unknown> | undefined;
  const base = Object.fromEntries(
    TOOL_FIELD_NAMES.map((name) => [name, own ? own[name] : (toolDefaults(TOOL) as Record<string, unknown>)[name]]),
  ) as Record<string, unknown>;
  const defaults = toolDefaults(TOOL) as Record<string, unknown>;
  for (const name of snapshotFields(TOOL, "tool")) base[name] = source[name] ?? defaults[name];
  for (const name of snapshotFields(TOOL, "spec")) base[name] = spec[name];
  // A direct tool carries no fallback: the current one (or the default) stays.
  if (tool.fallback === undefined) base.fallback = current?.fallback ?? TOOL.fallback.default;
  const { server = null, title = null, ...rest } = tool.mcp ?? {};
  const metadata = rest as Record<string, unknown>;
  const present = MCP_METADATA_FIELDS.filter((field) => metadata[field] !== undefined);
  base.mcpServer = server;
  base.mcpTitle = title;
  base.mcpMetadata = present.length > 0 ? Object.fromEntries(present.map((f) => [f, metadata[f]])) : null;
  const values = base as ToolValues;
  return { ...values, ...searchTextSettings(values, namespaceDescription, tool.searchText) };
}

/** Search-text settings that give `published`: the tool's own when they do, else generated, else an override. */
function searchTextSettings(values: ToolValues, namespaceDescription: string, published: string) {
  const text = (mode: ToolValues["searchTextMode"]) =>
    effectiveSearchText({
      ...values,
      namespace: values.namespace === null ? null : { name: values.namespace, description: namespaceDescription },
      searchTextMode: mode,
    });
  if (text(values.searchTextMode) === published) return {};
  if (text("generated") === published) return { searchTextMode: "generated" as const };
  return { searchTextMode: "override" as const, searchTextOverride: published };
}

const inScope = (scope: ResetScope, key: string, namespace: string | null) =>
  scope.kind === "draft" || (scope.kind === "namespace" ? namespace === scope.name : key === scope.key);

function planReset(content: SnapshotContent, tools: Map<string, ToolRecord>, scope: ResetScope): ResetPlan {
  const descriptions = new Map(content.namespaces.map((ns) => [ns.name, ns.description]));
  const wanted = content.tools.filter((t) => inScope(scope, t.id, t.namespace));
  const plan: ResetPlan = { creates: [], updates: [], deletes: [], namespaces: [] };
  for (const tool of wanted) {
    const current = tools.get(tool.id);
    const values = valuesOfSnapshotTool(tool, descriptions.get(tool.namespace ?? "") ?? "", current);
    if (!current) plan.creates.push(values);
    else if (Object.keys(differingFields(current, values)).length > 0) plan.updates.push({ current, values });
  }
  const kept = new Set(wanted.map((t) => t.id));
  for (const current of tools.values())
    if (inScope(scope, current.key, current.namespace) && !kept.has(current.key)) plan.deletes.push(current);
  if (scope.kind !== "tool")
    for (const ns of content.namespaces) if (scope.kind === "draft" || ns.name === scope.name) plan.namespaces.push(ns);
  return plan;
}

function assertScopeExists(content: SnapshotContent, scope: ResetScope, version: number) {
  if (scope.kind === "tool" && !content.tools.some((t) => t.id === scope.key))
    throw new AppError(
      "NOT_FOUND",
      `Version ${version} has no tool "${scope.key}" (it was hidden or not there yet); pick another version, or delete the tool.`,
    );
  if (scope.kind === "namespace" && !content.namespaces.some((ns) => ns.name === scope.name))
    throw new AppError("NOT_FOUND", `Version ${version} has no namespace "${scope.name}"; pick another version.`);
}

async function draftRevisionOf(tx: Tx, catalogId: string): Promise<string> {
  const row = await tx.draftRevision.findUnique({ where: { catalogId }, select: { revision: true } });
  return String(row?.revision ?? 0n);
}

async function prepare(tx: Tx, { catalog, version, scope, draftRevision }: Omit<ResetDraftOptions, "db" | "actor">) {
  const published = await loadPublishedVersion(tx, catalog, version);
  if (!published) throw new AppError("NOT_FOUND", `Version ${version} does not exist in catalog "${catalog.slug}".`);
  assertScopeExists(published.snapshot, scope, version);
  const revision = await draftRevisionOf(tx, catalog.id);
  if (draftRevision != null && draftRevision !== revision)
    throw new AppError(
      "CONFLICT",
      "The draft changed since these counts were shown (someone saved meanwhile); look at the new counts and confirm again.",
      { draftRevision: revision },
    );
  const plan = planReset(published.snapshot, await readTools(tx, catalog.id), scope);
  const stored = await tx.namespace.findMany({
    where: { catalogId: catalog.id },
    select: { name: true, description: true },
  });
  const current = new Map(stored.map((ns) => [ns.name, ns.description]));
  plan.namespaces = plan.namespaces.filter((ns) => current.get(ns.name) !== ns.description);
  return { plan, revision };
}

const keyOf = (values: ToolValues) => (values.namespace ? `${values.namespace}.${values.name}` : values.name);

function summarize(version: number, plan: ResetPlan, revision: string, groupId: string | null): ResetSummary {
  return {
    version,
    created: plan.creates.map(keyOf),
    updated: plan.updates.map((u) => u.current.key),
    deleted: plan.deletes.map((d) => d.key),
    namespaces: plan.namespaces.map((ns) => ns.name),
    draftRevision: revision,
    groupId,
  };
}

/** What resetting `scope` to `version` would change, without changing it (the confirm's counts). */
export async function previewResetDraft({ db, ...options }: Omit<ResetDraftOptions, "actor">): Promise<ResetSummary> {
  return db.$transaction(async (tx) => {
    const { plan, revision } = await prepare(tx, options);
    return summarize(options.version, plan, revision, null);
  });
}

/**
 * Resets the draft, one namespace or one tool to a published version, in one transaction and one History group:
 * tools the version has are written back (or created), tools of the scope it lacks are deleted. Every written
 * row's revision moves (open editors get the usual conflict) and the draft revision with them.
 */
export async function resetDraft({ db, actor, ...options }: ResetDraftOptions): Promise<ResetSummary> {
  return db.$transaction(
    async (tx) => {
      const { plan, revision } = await prepare(tx, options);
      if (plan.creates.length + plan.updates.length + plan.deletes.length + plan.namespaces.length === 0)
        throw new AppError("UNPROCESSABLE", `Nothing to reset: this already matches version ${options.version}.`);
      const w: GroupWrite = { tx, catalog: options.catalog, actor, groupId: newGroupId(), events: [] };
      const bases = await basesOfDoomed(
        tx,
        options.catalog.id,
        plan.deletes.map((d) => d.id),
      );
      for (const current of plan.deletes) await deleteToolIn(w, current);
      // The deleted tools' upstream bases stay in the group, so reverting the reset brings them back with the tools.
      const group = { teamId: options.catalog.teamId, catalogId: options.catalog.id, actor, groupId: w.groupId };
      if (bases.length > 0) w.events.push(upstreamReplacedEvent(group, bases, "deletion"));
      for (const { current, values } of plan.updates) await writeToolFields(w, current, values);
      for (const values of plan.creates) await createToolFrom(w, values);
      for (const ns of plan.namespaces) await writeNamespaceDescription(w, ns.name, ns.description);
      const summary = summarize(options.version, plan, revision, w.groupId);
      const counts = { created: summary.created.length, updated: summary.updated.length };
      w.events.push({
        teamId: options.catalog.teamId,
        catalogId: options.catalog.id,
        actor,
        groupId: w.groupId,
        action: "catalog.draft_reset",
        targetType: "catalog",
        targetId: options.catalog.id,
        after: { version: options.version, scope: options.scope, ...counts, deleted: summary.deleted.length },
      });
      await flushEvents(w);
      return summary;
    },
    { timeout: 120_000, maxWait: 15_000 },
  );
}
