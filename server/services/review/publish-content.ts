import { randomUUID } from "node:crypto";
import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { sealSnapshotJson, snapshotContentSchema, type SnapshotContent } from "@/domain/snapshot/verify";
import type { SqlRunner } from "../../db/migrate";
import { sqlRunnerOf } from "../../db/open";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { invalidateAgentAccess, notifyAgentAccessChange } from "../tokens/access-cache";
import {
  loadGoldenQueries,
  loadPublishedVersion,
  rememberPublishedVersion,
  type PublishedVersion,
} from "./catalog-state";
import { phase, type EngineTimer } from "./engine-timer";
import { describeRegressions, findRegressions, type MetricRegression, type SnapshotMetrics } from "./golden-metrics";
import { lockCatalog } from "./lock-catalog";
import { goldenFingerprint, rankContent } from "./ranking-cache";
import { hasSameContent } from "./same-content";
import type { PublishGate } from "./publish-gate";

export interface PublishContentOptions {
  db: PrismaClient;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  actor: AuditActor;
  /**
   * Produces the content to publish, read inside the transaction after the catalog is locked. The
   * transaction runs on the plain driver: every read in it goes through `tx` (a Prisma query would not
   * see the transaction, and on PGlite would wait for it forever).
   */
  resolveContent: (tx: SqlRunner) => Promise<SnapshotContent>;
  note: string;
  reason?: string | null;
  /** The version whose content this republishes (rollback). */
  rolledBackFrom?: number;
  timer?: EngineTimer;
  /** The tools `resolveContent` shipped in their approved form (held upstream changes), once it has run. */
  heldBack?: () => string[];
  /**
   * The quality and safety gates (publish-gate.ts), already passed by the caller before the lock for the content it
   * read then: called again on the content resolved inside, it checks only a draft that changed in between.
   */
  gate?: PublishGate;
  /** Says why identical content is refused, in the words of the caller (publish or rollback). */
  sameContentMessage: (latest: PublishedVersion) => string;
}

export interface PublishedSummary {
  version: number;
  contentHash: string;
  publishedAt: Date;
  publishedBy: string;
  note: string;
  reason: string | null;
  rolledBackFrom: number | null;
  metrics: SnapshotMetrics;
  regressions: MetricRegression[];
  /** Tools shipped in their approved form because an upstream change to them waits for review, by key. */
  heldBack: string[];
}

/** The release note, trimmed; refused when empty. */
export function requireNote(note: string): string {
  const trimmed = note.trim();
  if (!trimmed) throw new AppError("INVALID_INPUT", "Add a note that says what changed in this version.");
  return trimmed;
}

/**
 * The one publishing transaction (publish and rollback): lock the catalog row, resolve the content,
 * refuse a no-op or an unexplained regression, insert version = max + 1 with its metrics and an
 * audit event. The lock makes concurrent publishes of one catalog queue, so versions never collide.
 * It runs on the plain driver, not in a Prisma interactive transaction: Prisma's handling of the
 * multi-megabyte payload parameter alone cost about a second more than the insert itself.
 */
export async function publishContent(options: PublishContentOptions): Promise<PublishedSummary> {
  const note = requireNote(options.note);
  const { timer } = options;
  const started = performance.now();
  let bodyDone = started;
  const summary = await sqlRunnerOf(options.db).transaction(async (tx) => {
    // The limit Prisma's transaction timeout used to set: a publish queued behind a stuck one gives up.
    await tx.query(`SET LOCAL lock_timeout = '120s'`);
    await phase(timer, "wait for lock", () => lockCatalog(tx, options.catalog.id));
    const content = await phase(timer, "content (read or reuse)", () => options.resolveContent(tx));
    const result = await commitVersion(tx, content, note, options);
    await notifyAgentAccessChange(tx); // other processes' cached `latest`
    bodyDone = performance.now();
    return result;
  });
  invalidateAgentAccess();
  if (timer?.phases) timer.phases.commit = (timer.phases.commit ?? 0) + performance.now() - bodyDone;
  return summary;
}

const INSERT_SNAPSHOT_SQL = `
  INSERT INTO "Snapshot" ("id", "catalogId", "version", "contentHash", "payload", "publishedById", "publishedBy", "publishedAt", "note", "reason", "rolledBackFrom", "metrics")
  VALUES ($1, $2, $3, $4, $5::json, $6, $7, ($8::timestamptz AT TIME ZONE 'UTC'), $9, $10, $11, $12::jsonb)`;

/** Refuses an empty catalog and content the snapshot schema rejects, naming the tool at fault. */
async function validateContent(content: SnapshotContent, timer: EngineTimer | undefined) {
  if (content.tools.length === 0)
    throw new AppError("UNPROCESSABLE", "There is nothing to publish: the catalog has no direct or deferred tools.");
  const checked = await phase(timer, "validate", () => snapshotContentSchema.safeParse(content));
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const where =
      issue.path[0] === "tools" && typeof issue.path[1] === "number"
        ? ` (tool ${content.tools[issue.path[1]]?.id})`
        : "";
    throw new AppError(
      "UNPROCESSABLE",
      `The catalog cannot be published${where}: ${issue.path.join(".")}: ${issue.message}.`,
    );
  }
}

/** The draft's golden-query metrics, and where they rank worse than the latest version's; regressions need a reason. */
async function rankAgainstLatest(
  tx: SqlRunner,
  content: SnapshotContent,
  latest: PublishedVersion | null,
  options: PublishContentOptions,
  reason: string | null,
) {
  const { catalog, timer } = options;
  const golden = await loadGoldenQueries(tx, catalog.id);
  const goldenKey = goldenFingerprint(golden);
  const k = content.engine.defaultLimit;
  const { metrics, regressions } = await phase(timer, "metrics", () => {
    const draftRun = rankContent({ content, golden, goldenKey, k, timer });
    const before = latest ? rankContent({ content: latest.snapshot, golden, goldenKey, k, timer }).metrics : null;
    return { metrics: draftRun.metrics, regressions: before ? findRegressions(before, draftRun.metrics) : [] };
  });
  if (regressions.length > 0 && !reason) {
    throw new AppError(
      "UNPROCESSABLE",
      `The golden queries rank worse than version ${latest!.version} (${describeRegressions(regressions)}). Review the changes, or give a reason to publish anyway.`,
      { regressions },
    );
  }
  return { metrics, regressions };
}

async function commitVersion(
  tx: SqlRunner,
  content: SnapshotContent,
  note: string,
  options: PublishContentOptions,
): Promise<PublishedSummary> {
  const { catalog, actor, timer } = options;
  const reason = options.reason?.trim() || null;
  await validateContent(content, timer);
  const latest = await phase(timer, "latest version", () => loadPublishedVersion(tx, catalog));
  if (latest && (await phase(timer, "no-op check", () => hasSameContent(content, latest.snapshot))))
    throw new AppError("CONFLICT", options.sameContentMessage(latest), { version: latest.version });
  const { metrics, regressions } = await rankAgainstLatest(tx, content, latest, options, reason);
  const safety = options.gate ? await phase(timer, "gates (if changed)", () => options.gate!(content)) : null;

  const version = (latest?.version ?? 0) + 1;
  const publishedAt = new Date();
  const heldBack = options.heldBack?.() ?? [];
  // The payload is stored as text (a json column) in author order: schemas reach agents as written.
  const { snapshot: sealed, json } = await phase(timer, "seal (canonical JSON + SHA-256)", () =>
    sealSnapshotJson(content, version, publishedAt),
  );
  // Where the server has lz4, the payload is compressed with it for this transaction only: about half the
  // time of the default pglz, and smaller (PGlite has pglz only, so nothing changes there).
  await phase(timer, "insert", async () => {
    await tx.query(`SELECT set_config('default_toast_compression', 'lz4', true)
      WHERE 'lz4' = ANY (SELECT unnest(enumvals) FROM pg_settings WHERE name = 'default_toast_compression')`);
    await tx.query(INSERT_SNAPSHOT_SQL, [
      randomUUID(),
      catalog.id,
      version,
      sealed.contentHash,
      json,
      actor.id,
      actor.label,
      publishedAt.toISOString(),
      note,
      reason,
      options.rolledBackFrom ?? null,
      JSON.stringify(metrics),
    ]);
  });
  rememberPublishedVersion(catalog.id, sealed);
  await recordAuditEvent({
    db: tx,
    teamId: catalog.teamId,
    catalogId: catalog.id,
    actor,
    action: options.rolledBackFrom ? "snapshot.rolled_back" : "snapshot.published",
    targetType: "snapshot",
    targetId: `${catalog.id}:v${version}`,
    after: {
      version,
      contentHash: sealed.contentHash,
      note,
      reason,
      rolledBackFrom: options.rolledBackFrom ?? null,
      regressions,
      ...(safety ? { safety } : {}),
      ...(heldBack.length > 0 ? { heldBack } : {}),
    },
  });
  return {
    version,
    contentHash: sealed.contentHash,
    publishedAt,
    publishedBy: actor.label,
    note,
    reason,
    rolledBackFrom: options.rolledBackFrom ?? null,
    metrics,
    regressions,
    heldBack,
  };
}
