import "server-only";
import { createHash } from "node:crypto";
import type { Exposure, Prisma, PrismaClient } from "@prisma/client";
import { TOOL, TOOL_IMPORTED_FIELDS, type ToolImportedField } from "@/domain/tool";
import { canonicalJson } from "@/domain/snapshot/verify";
import { toolKey, toolSelect, toToolRecord, type ToolRecord } from "../tools/tool-shape";
import { validateToolFields } from "../tools/validate-tool";
import type { ParsedSource, ParsedTool } from "./parse-tool-source";

export interface ImportOptions {
  /** Namespace for tools that do not bring their own (OpenAI namespaces do); null = none. */
  namespace: string | null;
  /** The MCP server the tools come from: recorded on each tool, and re-imports match on it + name. */
  mcpServer: string | null;
  /** Exposure of new tools when the source says nothing about `defer_loading`. */
  exposure: Exposure;
  /** Description of namespaces this import creates, when the source gives none (a live server's, see describeServer). */
  namespaceDescription?: string | null;
}

export type RowStatus = "new" | "changed" | "unchanged" | "invalid" | "skipped";

export interface FieldChange {
  field: ToolImportedField;
  before: string;
  after: string;
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
}

type Db = PrismaClient | Prisma.TransactionClient;
const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const text = (value: unknown) =>
  value === null || value === undefined ? "" : typeof value === "string" ? value : pretty(value);

/**
 * The imported fields (domain/tool.ts) whose value the source changes: a field the source says nothing about
 * (undefined), or null for an `unlessNull` field, keeps the stored value.
 */
function diffFields(existing: ToolRecord, tool: PlannedWrite["tool"]): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of TOOL_IMPORTED_FIELDS) {
    const value = (tool as Partial<Record<ToolImportedField, unknown>>)[field];
    if (value === undefined || (value === null && TOOL[field].imported === "unlessNull")) continue;
    // Key order counts (the model reads properties in it): a reordered schema is a change.
    if (JSON.stringify(value) !== JSON.stringify(existing[field]))
      changes.push({ field, before: text(existing[field]), after: text(value) });
  }
  return changes;
}

type SourceItem = ParsedSource["items"][number];
type PlannedTool = PlannedWrite["tool"];

/** What planning one row needs to know about the catalog and the rows before it. */
interface PlanContext {
  byKey: Map<string, ToolRecord>;
  byServer: Map<string, ToolRecord>;
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
    const changes = diffFields(match, tool);
    Object.assign(row, {
      key: match.key,
      toolId: match.id,
      revision: match.revision,
      changes,
      status: changes.length > 0 ? "changed" : "unchanged",
    });
  } else {
    row.status = "new";
    row.exposure = ctx.usesDeferLoading ? (tool.deferLoading ? "deferred" : "direct") : ctx.options.exposure;
  }
  ctx.writes.push({ row, tool, existing: match });
  return row;
}

/**
 * Compares a parsed source with the catalog: each row becomes new / changed (field before and after) /
 * unchanged / invalid (with messages) / skipped. Re-imports match an existing tool on MCP server + name,
 * else on key, and keep its namespace, exposure and search text (curation survives a re-import).
 */
export async function planImport(db: Db, catalogId: string, source: ParsedSource, options: ImportOptions) {
  const existing = (await db.tool.findMany({ where: { catalogId }, select: toolSelect })).map(toToolRecord);
  const ctx: PlanContext = {
    byKey: new Map(existing.map((t) => [t.key, t])),
    byServer: new Map(existing.filter((t) => t.mcpServer).map((t) => [`${t.mcpServer}\u0000${t.name}`, t])),
    usesDeferLoading: source.items.some((item) => item.tool?.deferLoading !== undefined),
    options,
    seenKeys: new Map<string, string>(),
    matched: new Set<string>(),
    writes: [],
  };
  const rows = source.items.map((item) => planRow(ctx, item));
  const counts = { new: 0, changed: 0, unchanged: 0, invalid: 0, skipped: 0 } satisfies Record<RowStatus, number>;
  for (const row of rows) counts[row.status]++;
  const fingerprint = createHash("sha256")
    .update(
      canonicalJson(rows.map((r) => [r.index, r.status, r.key, r.toolId, r.revision, r.changes.map((c) => c.field)])),
    )
    .digest("hex")
    .slice(0, 32);
  return { format: source.format, rows, counts, fingerprint, writes: ctx.writes };
}

export type ImportPlan = Awaited<ReturnType<typeof planImport>>;
