import { queryRows, type SqlSource } from "../../db/sql-source";

/** The catalog settings a snapshot carries (its `catalog` name and `engine`): changing one changes the draft. */
const SNAPSHOT_SETTINGS = [
  "name",
  "engineProfile",
  "defaultLimit",
  "dropWeakHits",
  "vocabularyPacks",
  "vocabularyLines",
];

/**
 * Of the catalogs in $1, those whose draft changed after their latest version. Tool and namespace rows: the draft
 * revision row (bumped at commit by every tool or namespace write, deletions included: migrations 0013–0014) was
 * last written by a younger transaction than the latest snapshot row — the same xmin notion the draft cache reads
 * row versions by. Settings: a History `catalog.updated` of a setting the snapshot carries, after that version.
 * A rollback republishes an older version and leaves the draft as it was, so the draft differs from it.
 */
const UNPUBLISHED_SQL = `
SELECT c."id" FROM "Catalog" c
JOIN LATERAL (
  SELECT s."xmin" AS "xid", s."publishedAt", s."rolledBackFrom" FROM "Snapshot" s
  WHERE s."catalogId" = c."id" ORDER BY s."version" DESC LIMIT 1
) latest ON true
LEFT JOIN "DraftRevision" d ON d."catalogId" = c."id"
WHERE c."id" IN (SELECT jsonb_array_elements_text($1::jsonb))
  AND (
    latest."rolledBackFrom" IS NOT NULL
    OR (d."catalogId" IS NOT NULL AND age(d."xmin") < age(latest."xid"))
    OR EXISTS (
      SELECT 1 FROM "AuditEvent" a
      WHERE a."teamId" = c."teamId" AND a."at" > latest."publishedAt" AND a."catalogId" = c."id"
        AND a."action" = 'catalog.updated' AND jsonb_exists_any(a."after", ARRAY[${SNAPSHOT_SETTINGS.map((k) => `'${k}'`).join(", ")}])
    )
  )`;

/** The ids among `catalogIds` whose draft has changes not published yet: one statement for all of them. */
export async function findUnpublishedChanges({
  db,
  catalogIds,
}: {
  db: SqlSource;
  catalogIds: readonly string[];
}): Promise<Set<string>> {
  if (catalogIds.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(db, UNPUBLISHED_SQL, [JSON.stringify(catalogIds)]);
  return new Set(rows.map((row) => row.id));
}
