import "server-only";
import type { Catalog, PrismaClient, PublishRequest, Team } from "@prisma/client";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { AppError } from "../../errors";
import { loadDraftContent } from "../draft/draft-cache";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { holdUpstreamChanges } from "./hold-upstream-changes";
import { publishContent, type PublishedSummary } from "./publish-content";
import { createPublishGate } from "./publish-gate";
import type { SafetyGate } from "./safety-gate";

/** A publish request as the Review page shows it. */
export interface PublishRequestView {
  id: string;
  status: string;
  note: string;
  reason: string | null;
  draftRevision: string;
  requestedBy: string;
  requestedAt: Date;
  /** True when the caller made the request (they wait; others approve or refuse). */
  isMine: boolean;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionReason: string | null;
  version: number | null;
}

const toView = (r: PublishRequest, actor: AuditActor): PublishRequestView => ({
  id: r.id,
  status: r.status,
  note: r.note,
  reason: r.reason,
  draftRevision: String(r.draftRevision),
  requestedBy: r.requestedBy,
  requestedAt: r.requestedAt,
  isMine: r.requestedById !== null && r.requestedById === actor.id,
  decidedBy: r.decidedBy,
  decidedAt: r.decidedAt,
  decisionReason: r.decisionReason,
  version: r.version,
});

const REVISION_SQL = `SELECT coalesce((SELECT "revision" FROM "DraftRevision" WHERE "catalogId" = $1), 0)::text AS "revision"`;

async function draftRevisionOf(db: SqlSource, catalogId: string): Promise<string> {
  const [row] = await queryRows<{ revision: string }>(db, REVISION_SQL, [catalogId]);
  return row?.revision ?? "0";
}

function audit(
  db: SqlSource,
  catalog: Catalog,
  actor: AuditActor,
  { action, after }: { action: string; after: Record<string, unknown> },
) {
  return recordAuditEvent({
    db,
    teamId: catalog.teamId,
    catalogId: catalog.id,
    actor,
    action,
    targetType: "catalog",
    targetId: catalog.id,
    after,
  });
}

/** The pending request and the latest decided one (the Review page's banner). */
export async function getPublishRequests({
  db,
  catalog,
  actor,
}: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
}) {
  const [pending, latest] = await Promise.all([
    db.publishRequest.findFirst({
      where: { catalogId: catalog.id, status: "pending" },
      orderBy: { requestedAt: "desc" },
    }),
    db.publishRequest.findFirst({
      where: { catalogId: catalog.id, status: { not: "pending" } },
      orderBy: { decidedAt: "desc" },
    }),
  ]);
  return {
    required: catalog.requirePublishApproval,
    pending: pending ? toView(pending, actor) : null,
    latest: latest ? toView(latest, actor) : null,
  };
}

export interface RequestPublishOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  note: string;
  reason?: string | null;
  /** The draft revision the requester reviewed; a draft changed since is refused. Omitted: the current one. */
  draftRevision?: string | null;
}

/** Asks another editor or owner to publish the draft at its current revision (one pending request per catalog). */
export async function requestPublish({ db, catalog, actor, note, reason, draftRevision }: RequestPublishOptions) {
  const text = note.trim();
  if (!text) throw new AppError("INVALID_INPUT", "Add a note that says what changed in this version.");
  if (!catalog.requirePublishApproval)
    throw new AppError("UNPROCESSABLE", "This catalog publishes without approval: publish the draft directly.");
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Catalog" WHERE "id" = ${catalog.id} FOR UPDATE`;
    const pending = await tx.publishRequest.findFirst({ where: { catalogId: catalog.id, status: "pending" } });
    if (pending)
      throw new AppError(
        "CONFLICT",
        `${pending.requestedBy || "Someone"} already asked to publish; that request must be approved, refused or withdrawn first.`,
      );
    const revision = await draftRevisionOf(tx, catalog.id);
    if (draftRevision != null && draftRevision !== revision)
      throw new AppError(
        "CONFLICT",
        "The draft changed since you reviewed it; review it again before asking to publish.",
      );
    const row = await tx.publishRequest.create({
      data: {
        catalogId: catalog.id,
        draftRevision: BigInt(revision),
        note: text,
        reason: reason?.trim() || null,
        requestedById: actor.id,
        requestedBy: actor.label,
      },
    });
    await audit(tx, catalog, actor, {
      action: "snapshot.publish_requested",
      after: {
        requestId: row.id,
        note: text,
        draftRevision: revision,
      },
    });
    return toView(row, actor);
  });
}

async function pendingRequest(db: PrismaClient, catalog: Catalog, id: string) {
  const row = await db.publishRequest.findFirst({ where: { id, catalogId: catalog.id } });
  if (!row) throw new AppError("NOT_FOUND", "This publish request is not in the catalog.");
  if (row.status !== "pending")
    throw new AppError("CONFLICT", `This publish request is no longer pending (it is ${row.status}).`);
  return row;
}

function assertNotRequester(row: PublishRequest, actor: AuditActor, verb: string) {
  if (row.requestedById !== null && row.requestedById === actor.id)
    throw new AppError(
      "FORBIDDEN",
      `You asked for this publish, so you cannot ${verb} it: another editor or owner must (four eyes).`,
    );
}

/** Marks a request stale: the draft moved on since it was made (kept out of the approval's rolled-back work). */
async function markStale(db: PrismaClient, catalog: Catalog, actor: AuditActor, row: PublishRequest, now: string) {
  await db.$transaction(async (tx) => {
    const written = await tx.publishRequest.updateMany({
      where: { id: row.id, status: "pending" },
      data: { status: "stale", decidedById: actor.id, decidedBy: actor.label, decidedAt: new Date() },
    });
    if (written.count > 0)
      await audit(tx, catalog, actor, {
        action: "snapshot.publish_request_stale",
        after: {
          requestId: row.id,
          requestedBy: row.requestedBy,
          draftRevision: String(row.draftRevision),
          currentRevision: now,
        },
      });
  });
}

class StaleRequest extends Error {
  constructor(readonly current: string) {
    super("stale");
  }
}

export interface ApprovePublishOptions {
  db: PrismaClient;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  actor: AuditActor;
  requestId: string;
  safety?: SafetyGate;
}

/**
 * Approves a request and publishes exactly the draft revision it named, in the publishing transaction: the
 * revision is read before and after the content, so a draft changed since the request is never published; the
 * request then goes stale and the approver is told to ask for a new one.
 */
export async function approvePublish(options: ApprovePublishOptions): Promise<PublishedSummary> {
  const { db, team, catalog, actor, requestId, safety } = options;
  const row = await pendingRequest(db, catalog, requestId);
  assertNotRequester(row, actor, "approve");
  const wanted = String(row.draftRevision);
  const gate = createPublishGate({ ...(safety ? { safety } : {}), blockOnQuality: catalog.blockOnQuality });
  let heldBack: string[] = [];
  try {
    return await publishContent({
      db,
      team,
      catalog,
      actor,
      note: row.note,
      reason: row.reason,
      gate,
      resolveContent: async (tx) => {
        const before = await draftRevisionOf(tx, catalog.id);
        if (before !== wanted) throw new StaleRequest(before);
        const held = await holdUpstreamChanges(tx, catalog.id, await loadDraftContent({ db: tx, team, catalog }));
        const after = await draftRevisionOf(tx, catalog.id);
        if (after !== wanted) throw new StaleRequest(after);
        await recordApproval(tx, catalog, actor, row);
        heldBack = held.heldBack;
        return held.content;
      },
      heldBack: () => heldBack,
      sameContentMessage: (latest) =>
        `Nothing to publish: the requested draft is identical to version ${latest.version}; refuse the request.`,
    });
  } catch (error) {
    if (!(error instanceof StaleRequest)) throw error;
    await markStale(db, catalog, actor, row, error.current);
    throw new AppError(
      "CONFLICT",
      `The draft changed after ${row.requestedBy || "the requester"} asked to publish it (revision ${wanted}, now ${error.current}), so it was not published. The request is stale: review the draft and ask again.`,
    );
  }
}

const UPDATE_APPROVED_SQL = `
  UPDATE "PublishRequest" SET "status" = 'approved', "decidedById" = $2, "decidedBy" = $3,
    "decidedAt" = (now() AT TIME ZONE 'UTC'),
    "version" = (SELECT coalesce(max("version"), 0) + 1 FROM "Snapshot" WHERE "catalogId" = $4)
  WHERE "id" = $1 AND "status" = 'pending' RETURNING "version"`;

/** Inside the publishing transaction (the catalog is locked, so the next version number is this one). */
async function recordApproval(tx: SqlSource, catalog: Catalog, actor: AuditActor, row: PublishRequest) {
  const [written] = await queryRows<{ version: number }>(tx, UPDATE_APPROVED_SQL, [
    row.id,
    actor.id,
    actor.label,
    catalog.id,
  ]);
  if (!written) throw new AppError("CONFLICT", "This publish request was decided by someone else meanwhile.");
  await audit(tx, catalog, actor, {
    action: "snapshot.publish_approved",
    after: {
      requestId: row.id,
      requestedBy: row.requestedBy,
      version: written.version,
      note: row.note,
    },
  });
}

/** Refuses a request with a reason (someone other than the requester); the requester withdraws instead. */
export async function refusePublish(options: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  requestId: string;
  reason: string;
}) {
  const { db, catalog, actor, requestId } = options;
  const reason = options.reason.trim();
  if (!reason)
    throw new AppError("INVALID_INPUT", "Say why the publish is refused, so the requester knows what to fix.");
  const row = await pendingRequest(db, catalog, requestId);
  assertNotRequester(row, actor, "refuse");
  return decide(db, catalog, actor, row, "refused", reason);
}

/** The requester takes their own request back (or an owner clears one left behind). */
export async function withdrawPublish(options: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  requestId: string;
  isOwner: boolean;
}) {
  const { db, catalog, actor, requestId, isOwner } = options;
  const row = await pendingRequest(db, catalog, requestId);
  if (row.requestedById !== actor.id && !isOwner)
    throw new AppError(
      "FORBIDDEN",
      "Only the requester (or an owner) can withdraw a publish request; refuse it instead.",
    );
  return decide(db, catalog, actor, row, "withdrawn", null);
}

async function decide(
  db: PrismaClient,
  catalog: Catalog,
  actor: AuditActor,
  row: PublishRequest,
  status: "refused" | "withdrawn",
  reason: string | null,
) {
  return db.$transaction(async (tx) => {
    const written = await tx.publishRequest.updateMany({
      where: { id: row.id, status: "pending" },
      data: { status, decidedById: actor.id, decidedBy: actor.label, decidedAt: new Date(), decisionReason: reason },
    });
    if (written.count === 0)
      throw new AppError("CONFLICT", "This publish request was decided by someone else meanwhile.");
    const isRefusal = status === "refused";
    await audit(tx, catalog, actor, {
      action: isRefusal ? "snapshot.publish_refused" : "snapshot.publish_request_withdrawn",
      after: {
        requestId: row.id,
        requestedBy: row.requestedBy,
        note: row.note,
        ...(reason ? { reason } : {}),
      },
    });
    return toView(await tx.publishRequest.findUniqueOrThrow({ where: { id: row.id } }), actor);
  });
}

/** Whether the catalog requires approval; owners change it. */
export async function setPublishApproval(options: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  required: boolean;
}) {
  const { db, catalog, actor, required } = options;
  return db.$transaction(async (tx) => {
    const current = await tx.catalog.findUniqueOrThrow({
      where: { id: catalog.id },
      select: { requirePublishApproval: true },
    });
    if (current.requirePublishApproval === required) return { required };
    await tx.catalog.update({ where: { id: catalog.id }, data: { requirePublishApproval: required } });
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "catalog.updated",
      targetType: "catalog",
      targetId: catalog.id,
      before: { requirePublishApproval: current.requirePublishApproval },
      after: { requirePublishApproval: required },
    });
    return { required };
  });
}
