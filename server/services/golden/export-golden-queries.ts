import type { Catalog, PrismaClient } from "@prisma/client";
import { formatGoldenJsonl } from "./parse-golden-jsonl";

/** The catalog's golden queries as JSONL, in the format import reads back unchanged. */
export async function exportGoldenQueries({ db, catalog }: { db: PrismaClient; catalog: Catalog }) {
  const rows = await db.evalQuery.findMany({
    where: { catalogId: catalog.id },
    select: { query: true, expected: true, note: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { filename: `${catalog.slug}-golden.jsonl`, count: rows.length, content: formatGoldenJsonl(rows) };
}
