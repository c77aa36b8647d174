import type { Catalog, Team } from "@prisma/client";
import { DEFAULT_B, DEFAULT_K1, effectiveSearchText } from "@/search/index";
import { SNAPSHOT_FORMAT, type SnapshotContent, type SnapshotTool } from "@/sdk/snapshot";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { toProfile } from "../catalogs/list-catalogs";

export const SEARCH_TEXT_MODE_NAMES = { generated: "generated", generated_extra: "generated+extra", override: "override" } as const;

interface ToolRow {
  id: string;
  revision: number;
  /** Epoch milliseconds. */
  updatedMs: number;
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
  nsName: string | null;
  nsDescription: string | null;
  /** The row version (transaction id of its last write) of the tool row and of its namespace row. */
  xmin: string;
  nsXmin: string | null;
}

interface NamespaceRow {
  id: string;
  xmin: string;
  name: string;
  description: string;
}

// Plain queries instead of model queries with an include: the draft is read on every edit-and-see and inside
// every publish, and Prisma's model layer doubles the read time of a few thousand rows.
const TOOLS_SQL = `
  SELECT t."id", t."revision", (extract(epoch FROM t."updatedAt") * 1000)::float8 AS "updatedMs",
         t."key", t."name", t."description", t."parameters", t."strict", t."exposure"::text AS "exposure",
         t."fallback"::text AS "fallback", t."searchTextMode"::text AS "searchTextMode", t."searchTextExtra",
         t."searchTextOverride", t."mcpServer", t."mcpTitle", n."name" AS "nsName", n."description" AS "nsDescription",
         t.xmin::text AS "xmin", n.xmin::text AS "nsXmin"
  FROM "Tool" t LEFT JOIN "Namespace" n ON n."id" = t."namespaceId"
  WHERE t."catalogId" = $1`;
const CHANGED_TOOLS_SQL = `${TOOLS_SQL} AND (extract(epoch FROM t."updatedAt") * 1000)::float8 >= $2`;
const NAMESPACES_SQL = `SELECT "id", xmin::text AS "xmin", "name", "description" FROM "Namespace" WHERE "catalogId" = $1`;

/**
 * Which row versions a draft is built from, as one string: every tool row with its namespace row, then every
 * namespace row, each as `length:id:xmin`. Postgres gives every row version written a new xmin (the id of the
 * transaction that wrote it), whatever the writer did or forgot (revision, updatedAt), so equal strings mean
 * the very rows the draft was built from. One statement, so one consistent view, even outside a transaction.
 * `draftRowsKey` builds the same string from a DraftState; a mismatch in form only ever costs a full read.
 */
export const DRAFT_ROWS_KEY_SQL = `
  SELECT (SELECT coalesce(string_agg(length(t."id") || ':' || t."id" || ':' || t.xmin::text || ':' || coalesce(n.xmin::text, ''), ',' ORDER BY t."id" COLLATE "C"), '')
          FROM "Tool" t LEFT JOIN "Namespace" n ON n."id" = t."namespaceId" WHERE t."catalogId" = $1)
      || '|' ||
         (SELECT coalesce(string_agg(length("id") || ':' || "id" || ':' || xmin::text, ',' ORDER BY "id" COLLATE "C"), '')
          FROM "Namespace" WHERE "catalogId" = $1) AS "key"`;

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
    ...(row.mcpServer || row.mcpTitle ? { mcp: { server: row.mcpServer, title: row.mcpTitle } } : {}),
  };
}

/**
 * The draft as read from the rows, kept so the next read can take only what changed (see refreshDraft):
 * every tool row, hidden ones included, by row id.
 */
export interface DraftState {
  content: SnapshotContent;
  /** `version`: the tool row's and its namespace row's xmin, `xmin:nsXmin`. */
  rows: Map<string, { revision: number; version: string; tool: SnapshotTool | null }>;
  /** The namespace rows read, by id, with their xmin. */
  namespaceVersions: Map<string, string>;
  /** The newest updatedAt among the rows, epoch ms. */
  newestMs: number;
  revisionSum: number;
}

/** What the draft takes from the team and catalog rows (they are not re-read with the tools). */
export function draftHeader(team: Pick<Team, "slug">, catalog: Catalog): Pick<SnapshotContent, "format" | "catalog" | "engine"> {
  return {
    format: SNAPSHOT_FORMAT,
    catalog: { team: team.slug, slug: catalog.slug, name: catalog.name },
    engine: { profile: toProfile(catalog.engineProfile), k1: DEFAULT_K1, b: DEFAULT_B, defaultLimit: catalog.defaultLimit },
  };
}

/** The string DRAFT_ROWS_KEY_SQL returns while the rows are those `state` was built from. */
export function draftRowsKey(state: DraftState): string {
  const entries = (map: Map<string, unknown>, text: (id: string) => string) => [...map.keys()].sort(byCodePoint).map(text).join(",");
  const tools = entries(state.rows, (id) => `${id.length}:${id}:${state.rows.get(id)!.version}`);
  return `${tools}|${entries(state.namespaceVersions, (id) => `${id.length}:${id}:${state.namespaceVersions.get(id)}`)}`;
}

const toolEntry = (row: ToolRow) => ({ revision: row.revision, version: `${row.xmin}:${row.nsXmin ?? ""}`, tool: toSnapshotTool(row) });

function assemble(team: Pick<Team, "slug">, catalog: Catalog, rows: DraftState["rows"], namespaces: NamespaceRow[], newestMs: number): DraftState {
  // Sorted here, by code point, not by the database: a server's collation must not change the hash.
  const tools = [...rows.values()].flatMap(({ tool }) => (tool ? [tool] : [])).sort((a, b) => byCodePoint(a.id, b.id));
  const used = new Set(tools.map((tool) => tool.namespace).filter(Boolean));
  let revisionSum = 0;
  for (const row of rows.values()) revisionSum += row.revision;
  const content: SnapshotContent = {
    ...draftHeader(team, catalog),
    namespaces: namespaces
      .map(({ name, description }) => ({ name, description }))
      .sort((a, b) => byCodePoint(a.name, b.name))
      .filter((ns) => used.has(ns.name)),
    tools,
  };
  return { content, rows, namespaceVersions: new Map(namespaces.map((ns) => [ns.id, ns.xmin])), newestMs, revisionSum };
}

/** Reads the whole draft. */
export async function readDraft({ db, team, catalog }: { db: SqlSource; team: Pick<Team, "slug">; catalog: Catalog }): Promise<DraftState> {
  // One after the other: inside a transaction both would queue on its one connection anyway.
  const rows = await queryRows<ToolRow>(db, TOOLS_SQL, [catalog.id]);
  const namespaces = await queryRows<NamespaceRow>(db, NAMESPACES_SQL, [catalog.id]);
  const byId: DraftState["rows"] = new Map(rows.map((row) => [row.id, toolEntry(row)]));
  return assemble(team, catalog, byId, namespaces, Math.max(0, ...rows.map((row) => row.updatedMs)));
}

/**
 * The draft after tool edits, reading only the rows changed since `previous` (every write bumps updatedAt and
 * revision). `expected` is what the database says now (tool count and revision sum, from the draft fingerprint):
 * when the patched state does not add up to it — a tool was deleted, or a clock went backwards — the whole draft
 * is read instead. Namespace or catalog changes are the caller's to detect (they need a full read).
 */
export async function refreshDraft(
  { db, team, catalog }: { db: SqlSource; team: Pick<Team, "slug">; catalog: Catalog },
  previous: DraftState,
  expected: { toolCount: number; revisionSum: number },
): Promise<DraftState> {
  const changed = await queryRows<ToolRow>(db, CHANGED_TOOLS_SQL, [catalog.id, previous.newestMs]);
  const rows: DraftState["rows"] = new Map(previous.rows);
  for (const row of changed) rows.set(row.id, toolEntry(row));
  const namespaces = await queryRows<NamespaceRow>(db, NAMESPACES_SQL, [catalog.id]);
  const next = assemble(team, catalog, rows, namespaces, Math.max(previous.newestMs, ...changed.map((row) => row.updatedMs)));
  if (rows.size !== expected.toolCount || next.revisionSum !== expected.revisionSum) return readDraft({ db, team, catalog });
  return next;
}

/**
 * The catalog's draft (its live rows) in snapshot form: hidden tools left out, tools and
 * namespaces sorted by id, each tool's effective search text computed by `search/`.
 */
export async function buildSnapshotContent(options: { db: SqlSource; team: Pick<Team, "slug">; catalog: Catalog }): Promise<SnapshotContent> {
  return (await readDraft(options)).content;
}
