import type { Catalog, PrismaClient } from "@prisma/client";
import { goldenQuerySelect } from "./golden-query-shape";
import { toolKeyStatuses, type ToolKeyStatus } from "./tool-key-status";

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
  const text = search?.trim().toLowerCase();
  // Filtered here, not in SQL: the filter promises a substring of the query, any expected tool id or the note, and
  // Postgres has no substring match over the elements of a text[]. A catalog holds thousands of queries at most.
  // A plain substring match, so LIKE wildcards (% and _) in the filter are literal characters here.
  const all = await db.evalQuery.findMany({
    where: { catalogId: catalog.id },
    select: goldenQuerySelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const rows = text ? all.filter((row) => matchesGoldenFilter(row, text)) : all;
  const statuses = await toolKeyStatuses(
    db,
    catalog.id,
    rows.flatMap((row) => row.expected),
  );
  const total = all.length;
  return {
    total,
    queries: rows.map((row) => ({
      ...row,
      issues: row.expected
        .map((id) => ({ id, status: statuses.get(id) ?? ("missing" as ToolKeyStatus) }))
        .filter(
          (issue): issue is { id: string; status: Exclude<ToolKeyStatus, "deferred"> } => issue.status !== "deferred",
        ),
    })),
  };
}

/** Case-insensitive substring of the query, of any expected tool id, or of the note; `text` is lower-cased. */
export function matchesGoldenFilter(row: { query: string; expected: string[]; note: string }, text: string): boolean {
  const has = (value: string) => value.toLowerCase().includes(text);
  return has(row.query) || has(row.note) || row.expected.some(has);
}
