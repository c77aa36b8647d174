import type { Catalog, Prisma, SearchTextMode as DbSearchTextMode } from "@prisma/client";
import { analyzeText, effectiveSearchText, generateSearchText, type SearchTextMode } from "@/search/index";
import type { McpToolMetadata } from "@/sdk/snapshot";
import { toProfile } from "../catalogs/list-catalogs";

/** The API spells the modes as DESIGN.md does; the database enum cannot hold "+". */
export const toApiMode = (mode: DbSearchTextMode): SearchTextMode => (mode === "generated_extra" ? "generated+extra" : mode);
export const toDbMode = (mode: SearchTextMode): DbSearchTextMode => (mode === "generated+extra" ? "generated_extra" : mode);

export const toolSelect = {
  id: true,
  key: true,
  name: true,
  description: true,
  parameters: true,
  strict: true,
  exposure: true,
  fallback: true,
  searchTextMode: true,
  searchTextExtra: true,
  searchTextOverride: true,
  mcpServer: true,
  mcpTitle: true,
  mcpMetadata: true,
  revision: true,
  createdAt: true,
  updatedAt: true,
  namespace: { select: { name: true, description: true } },
} satisfies Prisma.ToolSelect;

export type ToolRow = Prisma.ToolGetPayload<{ select: typeof toolSelect }>;

/** A tool's stored fields in API form (what audit events record and what exports compare). */
export function toToolRecord(row: ToolRow) {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    namespace: row.namespace?.name ?? null,
    description: row.description,
    parameters: row.parameters as Record<string, unknown>,
    strict: row.strict,
    exposure: row.exposure,
    fallback: row.fallback,
    searchTextMode: toApiMode(row.searchTextMode),
    searchTextExtra: row.searchTextExtra,
    searchTextOverride: row.searchTextOverride,
    mcpServer: row.mcpServer,
    mcpTitle: row.mcpTitle,
    mcpMetadata: row.mcpMetadata as McpToolMetadata | null,
    revision: row.revision,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
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
