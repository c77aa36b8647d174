import type { Catalog, Team } from "@prisma/client";
import type { SnapshotContent } from "@/sdk/snapshot";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { DRAFT_ROWS_KEY_SQL, draftHeader, draftRowsKey, readDraft } from "./build-snapshot-content";

interface Remembered {
  /** The team and catalog values the content was built with (they come from the caller, not the rows). */
  header: string;
  /** The row versions it was built from (DRAFT_ROWS_KEY_SQL). */
  rowsKey: string;
  content: SnapshotContent;
}

// The last draft read per catalog: the review reads it, and the publish that follows checks in one small
// statement that not one row changed since, instead of reading and building thousands of tools again.
const MAX_DRAFTS = 16;
const drafts = new Map<string, Remembered>();

/** Forgets every remembered draft (the benchmark measures cold paths with it). */
export function clearDraftCache(): void {
  drafts.clear();
}

/**
 * The catalog's draft in snapshot form, as `buildSnapshotContent` builds it, reused from the last read when
 * the database proves that no tool or namespace row of the catalog was written since (row versions, not
 * revision counters: exact whatever the writer did). Inside a transaction, pass its `tx`.
 * The content may be shared with other callers: read it, never change it.
 */
export async function loadDraftContent({ db, team, catalog }: { db: SqlSource; team: Pick<Team, "slug">; catalog: Catalog }): Promise<SnapshotContent> {
  const header = JSON.stringify(draftHeader(team, catalog));
  const last = drafts.get(catalog.id);
  if (last && last.header === header) {
    const [now] = await queryRows<{ key: string }>(db, DRAFT_ROWS_KEY_SQL, [catalog.id]);
    if (now?.key === last.rowsKey) {
      drafts.delete(catalog.id); // re-insert: Map order is the LRU order
      drafts.set(catalog.id, last);
      return last.content;
    }
  }
  const state = await readDraft({ db, team, catalog });
  drafts.delete(catalog.id);
  drafts.set(catalog.id, { header, rowsKey: draftRowsKey(state), content: state.content });
  while (drafts.size > MAX_DRAFTS) drafts.delete(drafts.keys().next().value!);
  return state.content;
}
