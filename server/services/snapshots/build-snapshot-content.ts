import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { DEFAULT_B, DEFAULT_K1, effectiveSearchText } from "@/search/index";
import { SNAPSHOT_FORMAT, type SnapshotContent, type SnapshotTool } from "@/sdk/snapshot";
import { toProfile } from "../catalogs/list-catalogs";

type Db = Pick<PrismaClient, "$queryRawUnsafe">;

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
}

// Plain queries instead of model queries with an include: the draft is read on every edit-and-see and inside
// every publish, and Prisma's model layer doubles the read time of a few thousand rows.
const TOOLS_SQL = `
  SELECT t."id", t."revision", (extract(epoch FROM t."updatedAt") * 1000)::float8 AS "updatedMs",
         t."key", t."name", t."description", t."parameters", t."strict", t."exposure"::text AS "exposure",
         t."fallback"::text AS "fallback", t."searchTextMode"::text AS "searchTextMode", t."searchTextExtra",
         t."searchTextOverride", t."mcpServer", t."mcpTitle", n."name" AS "nsName", n."description" AS "nsDescription"
  FROM "Tool" t LEFT JOIN "Namespace" n ON n."id" = t."namespaceId"
  WHERE t."catalogId" = $1`;
const CHANGED_TOOLS_SQL = `${TOOLS_SQL} AND (extract(epoch FROM t."updatedAt") * 1000)::float8 >= $2`;
const NAMESPACES_SQL = `SELECT "name", "description" FROM "Namespace" WHERE "catalogId" = $1`;

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
  rows: Map<string, { revision: number; tool: SnapshotTool | null }>;
  /** The newest updatedAt among the rows, epoch ms. */
  newestMs: number;
  revisionSum: number;
}

function assemble(team: Pick<Team, "slug">, catalog: Catalog, rows: DraftState["rows"], namespaces: Array<{ name: string; description: string }>, newestMs: number): DraftState {
  // Sorted here, by code point, not by the database: a server's collation must not change the hash.
  const tools = [...rows.values()].flatMap(({ tool }) => (tool ? [tool] : [])).sort((a, b) => byCodePoint(a.id, b.id));
  const used = new Set(tools.map((tool) => tool.namespace).filter(Boolean));
  let revisionSum = 0;
  for (const row of rows.values()) revisionSum += row.revision;
  const content: SnapshotContent = {
    format: SNAPSHOT_FORMAT,
    catalog: { team: team.slug, slug: catalog.slug, name: catalog.name },
    engine: { profile: toProfile(catalog.engineProfile), k1: DEFAULT_K1, b: DEFAULT_B, defaultLimit: catalog.defaultLimit },
    namespaces: [...namespaces].sort((a, b) => byCodePoint(a.name, b.name)).filter((ns) => used.has(ns.name)),
    tools,
  };
  return { content, rows, newestMs, revisionSum };
}

/** Reads the whole draft. */
export async function readDraft({ db, team, catalog }: { db: Db; team: Pick<Team, "slug">; catalog: Catalog }): Promise<DraftState> {
  // One after the other: inside a transaction both would queue on its one connection anyway.
  const rows = await db.$queryRawUnsafe<ToolRow[]>(TOOLS_SQL, catalog.id);
  const namespaces = await db.$queryRawUnsafe<Array<{ name: string; description: string }>>(NAMESPACES_SQL, catalog.id);
  const byId: DraftState["rows"] = new Map(rows.map((row) => [row.id, { revision: row.revision, tool: toSnapshotTool(row) }]));
  return assemble(team, catalog, byId, namespaces, Math.max(0, ...rows.map((row) => row.updatedMs)));
}

/**
 * The draft after tool edits, reading only the rows changed since `previous` (every write bumps updatedAt and
 * revision). `expected` is what the database says now (tool count and revision sum, from the draft fingerprint):
 * when the patched state does not add up to it — a tool was deleted, or a clock went backwards — the whole draft
 * is read instead. Namespace or catalog changes are the caller's to detect (they need a full read).
 */
export async function refreshDraft(
  { db, team, catalog }: { db: Db; team: Pick<Team, "slug">; catalog: Catalog },
  previous: DraftState,
  expected: { toolCount: number; revisionSum: number },
): Promise<DraftState> {
  const changed = await db.$queryRawUnsafe<ToolRow[]>(CHANGED_TOOLS_SQL, catalog.id, previous.newestMs);
  const rows: DraftState["rows"] = new Map(previous.rows);
  for (const row of changed) rows.set(row.id, { revision: row.revision, tool: toSnapshotTool(row) });
  const namespaces = await db.$queryRawUnsafe<Array<{ name: string; description: string }>>(NAMESPACES_SQL, catalog.id);
  const next = assemble(team, catalog, rows, namespaces, Math.max(previous.newestMs, ...changed.map((row) => row.updatedMs)));
  if (rows.size !== expected.toolCount || next.revisionSum !== expected.revisionSum) return readDraft({ db, team, catalog });
  return next;
}

/**
 * The catalog's draft (its live rows) in snapshot form: hidden tools left out, tools and
 * namespaces sorted by id, each tool's effective search text computed by `search/`.
 */
export async function buildSnapshotContent(options: { db: Db; team: Pick<Team, "slug">; catalog: Catalog }): Promise<SnapshotContent> {
  return (await readDraft(options)).content;
}
