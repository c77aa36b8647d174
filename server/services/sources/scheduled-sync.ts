import "server-only";
import type { NamespaceSource, PrismaClient } from "@prisma/client";
import type { SourceChange } from "@/domain/sources";
import { AppError } from "../../errors";
import { logger } from "../../ops/logger";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { sendMail, type MailSettings } from "../mail/send-mail";
import { previewSync } from "./sync-namespace";

/** Who a scheduled check is in History. */
export const SCHEDULER_ACTOR: AuditActor = { id: null, label: "Scheduled sync" };

export interface CheckSettings {
  mail: MailSettings;
  /** The app's public URL, for the link in the e-mail (STOCKROOM_URL). */
  baseUrl: string;
  now?: () => Date;
  /** How long one scheduler minute lasts (STOCKROOM_SCHEDULER_MINUTE_MS): a real minute unless an e2e test shortens it. */
  minuteMs?: number;
}

const MINUTE_MS = 60_000;

/**
 * Claims one due source for this process: its `nextSyncAt` moves one interval on in the same UPDATE, so another
 * process (or this one, later) does not take it until then. `SKIP LOCKED` lets two processes claim two sources.
 */
export async function claimDueSource(db: PrismaClient, now: Date, minuteMs = MINUTE_MS): Promise<string | null> {
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE "NamespaceSource"
     SET "nextSyncAt" = $1::timestamp + make_interval(secs => "syncIntervalMinutes" * $2::double precision)
     WHERE "id" = (
       SELECT "id" FROM "NamespaceSource"
       WHERE "syncIntervalMinutes" IS NOT NULL AND "nextSyncAt" <= $1::timestamp
       ORDER BY "nextSyncAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
     AND "nextSyncAt" <= $1::timestamp
     RETURNING "id"`,
    now.toISOString(),
    minuteMs / 1000,
  );
  return rows[0]?.id ?? null;
}

type Preview = Awaited<ReturnType<typeof previewSync>>;

/** What the preview would change in the catalog; null when the catalog matches upstream. */
function changeOfPreview(preview: Preview, at: Date): SourceChange | null {
  const count = (status: string) => preview.counts[status as keyof typeof preview.counts] ?? 0;
  const change = {
    at: at.toISOString(),
    new: count("new"),
    changed: count("changed"),
    conflict: count("conflict"),
    removed: count("removed"),
    toolIds: preview.rows
      .filter((r) => r.toolId && (r.status === "changed" || r.status === "conflict" || r.status === "removed"))
      .map((r) => r.toolId!),
  };
  return change.new + change.changed + change.conflict + change.removed > 0 ? change : null;
}

const describeChange = (c: SourceChange) =>
  [
    [c.new, "new"],
    [c.changed, "changed"],
    [c.conflict, "in conflict with the team's edits"],
    [c.removed, "no longer listed"],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, what]) => `${n} ${what}`)
    .join(", ");

type Row = NamespaceSource & {
  namespace: { name: string };
  catalog: { id: string; slug: string; name: string; teamId: string; team: { slug: string } };
};

/** E-mails the team's owners (when SMTP is set); resolves to how many were sent. */
async function mailOwners(db: PrismaClient, row: Row, change: SourceChange, settings: CheckSettings) {
  if (!settings.mail.smtpUrl) return 0;
  const owners = await db.membership.findMany({
    where: { teamId: row.catalog.teamId, role: "owner" },
    select: { user: { select: { email: true } } },
  });
  const link = `${settings.baseUrl.replace(/\/$/, "")}/t/${row.catalog.team.slug}/${row.catalog.slug}/namespaces`;
  const text = [
    `The source of the namespace "${row.namespace.name}" in the catalog "${row.catalog.name}" changed upstream:`,
    `${describeChange(change)}.`,
    "",
    "Nothing was applied. Review the change set and sync (or dismiss the mark) on the Namespaces page:",
    link,
  ].join("\n");
  const subject = `Stockroom: the source of "${row.namespace.name}" in ${row.catalog.name} changed`;
  const sent = await Promise.all(owners.map(({ user }) => sendMail(settings.mail, { to: user.email, subject, text })));
  return sent.filter(Boolean).length;
}

export type CheckOutcome =
  | { status: "skipped" | "unchanged" | "already-reported" }
  | { status: "failed"; message: string }
  | { status: "changed"; change: SourceChange; mailed: number };

/** Sets the mark and writes its History entry, in one transaction. */
async function markChanged(db: PrismaClient, row: Row, change: SourceChange, digest: string, now: Date) {
  await db.$transaction(async (tx) => {
    await tx.namespaceSource.update({
      where: { id: row.id },
      data: { changedAt: now, changedSummary: change, checkedDigest: digest, lastCheckedAt: now, lastCheckError: null },
    });
    await recordAuditEvent({
      db: tx,
      teamId: row.catalog.teamId,
      catalogId: row.catalog.id,
      actor: SCHEDULER_ACTOR,
      action: "namespace.source_changed",
      targetType: "namespace",
      targetId: row.namespaceId,
      after: { namespace: row.namespace.name, ...change },
    });
  });
}

/**
 * One scheduled check of a URL source: reads upstream and compares it with the catalog, applying nothing. When
 * upstream differs (and differs from what the last check reported), the source gets the "source changed" mark,
 * History an entry, and the team's owners an e-mail. A check that finds the catalog in step clears the mark.
 */
export async function checkSource(db: PrismaClient, sourceId: string, settings: CheckSettings): Promise<CheckOutcome> {
  const now = settings.now?.() ?? new Date();
  const row = await db.namespaceSource.findUnique({
    where: { id: sourceId },
    include: {
      namespace: { select: { name: true } },
      catalog: { select: { id: true, slug: true, name: true, teamId: true, team: { select: { slug: true } } } },
    },
  });
  if (!row || !(row.kind === "mcp-http" || (row.kind === "openapi" && row.url))) return { status: "skipped" };
  let preview: Preview;
  try {
    const catalog = await db.catalog.findUniqueOrThrow({ where: { id: row.catalogId } });
    preview = await previewSync({ db, catalog, namespace: row.namespace.name });
  } catch (error) {
    const message = error instanceof AppError ? error.message : `The check failed (${(error as Error).message}).`;
    await db.namespaceSource.update({ where: { id: row.id }, data: { lastCheckedAt: now, lastCheckError: message } });
    return { status: "failed", message };
  }
  const digest = preview.fingerprint.split(".")[1] ?? "";
  const change = changeOfPreview(preview, now);
  if (!change || digest === row.checkedDigest) {
    await db.namespaceSource.update({
      where: { id: row.id },
      data: { lastCheckedAt: now, lastCheckError: null, ...(change ? {} : { changedAt: null, checkedDigest: digest }) },
    });
    return { status: change ? "already-reported" : "unchanged" };
  }
  await markChanged(db, row, change, digest, now);
  return { status: "changed", change, mailed: await mailOwners(db, row, change, settings) };
}

/** Checks every due source, one at a time, at most `limit` in one run. */
export async function runDueChecks(db: PrismaClient, settings: CheckSettings, limit = 50) {
  const outcomes: CheckOutcome[] = [];
  for (let i = 0; i < limit; i++) {
    const id = await claimDueSource(db, settings.now?.() ?? new Date(), settings.minuteMs);
    if (!id) break;
    outcomes.push(await checkSource(db, id, settings));
  }
  return outcomes;
}

const globalForScheduler = globalThis as unknown as { stockroomSourceScheduler?: ReturnType<typeof setInterval> };

/**
 * The in-process scheduler (started by instrumentation.ts): every minute (of its clock, `minuteMs`), checks the due
 * sources. A run never starts while this process's previous run is going; other processes are kept off a source by
 * its claim.
 */
export function startSourceScheduler(db: PrismaClient, settings: () => CheckSettings): void {
  if (globalForScheduler.stockroomSourceScheduler) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const outcomes = await runDueChecks(db, settings());
      const changed = outcomes.filter((o) => o.status === "changed").length;
      if (changed > 0) logger().info(`Scheduled sync: ${changed} source(s) changed upstream.`);
    } catch (error) {
      logger().error({ err: error }, "scheduled sync failed");
    } finally {
      running = false;
    }
  };
  globalForScheduler.stockroomSourceScheduler = setInterval(() => void tick(), settings().minuteMs ?? MINUTE_MS);
  globalForScheduler.stockroomSourceScheduler.unref?.();
}
