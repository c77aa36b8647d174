import type { Catalog, Prisma, PrismaClient, Team } from "@prisma/client";
import { isSameContent, sealSnapshot, snapshotContentSchema, type SnapshotContent } from "@/sdk/snapshot";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../audit/record-audit-event";
import { loadGoldenQueries, loadPublishedVersion, type PublishedVersion } from "./catalog-state";
import type { EngineTimer } from "./engine-timer";
import { describeRegressions, findRegressions, rankGoldenQueries, summarizeMetrics, type MetricRegression, type SnapshotMetrics } from "./golden-metrics";
import { lockCatalog, LOCKED_TX_OPTIONS } from "./lock-catalog";
import { indexFor, snapshotIndexKey } from "./snapshot-index-cache";

export interface PublishContentOptions {
  db: PrismaClient;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  actor: AuditActor;
  /** Produces the content to publish, read inside the transaction after the catalog is locked. */
  resolveContent: (tx: Prisma.TransactionClient) => Promise<SnapshotContent>;
  note: string;
  reason?: string | null;
  /** The version whose content this republishes (rollback). */
  rolledBackFrom?: number;
  timer?: EngineTimer;
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
}

/**
 * The one publishing transaction (publish and rollback): lock the catalog row, resolve the content,
 * refuse a no-op or an unexplained regression, insert version = max + 1 with its metrics and an
 * audit event. The lock makes concurrent publishes of one catalog queue, so versions never collide.
 */
export async function publishContent(options: PublishContentOptions): Promise<PublishedSummary> {
  const note = options.note.trim();
  if (!note) throw new AppError("INVALID_INPUT", "Add a note that says what changed in this version.");
  return options.db.$transaction(async (tx) => {
    await lockCatalog(tx, options.catalog.id);
    const content = await options.resolveContent(tx);
    return commitVersion(tx, content, note, options);
  }, LOCKED_TX_OPTIONS);
}

async function commitVersion(tx: Prisma.TransactionClient, content: SnapshotContent, note: string, options: PublishContentOptions): Promise<PublishedSummary> {
  const { catalog, actor, timer } = options;
  const reason = options.reason?.trim() || null;
  if (content.tools.length === 0) throw new AppError("UNPROCESSABLE", "There is nothing to publish: the catalog has no direct or deferred tools.");
  const checked = snapshotContentSchema.safeParse(content);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const where = issue.path[0] === "tools" && typeof issue.path[1] === "number" ? ` (tool ${content.tools[issue.path[1]]?.id})` : "";
    throw new AppError("UNPROCESSABLE", `The catalog cannot be published${where}: ${issue.path.join(".")}: ${issue.message}.`);
  }

  const latest = await loadPublishedVersion(tx, catalog);
  if (latest && isSameContent(content, latest.snapshot)) throw new AppError("CONFLICT", options.sameContentMessage(latest), { version: latest.version });

  const golden = await loadGoldenQueries(tx, catalog.id);
  const k = content.engine.defaultLimit;
  const metrics = summarizeMetrics(rankGoldenQueries(indexFor(null, content, timer), golden, k, timer), k, content, timer);
  let regressions: MetricRegression[] = [];
  if (latest) {
    const latestIndex = indexFor(snapshotIndexKey(catalog.id, latest.version), latest.snapshot, timer);
    const before = summarizeMetrics(rankGoldenQueries(latestIndex, golden, k, timer), k, latest.snapshot, timer);
    regressions = findRegressions(before, metrics);
  }
  if (regressions.length > 0 && !reason) {
    throw new AppError(
      "UNPROCESSABLE",
      `The golden queries rank worse than version ${latest!.version} (${describeRegressions(regressions)}). Review the changes, or give a reason to publish anyway.`,
      { regressions },
    );
  }

  const version = (latest?.version ?? 0) + 1;
  const publishedAt = new Date();
  const sealed = await sealSnapshot(content, version, publishedAt);
  await tx.snapshot.create({
    data: {
      catalogId: catalog.id,
      version,
      contentHash: sealed.contentHash,
      payload: sealed as unknown as Prisma.InputJsonValue,
      publishedById: actor.id,
      publishedBy: actor.label,
      publishedAt,
      note,
      reason,
      rolledBackFrom: options.rolledBackFrom ?? null,
      metrics: metrics as unknown as Prisma.InputJsonValue,
    },
  });
  await recordAuditEvent({
    db: tx,
    teamId: catalog.teamId,
    catalogId: catalog.id,
    actor,
    action: options.rolledBackFrom ? "snapshot.rolled_back" : "snapshot.published",
    targetType: "snapshot",
    targetId: `${catalog.id}:v${version}`,
    after: { version, contentHash: sealed.contentHash, note, reason, rolledBackFrom: options.rolledBackFrom ?? null, regressions },
  });
  return { version, contentHash: sealed.contentHash, publishedAt, publishedBy: actor.label, note, reason, rolledBackFrom: options.rolledBackFrom ?? null, metrics, regressions };
}
