// Approving or rejecting a held upstream change (docs/upstream-review.md). Approving releases the hold: the draft's
// values ship with the next version. Rejecting writes the approved values back to the tool and releases the hold;
// the tool keeps its upstream base, so the same upstream text is the team's choice to keep at the next re-import,
// and a different one is a conflict (taking it marks the tool again).
import "server-only";
import { Prisma, type Catalog, type PrismaClient } from "@prisma/client";
import { TOOL, TOOL_IMPORTED_FIELDS, type ToolImportedField } from "@/domain/tool";
import { jsonColumn } from "../../db/json-column";
import { queryRows } from "../../db/sql-source";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import type { HeldValues } from "./upstream-fields";

export interface DecideUpstreamChangeOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  toolId: string;
  /** The hold's revision the reviewer saw: a newer upstream change must be reviewed first. */
  revision: number;
  /** The tool's revision the reviewer saw: an edit since must be reviewed first. */
  toolRevision: number;
}

type Tx = Prisma.TransactionClient;
type HeldTool = { key: string; revision: number; approved: HeldValues; holdRevision: number } & Record<
  ToolImportedField,
  unknown
>;

const FIELDS_SQL = TOOL_IMPORTED_FIELDS.map((field) => `t."${field}"`).join(", ");
const HELD_TOOL_SQL = `
  SELECT t."key", t."revision", ${FIELDS_SQL}, r."approved", r."revision" AS "holdRevision"
  FROM "UpstreamReview" r JOIN "Tool" t ON t."id" = r."toolId"
  WHERE r."toolId" = $1 AND r."catalogId" = $2 AND t."catalogId" = $2
  FOR UPDATE OF r`;

/** The held tool, locked, as the reviewer saw it; else the refusal that says what changed. */
async function lockHeldTool(tx: Tx, options: DecideUpstreamChangeOptions): Promise<HeldTool> {
  const [held] = await queryRows<HeldTool>(tx, HELD_TOOL_SQL, [options.toolId, options.catalog.id]);
  if (!held)
    throw new AppError(
      "NOT_FOUND",
      "This tool has no upstream change waiting for review (someone may have approved or rejected it already).",
    );
  if (held.holdRevision !== options.revision)
    throw new AppError("CONFLICT", `Upstream changed "${held.key}" again since you looked; review the new change.`);
  if (held.revision !== options.toolRevision)
    throw new AppError("CONFLICT", `"${held.key}" was edited since you looked; review it again.`);
  return held;
}

const heldFields = (held: HeldTool) => Object.keys(held.approved) as ToolImportedField[];
const draftValues = (held: HeldTool): HeldValues =>
  Object.fromEntries(heldFields(held).map((field) => [field, held[field]]));

const APPROVED = { action: "tool.upstream_approved" } as const;
const REJECTED = { action: "tool.upstream_rejected" } as const;

async function release(
  tx: Tx,
  options: DecideUpstreamChangeOptions,
  decision: typeof APPROVED | typeof REJECTED,
  before: object,
  after: object,
) {
  await tx.upstreamReview.delete({ where: { toolId: options.toolId } });
  await recordAuditEvent({
    db: tx,
    teamId: options.catalog.teamId,
    catalogId: options.catalog.id,
    actor: options.actor,
    ...decision,
    targetType: "tool",
    targetId: options.toolId,
    before,
    after,
  });
}

/** Approves the held change: the next version ships the draft's values of the held fields. */
export async function approveUpstreamChange(options: DecideUpstreamChangeOptions) {
  return options.db.$transaction(async (tx) => {
    const held = await lockHeldTool(tx, options);
    await release(
      tx,
      options,
      APPROVED,
      { key: held.key, ...held.approved },
      {
        key: held.key,
        ...draftValues(held),
      },
    );
    return { key: held.key, fields: heldFields(held) };
  });
}

/** A field's value as a Prisma update writes it (JSON columns as text, so key order and odd keys survive). */
function columnValue(field: ToolImportedField, value: unknown) {
  if (TOOL[field].column.kind !== "json") return value;
  return value === null || value === undefined ? Prisma.DbNull : jsonColumn(value);
}

/** Rejects the held change: the tool's held fields go back to their approved values, recorded with who did it. */
export async function rejectUpstreamChange(options: DecideUpstreamChangeOptions) {
  return options.db.$transaction(async (tx) => {
    const held = await lockHeldTool(tx, options);
    const fields = heldFields(held);
    const data = Object.fromEntries(fields.map((field) => [field, columnValue(field, held.approved[field])]));
    const written = await tx.tool.updateMany({
      where: { id: options.toolId, revision: held.revision },
      data: { ...(data as Prisma.ToolUpdateManyMutationInput), revision: { increment: 1 } },
    });
    if (written.count === 0) throw new AppError("CONFLICT", `"${held.key}" changed while rejecting; review it again.`);
    await release(
      tx,
      options,
      REJECTED,
      { key: held.key, revision: held.revision, ...draftValues(held) },
      { key: held.key, revision: held.revision + 1, ...held.approved },
    );
    return { key: held.key, fields };
  });
}
