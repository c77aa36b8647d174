import type { Catalog, Team } from "@prisma/client";
import type { SnapshotContent } from "@/domain/snapshot/verify";
import { boundedCache } from "../../cache/bounded-cache";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { draftHeader, readDraft, type DraftState } from "./build-snapshot-content";

// The last draft read per catalog, with the team and catalog values it was built with and the catalog's draft
// revision read before its rows. Cleared by a new revision (every tool or namespace write bumps it at commit)
// or other settings; a stale entry is never served: the revision is read first, so an entry is at least as new
// as its revision. On a change, readDraft re-reads only the rows the draft change log names since the entry's
// revision (or, when the log no longer reaches back that far, whose row version changed).
const drafts = boundedCache<{ header: string; revision: string | null; state: DraftState }>({
  name: "drafts",
  max: 64,
});

/**
 * The draft revision, or null inside a transaction that has written something: its own writes bump the revision
 * only when it commits, so such a reader must compare row versions. Given the revision the caller last read ($2),
 * also the ids of the rows written since (one statement: the same snapshot as the revision), or null when the
 * log was pruned past it. Every revision logs at least one row, so the log reaches back far enough exactly when
 * the revision after $2 is still in it.
 */
const REVISION_SQL = `WITH current AS (SELECT CASE WHEN pg_current_xact_id_if_assigned() IS NULL
  THEN coalesce((SELECT "revision" FROM "DraftRevision" WHERE "catalogId" = $1), 0) END AS "revision")
SELECT "revision"::text AS "revision",
  CASE WHEN "revision" > $2::bigint AND EXISTS (
    SELECT 1 FROM "DraftChange" WHERE "catalogId" = $1 AND "revision" = $2::bigint + 1)
  THEN (SELECT json_agg(DISTINCT c."rowId") FROM "DraftChange" c
    WHERE c."catalogId" = $1 AND c."revision" > $2::bigint AND c."revision" <= current."revision") END AS "changed"
FROM current`;

/** Forgets every remembered draft (the benchmark measures cold paths with it). */
export function clearDraftCache(): void {
  drafts.clear();
}

type DraftOptions = {
  db: SqlSource;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  /**
   * The catalog's draft revision as the caller read it outside any transaction, just before (the access check
   * reads it with the catalog row): when it is the remembered entry's, that entry is served with no statement.
   */
  knownRevision?: string | null;
};

/**
 * The catalog's draft as read from its rows: the very same object as the last call's while no row changed.
 * Inside a transaction, pass its `tx`. Shared with other callers: read it, never change it.
 */
export async function loadDraftState({ db, team, catalog, knownRevision }: DraftOptions): Promise<DraftState> {
  const header = JSON.stringify(draftHeader(team, catalog));
  const last = drafts.get(catalog.id);
  const previous = last?.header === header ? last : undefined;
  if (previous && knownRevision != null && previous.revision === knownRevision) return previous.state;
  const [{ revision, changed } = { revision: null, changed: null }] = await queryRows<{
    revision: string | null;
    changed: string[] | null;
  }>(db, REVISION_SQL, [catalog.id, previous?.revision ?? null]);
  const fresh = revision !== null && previous?.revision === revision;
  const state = fresh ? previous.state : await readDraft({ db, team, catalog }, previous?.state, changed ?? undefined);
  drafts.set(catalog.id, { header, revision, state });
  return state;
}

/** The catalog's draft in snapshot form, as `buildSnapshotContent` builds it (see loadDraftState). */
export async function loadDraftContent(options: DraftOptions): Promise<SnapshotContent> {
  return (await loadDraftState(options)).content;
}
