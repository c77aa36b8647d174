import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { AppError } from "../../errors";
import type { AuditActor } from "../history/record-audit-event";
import { loadDraftContent } from "../draft/draft-cache";
import type { EngineTimer } from "./engine-timer";
import { publishContent, type PublishedSummary } from "./publish-content";
import type { SafetyGate } from "./safety-gate";

export interface PublishSnapshotOptions {
  db: PrismaClient;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  actor: AuditActor;
  /** What changed, for the history page. */
  note: string;
  /** Required when the golden queries rank worse than on the latest version; recorded with the version. */
  reason?: string | null;
  /** The publisher's role and acknowledgement: safety errors need an owner's, with a reason (safety-gate.ts). */
  safety?: SafetyGate;
  timer?: EngineTimer;
}

/**
 * Publishes the draft: the payload is built from the live rows inside the publishing transaction (reading
 * only the rows whose version changed since the last read of this catalog's draft, e.g. the review's).
 */
export async function publishSnapshot({
  db,
  team,
  catalog,
  actor,
  note,
  reason,
  safety,
  timer,
}: PublishSnapshotOptions): Promise<PublishedSummary> {
  if (catalog.requirePublishApproval)
    throw new AppError(
      "FORBIDDEN",
      "This catalog requires approval before publishing: ask to publish, and another editor or owner approves.",
    );
  return publishContent({
    db,
    team,
    catalog,
    actor,
    note,
    reason,
    timer,
    ...(safety ? { safety } : {}),
    resolveContent: (tx) => loadDraftContent({ db: tx, team, catalog }),
    sameContentMessage: (latest) =>
      `Nothing to publish: the draft is identical to version ${latest.version}. Change a tool first.`,
  });
}
