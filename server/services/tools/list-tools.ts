import "server-only";
import type { Catalog, Exposure, Prisma, PrismaClient } from "@prisma/client";
import { toApiMode } from "./tool-shape";
import { BULK_TOOL_LIMIT } from "@/domain/vocabulary";
import { escapeLike } from "../../db/like-pattern";

/** relevance: best match of the search text first (name, then key, then description); without a search it is key. */
export const TOOL_SORTS = ["relevance", "key", "name", "updated", "exposure"] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

export interface ToolFilters {
  search?: string;
  namespace?: string | null; // "" = tools without a namespace
  exposure?: Exposure | null;
}

export interface ListToolsOptions extends ToolFilters {
  db: PrismaClient;
  catalog: Catalog;
  sort?: ToolSort;
  page?: number;
  pageSize?: number;
}

export const toolListSelect = {
  id: true,
  key: true,
  name: true,
  description: true,
  exposure: true,
  fallback: true,
  searchTextMode: true,
  revision: true,
  updatedAt: true,
  namespace: { select: { name: true } },
} satisfies Prisma.ToolSelect;

const ORDER: Record<ToolSort, Prisma.ToolOrderByWithRelationInput[]> = {
  relevance: [{ key: "asc" }],
  key: [{ key: "asc" }],
  name: [{ name: "asc" }, { key: "asc" }],
  updated: [{ updatedAt: "desc" }, { key: "asc" }],
  exposure: [{ exposure: "asc" }, { key: "asc" }],
};

/** The filter as a where clause: catalog, exposure and namespace use indexes; each word of the text matches key or description. */
export function toolWhere(catalog: Catalog, { search, namespace, exposure }: ToolFilters): Prisma.ToolWhereInput {
  const text = search?.trim();
  return {
    catalogId: catalog.id,
    ...(exposure ? { exposure } : {}),
    ...(namespace === "" ? { namespaceId: null } : namespace ? { namespace: { name: namespace } } : {}),
    ...(text ? { AND: searchWords(text).map(wordInKeyOrDescription) } : {}),
  };
}

/**
 * The words of a search, in any order: "delete branch" finds `delete_branch`. Only white space separates words, so a
 * word keeps its `_`, `%` and backslash literally ("get_user" never finds `getxuser`).
 */
export function searchWords(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

const wordInKeyOrDescription = (word: string): Prisma.ToolWhereInput => ({
  OR: [
    { key: { contains: escapeLike(word), mode: "insensitive" } },
    { description: { contains: escapeLike(word), mode: "insensitive" } },
  ],
});

/** One page of a catalog's tools, filtered and sorted in the database. */
export async function listTools({ db, catalog, sort = "key", page = 1, pageSize = 50, ...filters }: ListToolsOptions) {
  const where = toolWhere(catalog, filters);
  const text = filters.search?.trim();
  const [total, rows] =
    sort === "relevance" && text
      ? await pageByRelevance(db, where, text, page, pageSize)
      : await Promise.all([
          db.tool.count({ where }),
          db.tool.findMany({
            where,
            select: toolListSelect,
            orderBy: ORDER[sort],
            skip: (page - 1) * pageSize,
            take: pageSize,
          }),
        ]);
  return {
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    tools: rows.map(({ namespace: ns, searchTextMode, ...tool }) => ({
      ...tool,
      searchTextMode: toApiMode(searchTextMode),
      namespace: ns?.name ?? null,
    })),
  };
}

/** Id and revision of every tool matching the filter ("select all N matching" in the list). */
export async function listToolIds({ db, catalog, ...filters }: ToolFilters & { db: PrismaClient; catalog: Catalog }) {
  return db.tool.findMany({
    where: toolWhere(catalog, filters),
    select: { id: true, revision: true },
    orderBy: { key: "asc" },
    take: BULK_TOOL_LIMIT,
  });
}

/** Higher is a better match: the name itself, then a name, key or description containing the text, earlier first. */
export function relevanceOf(tool: { key: string; name: string; description: string }, text: string): number {
  const needle = text.toLowerCase();
  const name = tool.name.toLowerCase();
  const key = tool.key.toLowerCase();
  if (name === needle || key === needle) return 1000;
  const at = (haystack: string) => haystack.indexOf(needle);
  if (at(name) >= 0) return 800 - Math.min(at(name), 99);
  if (at(key) >= 0) return 600 - Math.min(at(key), 99);
  const inDescription = at(tool.description.toLowerCase());
  return inDescription >= 0 ? 400 - Math.min(inDescription / 10, 99) : 0;
}

/**
 * Ranks every match in memory (a catalog's matches are thousands of rows at most) and loads the page's rows. SQL
 * cannot order by "which field matched" through Prisma's query API.
 */
async function pageByRelevance(
  db: PrismaClient,
  where: Prisma.ToolWhereInput,
  text: string,
  page: number,
  pageSize: number,
) {
  const matches = await db.tool.findMany({
    where,
    select: { id: true, key: true, name: true, description: true },
    take: 20_000,
  });
  const ranked = matches
    .map((tool) => ({ id: tool.id, key: tool.key, score: relevanceOf(tool, text) }))
    .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const ids = ranked.slice((page - 1) * pageSize, page * pageSize).map((tool) => tool.id);
  const rows = await db.tool.findMany({ where: { id: { in: ids } }, select: toolListSelect });
  const order = new Map(ids.map((id, index) => [id, index]));
  return [matches.length, rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!)] as const;
}
