import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { DEFAULT_B, DEFAULT_K1, effectiveSearchText } from "@/search/index";
import { SNAPSHOT_FORMAT, type SnapshotContent, type SnapshotTool } from "@/sdk/snapshot";
import { toProfile } from "../catalogs/list-catalogs";

type Db = Pick<PrismaClient, "tool" | "namespace">;

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const SEARCH_TEXT_MODE_NAMES = { generated: "generated", generated_extra: "generated+extra", override: "override" } as const;

/**
 * The catalog's draft (its live rows) in snapshot form: hidden tools left out, tools and
 * namespaces sorted by id, each tool's effective search text computed by `search/`.
 */
export async function buildSnapshotContent({ db, team, catalog }: { db: Db; team: Pick<Team, "slug">; catalog: Catalog }): Promise<SnapshotContent> {
  const [rows, namespaces] = await Promise.all([
    db.tool.findMany({
      where: { catalogId: catalog.id, exposure: { not: "hidden" } },
      include: { namespace: { select: { name: true, description: true } } },
    }),
    db.namespace.findMany({ where: { catalogId: catalog.id }, select: { name: true, description: true } }),
  ]);
  // Sorted here, by code point, not by the database: a server's collation must not change the hash.
  rows.sort((a, b) => byCodePoint(a.key, b.key));
  namespaces.sort((a, b) => byCodePoint(a.name, b.name));
  const used = new Set(rows.map((row) => row.namespace?.name).filter(Boolean));
  const tools: SnapshotTool[] = rows.map((row) => ({
    id: row.key,
    namespace: row.namespace?.name ?? null,
    name: row.name,
    exposure: row.exposure === "direct" ? "direct" : "deferred",
    ...(row.exposure === "deferred" ? { fallback: row.fallback } : {}),
    searchText: effectiveSearchText({
      name: row.name,
      description: row.description,
      parameters: row.parameters,
      namespace: row.namespace,
      mcpServer: row.mcpServer,
      mcpTitle: row.mcpTitle,
      searchTextMode: SEARCH_TEXT_MODE_NAMES[row.searchTextMode],
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
