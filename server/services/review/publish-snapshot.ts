import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { AppError } from "../../errors";
import type { AuditActor } from "../history/record-audit-event";
import { loadDraftContent } from "../draft/draft-cache";
import { loadPublishedVersion } from "./catalog-state";
import { phase, type EngineTimer } from "./engine-timer";
import { holdUpstreamChanges } from "./hold-upstream-changes";
import { publishContent, type PublishedSummary, requireNote } from "./publish-content";
import { createPublishGate, isGated, type PublishGate, type PublishGateOptions } from "./publish-gate";
import type { SafetyGate } from "./safety-gate";
import { hasSameContent } from "./same-content";

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
 * The quality and safety gates over the draft as it is now, before any lock is taken (a refusal never makes other
 * publishes wait); undefined when nothing is gated. A draft identical to the latest version is left to the
 * transaction, which refuses it as a no-op whatever its findings.
 */
async function passGatesBeforeLock(
  { db, team, catalog, timer }: PublishSnapshotOptions,
  options: PublishGateOptions,
): Promise<PublishGate | undefined> {
  if (!isGated(options)) return undefined;
  const gate = createPublishGate(options);
  // What publishing would ship: the draft, with held upstream changes in their approved form.
  const [{ content: draft }, latest] = await Promise.all([
    loadDraftContent({ db, team, catalog }).then((content) => holdUpstreamChanges(db, catalog.id, content)),
    loadPublishedVersion(db, catalog),
  ]);
  if (!latest || !hasSameContent(draft, latest.snapshot)) await phase(timer, "gates", () => gate(draft));
  return gate;
}

/**
 * Publishes the draft: the payload is built from the live rows inside the publishing transaction (reading
 * only the rows whose version changed since the last read of this catalog's draft, e.g. the review's or the
 * gates'). Tools with an upstream change waiting for review ship their approved form (hold-upstream-changes.ts).
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
  let heldBack: string[] = [];
  requireNote(note);
  const gateOptions = { ...(safety ? { safety } : {}), blockOnQuality: catalog.blockOnQuality };
  const gate = await passGatesBeforeLock({ db, team, catalog, actor, note, timer }, gateOptions);
  return publishContent({
    db,
    team,
    catalog,
    actor,
    note,
    reason,
    timer,
    ...(gate ? { gate } : {}),
    resolveContent: async (tx) => {
      const held = await holdUpstreamChanges(tx, catalog.id, await loadDraftContent({ db: tx, team, catalog }));
      heldBack = held.heldBack;
      return held.content;
    },
    heldBack: () => heldBack,
    sameContentMessage: (latest) =>
      `Nothing to publish: the draft is identical to version ${latest.version}. Change a tool first.`,
  });
}
