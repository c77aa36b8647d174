import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { DEFAULT_B, DEFAULT_K1, effectiveSearchText } from "@/search/index";
import { SNAPSHOT_FORMAT, type SnapshotContent, type SnapshotTool } from "@/sdk/snapshot";
import { toProfile } from "../catalogs/list-catalogs";

type Db = Pick<PrismaClient, "$queryRawUnsafe">;

interface ToolRow {
  key: string;
  name: string;
  description: string;
  parameters: unknown;
  strict: boolean;
  exposure: "direct" | "deferred";
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

// One plain query instead of a model query with an include: the draft is read on every edit-and-see and
// inside every publish, and Prisma's model layer doubles the read time of a few thousand rows.
const TOOLS_SQL = `
  SELECT t."key", t."name", t."description", t."parameters", t."strict", t."exposure"::text AS "exposure",
         t."fallback"::text AS "fallback", t."searchTextMode"::text AS "searchTextMode", t."searchTextExtra",
         t."searchTextOverride", t."mcpServer", t."mcpTitle", n."name" AS "nsName", n."description" AS "nsDescription"
  FROM "Tool" t LEFT JOIN "Namespace" n ON n."id" = t."namespaceId"
  WHERE t."catalogId" = $1 AND t."exposure" <> 'hidden'`;
const NAMESPACES_SQL = `SELECT "name", "description" FROM "Namespace" WHERE "catalogId" = $1`;

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const SEARCH_TEXT_MODE_NAMES = { generated: "generated", generated_extra: "generated+extra", override: "override" } as const;

/**
 * The catalog's draft (its live rows) in snapshot form: hidden tools left out, tools and
 * namespaces sorted by id, each tool's effective search text computed by `search/`.
 */
export async function buildSnapshotContent({ db, team, catalog }: { db: Db; team: Pick<Team, "slug">; catalog: Catalog }): Promise<SnapshotContent> {
  // One after the other: inside a transaction both would queue on its one connection anyway.
  const rows = await db.$queryRawUnsafe<ToolRow[]>(TOOLS_SQL, catalog.id);
  const namespaces = await db.$queryRawUnsafe<Array<{ name: string; description: string }>>(NAMESPACES_SQL, catalog.id);
  // Sorted here, by code point, not by the database: a server's collation must not change the hash.
  rows.sort((a, b) => byCodePoint(a.key, b.key));
  namespaces.sort((a, b) => byCodePoint(a.name, b.name));
  const used = new Set(rows.map((row) => row.nsName).filter(Boolean));
  const tools: SnapshotTool[] = rows.map((row) => ({
    id: row.key,
    namespace: row.nsName,
    name: row.name,
    exposure: row.exposure === "direct" ? "direct" : "deferred",
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
  }));
  return {
    format: SNAPSHOT_FORMAT,
    catalog: { team: team.slug, slug: catalog.slug, name: catalog.name },
    engine: { profile: toProfile(catalog.engineProfile), k1: DEFAULT_K1, b: DEFAULT_B, defaultLimit: catalog.defaultLimit },
    namespaces: namespaces.filter((ns) => used.has(ns.name)),
    tools,
  };
}
