// Rug pulls (docs/upstream-review.md): a re-import that changes a published tool holds the change for review. The
// import calls this inside its transaction with what it wrote; a tool the latest version does not carry is a plain
// draft change and is not held.
import "server-only";
import type { Catalog } from "@prisma/client";
import { TOOL_IMPORTED_FIELDS, type ToolImportedField } from "@/domain/tool";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { recordAuditEvents, type AuditActor, type AuditEventInput } from "../history/record-audit-event";
import { loadPublishedVersion } from "./catalog-state";
import { isSameValue, publishedValues, type HeldValues } from "./upstream-fields";

/** A tool the import changed: the fields it wrote, with the values it wrote. */
export interface UpstreamWrite {
  toolId: string;
  written: HeldValues;
}

export interface MarkContext {
  catalog: Pick<Catalog, "id" | "slug" | "teamId">;
  actor: AuditActor;
  groupId: string;
  /** The import's source format, shown in History. */
  format: string;
}

interface HoldRow {
  toolId: string;
  approved: HeldValues;
  upstream: HeldValues;
}

type ToolValues = { id: string; key: string } & Record<ToolImportedField, unknown>;

const FIELDS_SQL = TOOL_IMPORTED_FIELDS.map((field) => `"${field}"`).join(", ");
const ids = (writes: UpstreamWrite[]) => JSON.stringify(writes.map((w) => w.toolId));

const UPSERT_SQL = `
  INSERT INTO "UpstreamReview" ("toolId", "catalogId", "approved", "upstream", "approvedVersion", "markedAt", "markedById", "markedBy")
  SELECT r."toolId", $1, (r."approved")::json, (r."upstream")::json, $2, (now() AT TIME ZONE 'UTC'), $3, $4
  FROM jsonb_to_recordset($5::jsonb) AS r("toolId" text, "approved" text, "upstream" text)
  ON CONFLICT ("toolId") DO UPDATE SET "approved" = EXCLUDED."approved", "upstream" = EXCLUDED."upstream",
    "approvedVersion" = EXCLUDED."approvedVersion", "revision" = "UpstreamReview"."revision" + 1,
    "markedAt" = EXCLUDED."markedAt", "markedById" = EXCLUDED."markedById", "markedBy" = EXCLUDED."markedBy"`;

const pick = (values: HeldValues, fields: ToolImportedField[]): HeldValues =>
  Object.fromEntries(fields.map((field) => [field, values[field] ?? null]));

/**
 * The tool's hold after this import: the approved value of every field upstream changed (kept from an earlier hold,
 * else the latest version's), limited to the fields whose value now differs from it; null when none does.
 */
function nextHold(
  write: UpstreamWrite,
  row: ToolValues,
  published: Parameters<typeof publishedValues>[0] | undefined,
  held: HoldRow | undefined,
): HoldRow | null {
  const written = Object.keys(write.written) as ToolImportedField[];
  const fresh = written.filter((field) => !held || !Object.hasOwn(held.approved, field));
  const approved = { ...(published ? publishedValues(published, fresh) : {}), ...held?.approved };
  const fields = (Object.keys(approved) as ToolImportedField[]).filter(
    (field) => !isSameValue(field, row[field], approved[field]),
  );
  if (fields.length === 0) return null;
  const upstream = { ...held?.upstream, ...write.written };
  return { toolId: write.toolId, approved: pick(approved, fields), upstream: pick(upstream, fields) };
}

/**
 * Holds the upstream changes of `writes` to tools in the latest published version: each gets (or updates) its
 * UpstreamReview row and a History entry in the import's group. A held tool whose fields are back at their approved
 * values is released. Returns how many tools are held after this import (of those it wrote).
 */
export async function markUpstreamChanges(db: SqlSource, context: MarkContext, writes: UpstreamWrite[]) {
  if (writes.length === 0) return 0;
  const { catalog } = context;
  const latest = await loadPublishedVersion(db, catalog);
  const holds = new Map(
    (
      await queryRows<HoldRow>(
        db,
        `SELECT "toolId", "approved", "upstream" FROM "UpstreamReview" WHERE "toolId" IN (SELECT jsonb_array_elements_text($1::jsonb))`,
        [ids(writes)],
      )
    ).map((h) => [h.toolId, h]),
  );
  if (!latest && holds.size === 0) return 0;
  const rows = new Map(
    (
      await queryRows<ToolValues>(
        db,
        `SELECT "id", "key", ${FIELDS_SQL} FROM "Tool" WHERE "catalogId" = $1 AND "id" IN (SELECT jsonb_array_elements_text($2::jsonb))`,
        [catalog.id, ids(writes)],
      )
    ).map((r) => [r.id, r]),
  );
  const published = new Map((latest?.snapshot.tools ?? []).map((t) => [t.id, t]));
  const marked: Array<HoldRow & { key: string }> = [];
  const released: Array<HoldRow & { key: string }> = [];
  for (const write of writes) {
    const row = rows.get(write.toolId);
    const held = holds.get(write.toolId);
    if (!row || (!held && !published.has(row.key))) continue;
    const hold = nextHold(write, row, published.get(row.key), held);
    if (hold) marked.push({ ...hold, key: row.key });
    else if (held) released.push({ ...held, key: row.key });
  }
  await saveHolds(db, context, latest?.version ?? 0, marked, released);
  return marked.length;
}

const MARKED = { action: "tool.upstream_marked" } as const;
/** Upstream went back to the approved values. */
const RELEASED = { action: "tool.upstream_released" } as const;
type Kind = typeof MARKED | typeof RELEASED;

async function saveHolds(
  db: SqlSource,
  context: MarkContext,
  version: number,
  marked: Array<HoldRow & { key: string }>,
  released: Array<HoldRow & { key: string }>,
) {
  const { catalog, actor, groupId, format } = context;
  if (marked.length > 0) {
    const rows = marked.map((h) => ({
      toolId: h.toolId,
      approved: JSON.stringify(h.approved),
      upstream: JSON.stringify(h.upstream),
    }));
    await queryRows(db, UPSERT_SQL, [catalog.id, version, actor.id, actor.label, JSON.stringify(rows)]);
  }
  if (released.length > 0)
    await queryRows(
      db,
      `DELETE FROM "UpstreamReview" WHERE "toolId" IN (SELECT jsonb_array_elements_text($1::jsonb))`,
      [JSON.stringify(released.map((h) => h.toolId))],
    );
  const event = (kind: Kind, h: HoldRow & { key: string }, before: HeldValues, after: HeldValues) =>
    ({
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      groupId,
      ...kind,
      targetType: "tool",
      targetId: h.toolId,
      before: { key: h.key, ...before },
      after: { key: h.key, ...after, import: format },
    }) satisfies AuditEventInput;
  await recordAuditEvents(db, [
    ...marked.map((h) => event(MARKED, h, h.approved, h.upstream)),
    ...released.map((h) => event(RELEASED, h, h.upstream, h.approved)),
  ]);
}
