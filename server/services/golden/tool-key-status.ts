import type { Prisma, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";

type Db = Pick<PrismaClient | Prisma.TransactionClient, "tool">;

/** What an expected id points at: a searchable (deferred) tool, one tool_search never returns, or nothing. */
export type ToolKeyStatus = "deferred" | "direct" | "hidden" | "missing";

/** The status of each of `keys` in the catalog (one query, whatever the number of keys). */
export async function toolKeyStatuses(
  db: Db,
  catalogId: string,
  keys: Iterable<string>,
): Promise<Map<string, ToolKeyStatus>> {
  const wanted = [...new Set(keys)];
  const statuses = new Map<string, ToolKeyStatus>(wanted.map((key) => [key, "missing"]));
  if (wanted.length === 0) return statuses;
  const rows = await db.tool.findMany({
    where: { catalogId, key: { in: wanted } },
    select: { key: true, exposure: true },
  });
  for (const row of rows) statuses.set(row.key, row.exposure);
  return statuses;
}

/** Refuses ids that name no tool of the catalog, listing every one of them. */
export async function assertToolKeysExist(db: Db, catalogId: string, keys: readonly string[]): Promise<void> {
  const statuses = await toolKeyStatuses(db, catalogId, keys);
  const unknown = keys.filter((key) => statuses.get(key) === "missing");
  if (unknown.length > 0) {
    throw new AppError(
      "INVALID_INPUT",
      `${unknown.length === 1 ? "This tool id is" : "These tool ids are"} not in the catalog: ${unknown.join(", ")}. Pick expected tools from the catalog.`,
      { unknownIds: unknown },
    );
  }
}
