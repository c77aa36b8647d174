import type { Catalog, PrismaClient } from "@prisma/client";
import { goldenQuerySelect } from "./golden-query-shape";
import { toolKeyStatuses, type ToolKeyStatus } from "./tool-key-status";
import { escapeLike } from "../../db/like-pattern";

export interface ListGoldenQueriesOptions {
  db: PrismaClient;
  catalog: Catalog;
  search?: string;
}

/**
 * The catalog's golden queries, oldest first, each with the expected ids that tool_search can
 * never return (missing, hidden or direct tools) so the page can flag them.
 */
export async function listGoldenQueries({ db, catalog, search }: ListGoldenQueriesOptions) {
  const text = search?.trim();
  const rows = await db.evalQuery.findMany({
    where: {
      catalogId: catalog.id,
      ...(text ? { OR: [{ query: { contains: escapeLike(text), mode: "insensitive" } }, { expected: { has: text } }, { note: { contains: escapeLike(text), mode: "insensitive" } }] } : {}),
    },
    select: goldenQuerySelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const statuses = await toolKeyStatuses(db, catalog.id, rows.flatMap((row) => row.expected));
  const total = text ? await db.evalQuery.count({ where: { catalogId: catalog.id } }) : rows.length;
  return {
    total,
    queries: rows.map((row) => ({
      ...row,
      issues: row.expected
        .map((id) => ({ id, status: statuses.get(id) ?? ("missing" as ToolKeyStatus) }))
        .filter((issue): issue is { id: string; status: Exclude<ToolKeyStatus, "deferred"> } => issue.status !== "deferred"),
    })),
  };
}
