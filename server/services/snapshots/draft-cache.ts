import type { Catalog, Team } from "@prisma/client";
import type { SnapshotContent } from "@/sdk/snapshot";
import type { SqlSource } from "../../db/sql-source";
import { draftHeader, readDraft, type DraftState } from "./build-snapshot-content";

// The last draft read per catalog, with the team and catalog values it was built with (they come from the
// caller, not the rows). The playground reads it on every query, the review and the publish after it: each
// read checks every tool row's version and reads only the rows that changed (readDraft).
const MAX_DRAFTS = 64;
const drafts = new Map<string, { header: string; state: DraftState }>();

/** Forgets every remembered draft (the benchmark measures cold paths with it). */
export function clearDraftCache(): void {
  drafts.clear();
}

/**
 * The catalog's draft in snapshot form, as `buildSnapshotContent` builds it: the very same object as the last
 * call's while no row changed. Inside a transaction, pass its `tx`. Shared with other callers: read it, never
 * change it.
 */
export async function loadDraftContent({ db, team, catalog }: { db: SqlSource; team: Pick<Team, "slug">; catalog: Catalog }): Promise<SnapshotContent> {
  const header = JSON.stringify(draftHeader(team, catalog));
  const last = drafts.get(catalog.id);
  const state = await readDraft({ db, team, catalog }, last?.header === header ? last.state : undefined);
  drafts.delete(catalog.id); // re-insert: Map order is the LRU order
  drafts.set(catalog.id, { header, state });
  while (drafts.size > MAX_DRAFTS) drafts.delete(drafts.keys().next().value!);
  return state.content;
}
