import { Prisma, type Catalog, type SearchTextMode as DbSearchTextMode } from "@prisma/client";
import { TOOL, TOOL_FIELD_NAMES, type ToolFieldName, type ToolFieldSpec, type ToolValues } from "@/domain/tool";
import { invert, SEARCH_TEXT_MODE_DB } from "@/domain/vocabulary";
import { analyzeText, effectiveSearchText, generateSearchText, type SearchTextMode } from "@/search/index";
import { jsonColumn } from "../../db/json-column";
import { toProfile } from "../catalogs/list-catalogs";

/** The API spells the modes as docs/design.md does ("generated+extra"); the database enum cannot hold "+". */
const MODE_TO_DB = SEARCH_TEXT_MODE_DB satisfies Record<SearchTextMode, DbSearchTextMode>;
const MODE_FROM_DB = invert(SEARCH_TEXT_MODE_DB) satisfies Record<DbSearchTextMode, SearchTextMode>;
export const toApiMode = (mode: DbSearchTextMode): SearchTextMode => MODE_FROM_DB[mode];
export const toDbMode = (mode: SearchTextMode): DbSearchTextMode => MODE_TO_DB[mode];

/** The fields stored in a `Tool` column of their own name (namespace is a relation). */
type ColumnName = {
  [K in ToolFieldName]: (typeof TOOL)[K]["column"]["kind"] extends "namespace" ? never : K;
}[ToolFieldName];
const COLUMN_NAMES = TOOL_FIELD_NAMES.filter((name) => TOOL[name].column.kind !== "namespace") as ColumnName[];
/** What Prisma writes for the fields: a field of domain/tool.ts without a column in schema.prisma fails to compile here. */
export type ToolColumns = Pick<Prisma.ToolUncheckedCreateInput, ColumnName>;

/** The tool's own columns, without the namespace: one statement, for a write whose namespace the caller already has. */
export const toolOwnSelect = {
  id: true,
  key: true,
  ...(Object.fromEntries(COLUMN_NAMES.map((name) => [name, true])) as { [K in ColumnName]: true }),
  revision: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.ToolSelect;

export const toolSelect = {
  ...toolOwnSelect,
  namespace: { select: { name: true, description: true } },
} satisfies Prisma.ToolSelect;

export type ToolRow = Prisma.ToolGetPayload<{ select: typeof toolSelect }>;

/** A tool's stored fields in API form (what audit events record and what exports compare). */
export function toToolRecord(row: ToolRow) {
  const values: Record<string, unknown> = {};
  for (const name of TOOL_FIELD_NAMES) {
    const column: ToolFieldSpec["column"] = TOOL[name].column;
    if (column.kind === "namespace") values[name] = row.namespace?.name ?? null;
    else if (column.kind === "enum" && column.db) values[name] = invert(column.db)[row[name as ColumnName] as string];
    else values[name] = row[name as ColumnName];
  }
  return {
    id: row.id,
    key: row.key,
    ...(values as ToolValues),
    revision: row.revision,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The columns Prisma writes for (some) fields in API form; the namespace, a relation, is the caller's. */
export function toolColumns(values: Omit<ToolValues, "namespace">): ToolColumns;
export function toolColumns(values: Partial<ToolValues>): Partial<ToolColumns>;
export function toolColumns(values: Partial<ToolValues>): Partial<ToolColumns> {
  const data: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const column: ToolFieldSpec["column"] = TOOL[name as ToolFieldName].column;
    if (value === undefined || column.kind === "namespace") continue;
    if (column.kind === "json") data[name] = value === null ? Prisma.DbNull : jsonColumn(value);
    else if (column.kind === "enum" && column.db) data[name] = column.db[value as string];
    else data[name] = value;
  }
  return data as Partial<ToolColumns>;
}

export type ToolRecord = ReturnType<typeof toToolRecord>;

/** The search-text input of a row, as `search/` wants it. */
export function searchTextInput(row: ToolRow) {
  return {
    name: row.name,
    description: row.description,
    parameters: row.parameters,
    namespace: row.namespace,
    mcpServer: row.mcpServer,
    mcpTitle: row.mcpTitle,
    searchTextMode: toApiMode(row.searchTextMode),
    searchTextExtra: row.searchTextExtra,
    searchTextOverride: row.searchTextOverride,
  };
}

/** The full tool: stored fields plus generated and effective search text and its tokens under the catalog's profile. */
export function toToolDetail(row: ToolRow, catalog: Pick<Catalog, "engineProfile">) {
  const input = searchTextInput(row);
  const effective = effectiveSearchText(input);
  const profile = toProfile(catalog.engineProfile);
  return {
    ...toToolRecord(row),
    generatedSearchText: generateSearchText(input),
    effectiveSearchText: effective,
    profile,
    tokens: analyzeText(effective, profile),
  };
}

export type ToolDetail = ReturnType<typeof toToolDetail>;

/** The fields an audit event keeps of a tool (timestamps left out: they change on every write). */
export function auditView(record: ToolRecord) {
  const { createdAt: _c, updatedAt: _u, ...rest } = record;
  return rest;
}

export const toolKey = (namespace: string | null, name: string) => (namespace ? `${namespace}.${name}` : name);
