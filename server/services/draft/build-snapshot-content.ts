import type { Catalog, Team } from "@prisma/client";
import type { z } from "zod";
import { snapshotFields, TOOL, type ToolDefinition, type ToolFieldName } from "@/domain/tool";
import {
  currentPacks,
  DEFAULT_B,
  DEFAULT_K1,
  effectiveSearchText,
  LEGACY_VOCABULARY,
  vocabularyKey,
} from "@/search/index";
import {
  MCP_METADATA_FIELDS,
  SNAPSHOT_FORMAT,
  type SnapshotContent,
  type SnapshotTool,
} from "@/domain/snapshot/verify";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { toProfile } from "../catalogs/list-catalogs";

/** A tool row as the draft query reads it: every column of domain/tool.ts, the namespace's name and description. */
export type DraftToolRow = {
  id: string;
  key: string;
  revision: number;
  nsName: string | null;
  nsDescription: string | null;
  version: string;
} & {
  [K in ToolFieldName as (typeof TOOL)[K]["column"]["kind"] extends "namespace" ? never : K]: z.output<
    (typeof TOOL)[K]["schema"]
  >;
};

/**
 * The definition's columns in SQL. An enum is read as its Postgres label, which is the API's spelling
 * ("generated+extra": Prisma's `@map`), not Prisma's enum key; the namespace comes from the join.
 */
export function toolColumnsSql(def: ToolDefinition): string {
  return Object.entries(def)
    .filter(([, spec]) => spec.column.kind !== "namespace")
    .map(([name, spec]) => (spec.column.kind === "enum" ? `t."${name}"::text AS "${name}"` : `t."${name}"`))
    .join(", ");
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
  SELECT t."id", t."key", t."revision", ${toolColumnsSql(TOOL)}, n."name" AS "nsName", n."description" AS "nsDescription", ${VERSION} AS "version"
  ${FROM_TOOLS}`;
/** The tools among the ids in $2 and the tools of the namespaces among them (a namespace write changes its tools). */
const SOME_TOOLS_SQL = `${TOOLS_SQL}
  AND (t."id" IN (SELECT jsonb_array_elements_text($2::jsonb)) OR t."namespaceId" IN (SELECT jsonb_array_elements_text($2::jsonb)))`;
const TOOL_VERSIONS_SQL = `SELECT t."id", ${VERSION} AS "version" ${FROM_TOOLS}`;

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The snapshot's `mcp` object: server and title, then the metadata in MCP's field order (as the schema parses it). */
function mcpOf(row: DraftToolRow): NonNullable<SnapshotTool["mcp"]> {
  const metadata = row.mcpMetadata ?? {};
  const present = MCP_METADATA_FIELDS.filter((field) => metadata[field] !== undefined).map((field) => [
    field,
    metadata[field],
  ]);
  return { server: row.mcpServer, title: row.mcpTitle, ...Object.fromEntries(present) };
}

/** Top-level snapshot keys placed by hand below (identity, exposure); any other `tool` field is copied when not at its default. */
const PLACED_TOP_LEVEL = new Set(["namespace", "exposure", "fallback"]);

/** A tool in snapshot form, or null when hidden (hidden tools are not published). `def` is for tests extending it. */
export function toSnapshotTool(row: DraftToolRow, def: ToolDefinition = TOOL): SnapshotTool | null {
  if (row.exposure === "hidden") return null;
  const values = row as unknown as Record<string, unknown>;
  // Left out at the default, so a field added later does not change the hash of snapshots published before it.
  const topLevel = snapshotFields(def, "tool")
    .filter(
      (name) => !PLACED_TOP_LEVEL.has(name) && JSON.stringify(values[name]) !== JSON.stringify(def[name]!.default),
    )
    .map((name) => [name, values[name]]);
  return {
    id: row.key,
    namespace: row.nsName,
    name: row.name,
    exposure: row.exposure,
    ...(row.exposure === "deferred" ? { fallback: row.fallback } : {}),
    ...Object.fromEntries(topLevel),
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
      ...Object.fromEntries(snapshotFields(def, "spec").map((name) => [name, values[name]])),
    } as SnapshotTool["spec"],
    ...(row.mcpServer || row.mcpTitle || row.mcpMetadata ? { mcp: mcpOf(row) } : {}),
  };
}

/** The draft as read from the rows, kept so the next read can take only what changed: every tool row, hidden ones included, by row id. */
export interface DraftState {
  content: SnapshotContent;
  rows: Map<string, DraftRow>;
  /** Each tool key's row id and revision (what the editor needs to save it), hidden tools included. */
  live: Map<string, LiveRow>;
}

export interface LiveRow {
  id: string;
  revision: number;
}

interface DraftRow {
  live: LiveRow & { key: string };
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
export function draftHeader(
  team: Pick<Team, "slug">,
  catalog: Catalog,
): Pick<SnapshotContent, "format" | "catalog" | "engine"> {
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

const draftRow = (row: DraftToolRow): DraftRow => ({
  live: { id: row.id, key: row.key, revision: row.revision },
  version: row.version,
  tool: toSnapshotTool(row),
  namespace: row.nsName === null ? null : { name: row.nsName, description: row.nsDescription ?? "" },
});

function assemble(team: Pick<Team, "slug">, catalog: Catalog, rows: DraftState["rows"]): DraftState {
  const tools: SnapshotTool[] = [];
  const namespaces = new Map<string, { name: string; description: string }>();
  const live = new Map<string, LiveRow>();
  for (const { live: row, tool, namespace } of rows.values()) {
    live.set(row.key, row);
    if (!tool) continue; // hidden: neither the tool nor its namespace is published
    tools.push(tool);
    if (namespace) namespaces.set(namespace.name, namespace);
  }
  // Sorted here, by code point, not by the database: a server's collation must not change the hash.
  tools.sort((a, b) => byCodePoint(a.id, b.id));
  const content: SnapshotContent = {
    ...draftHeader(team, catalog),
    namespaces: [...namespaces.values()].sort((a, b) => byCodePoint(a.name, b.name)),
    tools,
  };
  return { content, rows, live };
}

type DraftOptions = { db: SqlSource; team: Pick<Team, "slug">; catalog: Catalog };

/** `previous` with the rows of `ids` (tool or namespace row ids) read again: added, changed or dropped. */
async function rereadRows(
  { db, team, catalog }: DraftOptions,
  previous: DraftState,
  ids: string[],
): Promise<DraftState> {
  if (ids.length === 0) return previous;
  const rows: DraftState["rows"] = new Map(previous.rows);
  for (const id of ids) rows.delete(id);
  for (const row of await queryRows<DraftToolRow>(db, SOME_TOOLS_SQL, [catalog.id, JSON.stringify(ids)])) {
    rows.set(row.id, draftRow(row));
  }
  return assemble(team, catalog, rows);
}

/**
 * Reads the draft. Given the `previous` read of the same catalog (same team and catalog settings) and the ids of
 * the tool and namespace rows written since (`changed`, from the draft change log), it reads only those rows.
 * Without `changed` it first reads every tool row's version and then only the rows that changed: `previous`
 * itself when none did.
 */
export async function readDraft(options: DraftOptions, previous?: DraftState, changed?: string[]): Promise<DraftState> {
  const { db, team, catalog } = options;
  if (!previous) {
    const rows = await queryRows<DraftToolRow>(db, TOOLS_SQL, [catalog.id]);
    return assemble(team, catalog, new Map(rows.map((row) => [row.id, draftRow(row)])));
  }
  if (changed) return rereadRows(options, previous, changed);
  const versions = await queryRows<{ id: string; version: string }>(db, TOOL_VERSIONS_SQL, [catalog.id]);
  const current = new Set(versions.map(({ id }) => id));
  // A row changed again (or deleted) since its version was read is read as it is now, or dropped.
  const stale = versions.filter(({ id, version }) => previous.rows.get(id)?.version !== version).map(({ id }) => id);
  const gone = [...previous.rows.keys()].filter((id) => !current.has(id));
  return rereadRows(options, previous, [...stale, ...gone]);
}

/**
 * The catalog's draft (its live rows) in snapshot form: hidden tools left out, tools and
 * namespaces sorted by id, each tool's effective search text computed by `search/`.
 */
export async function buildSnapshotContent(options: DraftOptions): Promise<SnapshotContent> {
  return (await readDraft(options)).content;
}
