import type { Catalog, Team } from "@prisma/client";
import { currentPacks, DEFAULT_B, DEFAULT_K1, effectiveSearchText, LEGACY_VOCABULARY, vocabularyKey } from "@/search/index";
import { MCP_METADATA_FIELDS, SNAPSHOT_FORMAT, type McpToolMetadata, type SnapshotContent, type SnapshotTool } from "@/sdk/snapshot";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { toProfile } from "../catalogs/list-catalogs";

export const SEARCH_TEXT_MODE_NAMES = { generated: "generated", generated_extra: "generated+extra", override: "override" } as const;

interface ToolRow {
  id: string;
  key: string;
  name: string;
  description: string;
  parameters: unknown;
  strict: boolean;
  exposure: "direct" | "deferred" | "hidden";
  fallback: "direct" | "hidden";
  /** The database label, which is the search-text mode's name ("generated+extra"), not Prisma's enum key. */
  searchTextMode: (typeof SEARCH_TEXT_MODE_NAMES)[keyof typeof SEARCH_TEXT_MODE_NAMES];
  searchTextExtra: string;
  searchTextOverride: string;
  mcpServer: string | null;
  mcpTitle: string | null;
  mcpMetadata: McpToolMetadata | null;
  nsName: string | null;
  nsDescription: string | null;
  version: string;
}

/**
 * A tool row's version: the xmin (id of the transaction that wrote it) of the tool row and of its namespace
 * row. Postgres gives every row version written a new xmin, whatever the writer did or forgot (revision,
 * updatedAt), so an unchanged version means the very row the draft was built from. A draft's namespaces are
 * those of its tools, so tool versions cover every row the draft depends on.
 */
const VERSION = `t.xmin::text || ':' || coalesce(n.xmin::text, '')`;
const FROM_TOOLS = `FROM "Tool" t LEFT JOIN "Namespace" n ON n."id" = t."namespaceId" WHERE t."catalogId" = $1`;

// Plain queries instead of model queries with an include: the draft is read on every edit-and-see and inside
// every publish, and Prisma's model layer doubles the read time of a few thousand rows.
const TOOLS_SQL = `
  SELECT t."id", t."key", t."name", t."description", t."parameters", t."strict", t."exposure"::text AS "exposure",
         t."fallback"::text AS "fallback", t."searchTextMode"::text AS "searchTextMode", t."searchTextExtra",
         t."searchTextOverride", t."mcpServer", t."mcpTitle", t."mcpMetadata", n."name" AS "nsName", n."description" AS "nsDescription",
         ${VERSION} AS "version"
  ${FROM_TOOLS}`;
const SOME_TOOLS_SQL = `${TOOLS_SQL} AND t."id" IN (SELECT jsonb_array_elements_text($2::jsonb))`;
const TOOL_VERSIONS_SQL = `SELECT t."id", ${VERSION} AS "version" ${FROM_TOOLS}`;

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The snapshot's `mcp` object: server and title, then the metadata in MCP's field order (as the schema parses it). */
function mcpOf(row: ToolRow): NonNullable<SnapshotTool["mcp"]> {
  const metadata = row.mcpMetadata ?? {};
  const present = MCP_METADATA_FIELDS.filter((field) => metadata[field] !== undefined).map((field) => [field, metadata[field]]);
  return { server: row.mcpServer, title: row.mcpTitle, ...Object.fromEntries(present) };
}

/** A tool in snapshot form, or null when hidden (hidden tools are not published). */
function toSnapshotTool(row: ToolRow): SnapshotTool | null {
  if (row.exposure === "hidden") return null;
  return {
    id: row.key,
    namespace: row.nsName,
    name: row.name,
    exposure: row.exposure,
    ...(row.exposure === "deferred" ? { fallback: row.fallback } : {}),
    searchText: effectiveSearchText({
      name: row.name,
      description: row.description,
      parameters: row.parameters,
      namespace: row.nsName === null ? null : { name: row.nsName, description: row.nsDescription ?? "" },
      mcpServer: row.mcpServer,
      mcpTitle: row.mcpTitle,
      searchTextMode: row.searchTextMode,
      searchTextExtra: row.searchTextExtra,
      searchTextOverride: row.searchTextOverride,
    }),
    spec: {
      type: "function",
      name: row.name,
      description: row.description,
      parameters: row.parameters as Record<string, unknown>,
      strict: row.strict,
    },
    ...(row.mcpServer || row.mcpTitle || row.mcpMetadata ? { mcp: mcpOf(row) } : {}),
  };
}

/** The draft as read from the rows, kept so the next read can take only what changed: every tool row, hidden ones included, by row id. */
export interface DraftState {
  content: SnapshotContent;
  rows: Map<string, DraftRow>;
}

interface DraftRow {
  version: string;
  tool: SnapshotTool | null;
  namespace: { name: string; description: string } | null;
}

/** The catalog's vocabulary for the snapshot: omitted when it is the legacy one, so older snapshots keep their hash. */
function vocabularyOf(catalog: Catalog): Pick<SnapshotContent["engine"], "vocabulary"> {
  const vocabulary = { packs: currentPacks(catalog.vocabularyPacks), lines: catalog.vocabularyLines };
  return vocabularyKey(vocabulary) === vocabularyKey(LEGACY_VOCABULARY) ? {} : { vocabulary };
}

/** What the draft takes from the team and catalog rows (they are not re-read with the tools). */
export function draftHeader(team: Pick<Team, "slug">, catalog: Catalog): Pick<SnapshotContent, "format" | "catalog" | "engine"> {
  return {
    format: SNAPSHOT_FORMAT,
    catalog: { team: team.slug, slug: catalog.slug, name: catalog.name },
    engine: {
      profile: toProfile(catalog.engineProfile),
      k1: DEFAULT_K1,
      b: DEFAULT_B,
      defaultLimit: catalog.defaultLimit,
      ...(catalog.dropWeakHits ? { dropWeakHits: true as const } : {}),
      ...vocabularyOf(catalog),
    },
  };
}

const draftRow = (row: ToolRow): DraftRow => ({
  version: row.version,
  tool: toSnapshotTool(row),
  namespace: row.nsName === null ? null : { name: row.nsName, description: row.nsDescription ?? "" },
});

function assemble(team: Pick<Team, "slug">, catalog: Catalog, rows: DraftState["rows"]): DraftState {
  const tools: SnapshotTool[] = [];
  const namespaces = new Map<string, { name: string; description: string }>();
  for (const { tool, namespace } of rows.values()) {
    if (!tool) continue; // hidden: neither the tool nor its namespace is published
    tools.push(tool);
    if (namespace) namespaces.set(namespace.name, namespace);
  }
  // Sorted here, by code point, not by the database: a server's collation must not change the hash.
  tools.sort((a, b) => byCodePoint(a.id, b.id));
  const content: SnapshotContent = { ...draftHeader(team, catalog), namespaces: [...namespaces.values()].sort((a, b) => byCodePoint(a.name, b.name)), tools };
  return { content, rows };
}

type DraftOptions = { db: SqlSource; team: Pick<Team, "slug">; catalog: Catalog };

/**
 * Reads the draft. Given the `previous` read of the same catalog (same team and catalog settings), it first
 * reads every tool row's version and then only the rows that changed: `previous` itself when none did.
 */
export async function readDraft({ db, team, catalog }: DraftOptions, previous?: DraftState): Promise<DraftState> {
  if (!previous) {
    const rows = await queryRows<ToolRow>(db, TOOLS_SQL, [catalog.id]);
    return assemble(team, catalog, new Map(rows.map((row) => [row.id, draftRow(row)])));
  }
  const versions = await queryRows<{ id: string; version: string }>(db, TOOL_VERSIONS_SQL, [catalog.id]);
  const changed = versions.filter(({ id, version }) => previous.rows.get(id)?.version !== version).map(({ id }) => id);
  if (changed.length === 0 && versions.length === previous.rows.size) return previous;
  const current = new Set(versions.map(({ id }) => id));
  const rows: DraftState["rows"] = new Map([...previous.rows].filter(([id]) => current.has(id)));
  // A row changed again (or deleted) since its version was read is read as it is now, or dropped.
  for (const id of changed) rows.delete(id);
  if (changed.length > 0) for (const row of await queryRows<ToolRow>(db, SOME_TOOLS_SQL, [catalog.id, JSON.stringify(changed)])) rows.set(row.id, draftRow(row));
  return assemble(team, catalog, rows);
}

/**
 * The catalog's draft (its live rows) in snapshot form: hidden tools left out, tools and
 * namespaces sorted by id, each tool's effective search text computed by `search/`.
 */
export async function buildSnapshotContent(options: DraftOptions): Promise<SnapshotContent> {
  return (await readDraft(options)).content;
}
