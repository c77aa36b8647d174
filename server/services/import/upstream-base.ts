import "server-only";
import { TOOL_IMPORTED_FIELDS, type ToolImportedField } from "@/domain/tool";
import { queryRows, type SqlSource } from "../../db/sql-source";
import type { AuditEventInput } from "../history/record-audit-event";

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

/** A tool's upstream base as the column's own text (key order kept), or null for a tool never imported. */
export interface UpstreamText {
  id: string;
  upstream: string | null;
}

/** The upstream bases of these tools, as stored text (a tool not in the catalog is left out). */
export async function readUpstreamTexts(db: SqlSource, catalogId: string, ids: string[]): Promise<UpstreamText[]> {
  if (ids.length === 0) return [];
  return queryRows<UpstreamText>(
    db,
    `SELECT "id", "upstream"::text AS "upstream" FROM "Tool" WHERE "catalogId" = $1 AND "id" = ANY($2::text[])`,
    [catalogId, [...new Set(ids)]],
  );
}

/** Puts stored bases back as they were (null clears one); tools no longer in the catalog are skipped. */
export async function writeUpstreamTexts(db: SqlSource, catalogId: string, bases: UpstreamText[]): Promise<void> {
  if (bases.length === 0) return;
  await queryRows(
    db,
    `UPDATE "Tool" AS t SET "upstream" = (r."upstream")::json
     FROM jsonb_to_recordset($2::jsonb) AS r("id" text, "upstream" text)
     WHERE t."id" = r."id" AND t."catalogId" = $1`,
    [catalogId, JSON.stringify(bases)],
  );
}

/**
 * Why a group replaced upstream bases (History words it after this): an import or sync recorded new ones, a
 * deletion (by hand or by a reset) took them with its tools, a revert rewound them. Events without one are imports'.
 */
export type UpstreamReplacedReason = "import" | "deletion" | "revert";

/**
 * The History event that keeps, in a group, the upstream bases the group replaced: reverting the group puts them
 * back (revert-group.ts). Stored as text, so a base's key order survives.
 */
export function upstreamReplacedEvent(
  group: Pick<AuditEventInput, "teamId" | "catalogId" | "actor" | "groupId">,
  bases: UpstreamText[],
  reason: UpstreamReplacedReason = "import",
): AuditEventInput {
  return {
    ...group,
    action: "catalog.upstream_replaced",
    targetType: "catalog",
    targetId: group.catalogId!,
    before: { bases },
    after: { tools: bases.length, reason },
  };
}

/**
 * The upstream bases of tools about to be deleted (those that have one), to keep in the deletion's group: a revert
 * that brings the tools back puts their bases back too, so the next sync still tells the team's edits from upstream's.
 */
export async function basesOfDoomed(db: SqlSource, catalogId: string, ids: string[]): Promise<UpstreamText[]> {
  return (await readUpstreamTexts(db, catalogId, ids)).filter((b) => b.upstream !== null);
}

/** The bases an `upstreamReplacedEvent` kept. */
export function replacedBases(before: unknown): UpstreamText[] {
  const bases = (before as { bases?: unknown } | null)?.bases;
  return Array.isArray(bases) ? (bases as UpstreamText[]) : [];
}
