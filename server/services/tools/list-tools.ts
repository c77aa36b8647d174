import "server-only";
import type { Catalog, Exposure, Prisma, PrismaClient } from "@prisma/client";
import { toApiMode } from "./tool-shape";
import { escapeLike } from "../../db/like-pattern";

export const TOOL_SORTS = ["key", "name", "updated", "exposure"] as const;
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
  key: [{ key: "asc" }],
  name: [{ name: "asc" }, { key: "asc" }],
  updated: [{ updatedAt: "desc" }, { key: "asc" }],
  exposure: [{ exposure: "asc" }, { key: "asc" }],
};

/** The filter as a where clause: catalog, exposure and namespace use indexes; text matches key or description. */
export function toolWhere(catalog: Catalog, { search, namespace, exposure }: ToolFilters): Prisma.ToolWhereInput {
  const text = search?.trim();
  return {
    catalogId: catalog.id,
    ...(exposure ? { exposure } : {}),
    ...(namespace === "" ? { namespaceId: null } : namespace ? { namespace: { name: namespace } } : {}),
    ...(text
      ? { OR: [{ key: { contains: escapeLike(text), mode: "insensitive" } }, { description: { contains: escapeLike(text), mode: "insensitive" } }] }
      : {}),
  };
}

/** One page of a catalog's tools, filtered and sorted in the database. */
export async function listTools({ db, catalog, sort = "key", page = 1, pageSize = 50, ...filters }: ListToolsOptions) {
  const where = toolWhere(catalog, filters);
  const [total, rows] = await Promise.all([
    db.tool.count({ where }),
    db.tool.findMany({ where, select: toolListSelect, orderBy: ORDER[sort], skip: (page - 1) * pageSize, take: pageSize }),
  ]);
  return {
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    tools: rows.map(({ namespace: ns, searchTextMode, ...tool }) => ({ ...tool, searchTextMode: toApiMode(searchTextMode), namespace: ns?.name ?? null })),
  };
}

/** Id and revision of every tool matching the filter ("select all N matching" in the list). */
export async function listToolIds({ db, catalog, ...filters }: ToolFilters & { db: PrismaClient; catalog: Catalog }) {
  return db.tool.findMany({ where: toolWhere(catalog, filters), select: { id: true, revision: true }, orderBy: { key: "asc" }, take: 5000 });
}
