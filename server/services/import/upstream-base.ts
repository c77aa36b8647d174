import "server-only";
import { TOOL_IMPORTED_FIELDS, type ToolImportedField } from "@/domain/tool";
import { queryRows, type SqlSource } from "../../db/sql-source";

/** The imported fields of a tool as its source last sent them (`Tool.upstream`); only the fields it set. */
export type UpstreamBase = Partial<Record<ToolImportedField, unknown>>;

/** What a source says about a tool's imported fields: a field it says nothing about (undefined) is left out. */
export function upstreamOf(tool: Partial<Record<ToolImportedField, unknown>>): UpstreamBase {
  const base: UpstreamBase = {};
  for (const field of TOOL_IMPORTED_FIELDS) if (tool[field] !== undefined) base[field] = tool[field];
  return base;
}

// Plain SQL: the column is read and written only here (imports), and `json` keeps the source's key order.
/** Every tool's upstream base in a catalog, by tool id (tools never imported have none). */
export async function readUpstreamBases(db: SqlSource, catalogId: string): Promise<Map<string, UpstreamBase>> {
  const rows = await queryRows<{ id: string; upstream: UpstreamBase | null }>(
    db,
    `SELECT "id", "upstream" FROM "Tool" WHERE "catalogId" = $1 AND "upstream" IS NOT NULL`,
    [catalogId],
  );
  return new Map(rows.map((row) => [row.id, row.upstream ?? {}]));
}

/** Records what the source sent for each tool, in one statement. */
export async function writeUpstreamBases(
  db: SqlSource,
  catalogId: string,
  bases: Array<{ id: string; upstream: UpstreamBase }>,
): Promise<void> {
  if (bases.length === 0) return;
  const rows = JSON.stringify(bases.map((b) => ({ id: b.id, upstream: JSON.stringify(b.upstream) })));
  await queryRows(
    db,
    `UPDATE "Tool" AS t SET "upstream" = (r."upstream")::json
     FROM jsonb_to_recordset($2::jsonb) AS r("id" text, "upstream" text)
     WHERE t."id" = r."id" AND t."catalogId" = $1`,
    [catalogId, rows],
  );
}
