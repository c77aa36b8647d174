import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { contentOf, SNAPSHOT_FORMAT } from "@/domain/snapshot/verify";
import { AppError } from "../../errors";
import { resetDraft, type ResetSummary } from "../draft/reset-draft";
import type { AuditActor } from "../history/record-audit-event";
import { loadPublishedVersion } from "../review/catalog-state";
import { publishContent, type PublishedSummary } from "../review/publish-content";

export interface RollbackSnapshotOptions {
  db: PrismaClient;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  actor: AuditActor;
  /** The older version whose content becomes the new latest. */
  version: number;
  note: string;
  /** Required when that content ranks the golden queries worse than the latest version does. */
  reason?: string | null;
  /** Also reset the draft to that version (otherwise the next publish ships the rolled-back change again). */
  resetDraft?: boolean;
}

/**
 * Rolls back, and with `resetDraft` resets the draft to the same version afterwards (its own transaction and
 * History group: a draft that already matches is left alone).
 */
export async function rollbackSnapshot({
  resetDraft: alsoReset = false,
  ...options
}: RollbackSnapshotOptions): Promise<PublishedSummary & { draftReset: ResetSummary | null }> {
  const published = await republishVersion(options);
  if (!alsoReset) return { ...published, draftReset: null };
  const { db, catalog, actor, version } = options;
  const draftReset = await resetDraft({ db, catalog, actor, version, scope: { kind: "draft" } }).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.code === "UNPROCESSABLE") return null; // already matches
      throw error;
    },
  );
  return { ...published, draftReset };
}

/**
 * Rolls back by publishing an older version's content as a new version (history is never rewritten).
 * The catalog's current team, slug and name are kept; the draft rows are not touched.
 */
async function republishVersion({
  db,
  team,
  catalog,
  actor,
  version,
  note,
  reason,
}: RollbackSnapshotOptions): Promise<PublishedSummary> {
  return publishContent({
    db,
    team,
    catalog,
    actor,
    note,
    reason,
    rolledBackFrom: version,
    resolveContent: async (tx) => {
      const target = await loadPublishedVersion(tx, catalog, version);
      if (!target) throw new AppError("NOT_FOUND", `Version ${version} does not exist in catalog "${catalog.slug}".`);
      // Republished in the current format (hashed with RFC 8785), whatever format the old version had.
      return {
        ...contentOf(target.snapshot),
        format: SNAPSHOT_FORMAT,
        catalog: { team: team.slug, slug: catalog.slug, name: catalog.name },
      };
    },
    sameContentMessage: (latest) =>
      latest.version === version
        ? `Version ${version} is already the latest; there is nothing to roll back.`
        : `The latest version ${latest.version} already has the content of version ${version}; nothing to roll back.`,
  });
}
