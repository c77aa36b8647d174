import type { Catalog, Exposure, Prisma, PrismaClient } from "@prisma/client";

export const TOOL_SORTS = ["key", "name", "updated", "exposure"] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

export interface ListToolsOptions {
  db: PrismaClient;
  catalog: Catalog;
  search?: string;
  namespace?: string | null; // "" = tools without a namespace
  exposure?: Exposure | null;
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

/** One page of a catalog's tools, filtered in the database (indexed on catalog, namespace and exposure). */
export async function listTools({ db, catalog, search, namespace, exposure, sort = "key", page = 1, pageSize = 50 }: ListToolsOptions) {
  const text = search?.trim();
  const where: Prisma.ToolWhereInput = {
    catalogId: catalog.id,
    ...(exposure ? { exposure } : {}),
    ...(namespace === "" ? { namespaceId: null } : namespace ? { namespace: { name: namespace } } : {}),
    ...(text
      ? { OR: [{ key: { contains: text, mode: "insensitive" } }, { description: { contains: text, mode: "insensitive" } }] }
      : {}),
  };
  const [total, rows] = await Promise.all([
    db.tool.count({ where }),
    db.tool.findMany({ where, select: toolListSelect, orderBy: ORDER[sort], skip: (page - 1) * pageSize, take: pageSize }),
  ]);
  return {
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    tools: rows.map(({ namespace: ns, ...tool }) => ({ ...tool, namespace: ns?.name ?? null })),
  };
}
