import "server-only";
import type { Catalog, Prisma, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { toolSelect, toToolDetail, type ToolRow } from "./tool-shape";

type Db = PrismaClient | Prisma.TransactionClient;

export const toolNotFound = () =>
  new AppError("NOT_FOUND", "This tool is not in the catalog (it may have been deleted).");

/** The stored row of one tool of `catalog`, or NOT_FOUND. */
export async function findToolRow(db: Db, catalogId: string, id: string): Promise<ToolRow> {
  const row = await db.tool.findFirst({ where: { id, catalogId }, select: toolSelect });
  if (!row) throw toolNotFound();
  return row;
}

/** The full tool with its search text and tokens, plus how many golden queries expect it (by key). */
export async function getTool({ db, catalog, id }: { db: PrismaClient; catalog: Catalog; id: string }) {
  const row = await findToolRow(db, catalog.id, id);
  const goldenQueryCount = await db.evalQuery.count({ where: { catalogId: catalog.id, expected: { has: row.key } } });
  return { ...toToolDetail(row, catalog), goldenQueryCount };
}
