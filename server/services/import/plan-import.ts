import "server-only";
import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Exposure, Prisma, PrismaClient } from "@prisma/client";
import { TOOL, TOOL_IMPORTED_FIELDS, type ToolImportedField } from "@/domain/tool";
import { canonicalJson } from "@/domain/snapshot/verify";
import { IMPORT_ROW_STATUSES } from "@/domain/import";
import { toolKey, toolSelect, toToolRecord, type ToolRecord } from "../tools/tool-shape";
import { validateToolFields } from "../tools/validate-tool";
import { report, type ImportControl } from "./import-progress";
import type { ParsedSource, ParsedTool } from "./parse-tool-source";
import { readUpstreamBases, upstreamOf, type UpstreamBase } from "./upstream-base";

export interface ImportOptions {
  /** Namespace for tools that do not bring their own (OpenAI namespaces do); null = none. */
  namespace: string | null;
  /** The MCP server the tools come from: recorded on each tool, and re-imports match on it + name. */
  mcpServer: string | null;
  /** Exposure of new tools when the source says nothing about `defer_loading`. */
  exposure: Exposure;
  /** Description of namespaces this import creates, when the source gives none (a live server's, see describeServer). */
  namespaceDescription?: string | null;
  /** More namespaces whose tools without a server belong to this source (a sync's earlier OpenAPI tags). */
  removalNamespaces?: readonly string[];
}

/**
 * `changed`: upstream changed fields the team left alone; `conflict`: upstream changed a field the team also
 * edited (the user takes upstream's or keeps the team's); `removed`: a tool of this source the source no longer
 * lists (the user removes or keeps it).
 */
export type RowStatus = "new" | "changed" | "conflict" | "removed" | "unchanged" | "invalid" | "skipped";

export interface FieldChange {
  field: ToolImportedField;
  /** The catalog's value (the team's, for a conflict). */
  before: string;
  /** The source's value. */
  after: string;
  /** The team edited this field since the last import and upstream changed it too. */
  conflict: boolean;
}

export interface PlanRow {
  index: number;
  label: string;
  status: RowStatus;
  key: string | null;
  messages: string[];
  changes: FieldChange[];
  /** For new rows: the exposure it will get. */
  exposure: Exposure | null;
  toolId: string | null;
  revision: number | null;
}

/** What commit needs beyond the preview rows: the resolved input of each importable row. */
export interface PlannedWrite {
  row: PlanRow;
  tool: Omit<ParsedTool, "namespace"> & { namespace: string | null; mcpServer: string | null };
  existing: ToolRecord | null;
  /** What the source sends for the imported fields, recorded on the tool as its new upstream base. */
  upstream: UpstreamBase;
  /** The tool's stored base differs from `upstream` (or it has none): the commit records the new one. */
  upstreamChanged: boolean;
}

type Db = PrismaClient | Prisma.TransactionClient;
const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const text = (value: unknown) =>
  value === null || value === undefined ? "" : typeof value === "string" ? value : pretty(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The imported fields (domain/tool.ts) whose value the source changes: a field the source says nothing about
 * (undefined), or null for an `unlessNull` field, keeps the stored value. With the source's previous values
 * (`base`), a field the team edited that upstream left as it was keeps the team's value (`kept`), and one both
 * changed is a conflict.
 */
function diffFields(existing: ToolRecord, tool: PlannedWrite["tool"], base: UpstreamBase | undefined) {
  const changes: FieldChange[] = [];
  const kept: ToolImportedField[] = [];
  for (const field of TOOL_IMPORTED_FIELDS) {
    const value = (tool as Partial<Record<ToolImportedField, unknown>>)[field];
    if (value === undefined || (value === null && TOOL[field].imported === "unlessNull")) continue;
    // Key order counts (the model reads properties in it): a reordered schema is a change.
    if (same(value, existing[field])) continue;
    const known = base !== undefined && Object.hasOwn(base, field);
    if (known && same(value, base[field])) {
      kept.push(field);
      continue;
    }
    const conflict = known && !same(existing[field], base[field]);
    changes.push({ field, before: text(existing[field]), after: text(value), conflict });
  }
  return { changes, kept };
}

type SourceItem = ParsedSource["items"][number];
type PlannedTool = PlannedWrite["tool"];

/** What planning one row needs to know about the catalog and the rows before it. */
interface PlanContext {
  byKey: Map<string, ToolRecord>;
  byServer: Map<string, ToolRecord>;
  bases: Map<string, UpstreamBase>;
  usesDeferLoading: boolean;
  options: ImportOptions;
  seenKeys: Map<string, string>;
  matched: Set<string>;
  writes: PlannedWrite[];
}

/** The existing tool a valid row updates (same MCP server + name, else same key), or a refusal message. */
function matchOf(ctx: PlanContext, key: string, tool: PlannedTool): { match: ToolRecord | null } | { refusal: string } {
  const sameServer = tool.mcpServer ? ctx.byServer.get(`${tool.mcpServer}\u0000${tool.name}`) : undefined;
  const sameKey = ctx.byKey.get(key);
  if (!sameServer && sameKey && tool.mcpServer && sameKey.mcpServer && sameKey.mcpServer !== tool.mcpServer) {
    return {
      refusal: `"${key}" already exists from MCP server "${sameKey.mcpServer}"; import into another namespace.`,
    };
  }
  const match = sameServer ?? sameKey ?? null;
  if (match && ctx.matched.has(match.id)) return { refusal: `"${match.key}" would be updated twice by this import.` };
  return { match };
}

function planRow(ctx: PlanContext, item: SourceItem): PlanRow {
  const row: PlanRow = {
    index: item.index,
    label: item.label,
    status: "invalid",
    key: null,
    messages: [],
    changes: [],
    exposure: null,
    toolId: null,
    revision: null,
  };
  if (item.skipped) return { ...row, status: "skipped", messages: [item.skipped] };
  if (!item.tool) return { ...row, messages: [item.error ?? "Could not read this entry."] };
  const tool = {
    ...item.tool,
    namespace: item.tool.namespace ?? ctx.options.namespace,
    mcpServer: item.tool.mcpServer ?? ctx.options.mcpServer,
  };
  row.key = toolKey(tool.namespace, tool.name);
  const issues = validateToolFields({
    name: tool.name,
    namespace: tool.namespace,
    description: tool.description,
    parameters: tool.parameters,
    strict: tool.strict ?? false,
    mcpServer: tool.mcpServer,
    mcpTitle: tool.mcpTitle,
    mcpMetadata: tool.mcpMetadata,
  });
  if (issues.length > 0) return { ...row, messages: issues.map((i) => i.message) };
  const twin = ctx.seenKeys.get(row.key);
  if (twin !== undefined)
    return { ...row, messages: [`"${row.key}" appears more than once in the import (also as ${twin}).`] };
  ctx.seenKeys.set(row.key, item.label);

  const found = matchOf(ctx, row.key, tool);
  if ("refusal" in found) return { ...row, messages: [found.refusal] };
  const { match } = found;
  if (match) {
    ctx.matched.add(match.id);
    const { changes, kept } = diffFields(match, tool, ctx.bases.get(match.id));
    Object.assign(row, {
      key: match.key,
      toolId: match.id,
      revision: match.revision,
      changes,
      status: changes.some((c) => c.conflict) ? "conflict" : changes.length > 0 ? "changed" : "unchanged",
      messages: kept.map(
        (field) => `Keeps the team's ${TOOL[field].label.toLowerCase()} (the source did not change it).`,
      ),
    });
  } else {
    row.status = "new";
    row.exposure = ctx.usesDeferLoading ? (tool.deferLoading ? "deferred" : "direct") : ctx.options.exposure;
  }
  const upstream = upstreamOf(tool);
  const upstreamChanged = !match || !same(ctx.bases.get(match.id), upstream);
  ctx.writes.push({ row, tool, existing: match, upstream, upstreamChanged });
  return row;
}

/**
 * The tools of this source the source no longer lists: those of its MCP server(s) when it names one, else those
 * without a server in the namespaces it imports into. Never those it lists under any status (an invalid row
 * is not a removal).
 */
function planRemovals(ctx: PlanContext, existing: ToolRecord[], source: ParsedSource): ToolRecord[] {
  const servers = new Set<string>();
  const namespaces = new Set<string>();
  if (ctx.options.mcpServer) servers.add(ctx.options.mcpServer);
  if (ctx.options.namespace) namespaces.add(ctx.options.namespace);
  for (const name of ctx.options.removalNamespaces ?? []) namespaces.add(name);
  for (const { tool } of ctx.writes) {
    if (tool.mcpServer) servers.add(tool.mcpServer);
    if (tool.namespace) namespaces.add(tool.namespace);
  }
  // A server's tools are known by name; a namespace's by key (OpenAPI tags give one name in several namespaces).
  const byServer = servers.size > 0;
  const listed = new Set(
    source.items.map((item) =>
      !item.tool
        ? item.label
        : byServer
          ? item.tool.name
          : toolKey(item.tool.namespace ?? ctx.options.namespace, item.tool.name),
    ),
  );
  const ofSource = (t: ToolRecord) =>
    byServer ? t.mcpServer !== null && servers.has(t.mcpServer) : !t.mcpServer && namespaces.has(t.namespace ?? "");
  return existing
    .filter((t) => !ctx.matched.has(t.id) && !listed.has(byServer ? t.name : t.key) && ofSource(t))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Golden queries that expect each of `keys`, counted per key. */
async function goldenUses(db: Db, catalogId: string, keys: string[]): Promise<Map<string, number>> {
  const uses = new Map<string, number>();
  if (keys.length === 0) return uses;
  const queries = await db.evalQuery.findMany({
    where: { catalogId, expected: { hasSome: keys } },
    select: { expected: true },
  });
  for (const q of queries) for (const key of q.expected) uses.set(key, (uses.get(key) ?? 0) + 1);
  return uses;
}

async function removalRows(db: Db, catalogId: string, removals: ToolRecord[], start: number): Promise<PlanRow[]> {
  const golden = await goldenUses(
    db,
    catalogId,
    removals.map((t) => t.key),
  );
  return removals.map((t, i) => {
    const uses = golden.get(t.key) ?? 0;
    return {
      index: start + i,
      label: t.key,
      status: "removed",
      key: t.key,
      messages: [
        "The source no longer lists this tool: remove it from the catalog, or keep it.",
        ...(uses > 0 ? [`${uses} golden ${uses === 1 ? "query expects" : "queries expect"} it.`] : []),
      ],
      changes: [],
      exposure: null,
      toolId: t.id,
      revision: t.revision,
    };
  });
}

/**
 * Compares a parsed source with the catalog: each row becomes new / changed (field before and after) /
 * conflict / unchanged / invalid (with messages) / skipped, and each tool of this source it no longer lists a
 * removed row. Re-imports match an existing tool on MCP server + name, else on key, and keep its namespace,
 * exposure and search text, and the team's edits of fields upstream did not change (curation survives).
 */
export async function planImport(
  db: Db,
  catalogId: string,
  source: ParsedSource,
  options: ImportOptions,
  control?: ImportControl,
) {
  const existing = (await db.tool.findMany({ where: { catalogId }, select: toolSelect })).map(toToolRecord);
  const ctx: PlanContext = {
    byKey: new Map(existing.map((t) => [t.key, t])),
    byServer: new Map(existing.filter((t) => t.mcpServer).map((t) => [`${t.mcpServer}\u0000${t.name}`, t])),
    bases: await readUpstreamBases(db, catalogId),
    usesDeferLoading: source.items.some((item) => item.tool?.deferLoading !== undefined),
    options,
    seenKeys: new Map<string, string>(),
    matched: new Set<string>(),
    writes: [],
  };
  const total = source.items.length;
  const planned: PlanRow[] = [];
  for (const [i, item] of source.items.entries()) {
    if (i % 100 === 0) {
      report(control, "diff", i, total);
      // Lets the process answer others meanwhile (a progress poll, a cancel: the embedded database's one
      // connection is not held yet, but this one thread is).
      if (i > 0) await nextTurn();
    }
    planned.push(planRow(ctx, item));
  }
  report(control, "diff", total, total);
  const removals = planRemovals(ctx, existing, source);
  const rows = [...planned, ...(await removalRows(db, catalogId, removals, source.items.length))];
  const counts = Object.fromEntries(IMPORT_ROW_STATUSES.map((s) => [s, 0])) as Record<RowStatus, number>;
  for (const row of rows) counts[row.status]++;
  const fingerprint = createHash("sha256")
    .update(
      canonicalJson(
        rows.map((r) => [r.index, r.status, r.key, r.toolId, r.revision, r.changes.map((c) => [c.field, c.conflict])]),
      ),
    )
    .digest("hex")
    .slice(0, 32);
  return { format: source.format, rows, counts, fingerprint, writes: ctx.writes, removals };
}

export type ImportPlan = Awaited<ReturnType<typeof planImport>>;
