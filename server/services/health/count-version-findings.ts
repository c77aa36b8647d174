// Finding counts per published version for the Health tab. A version never changes, so its counts are computed
// once per rule set and kept in "SnapshotFindingCount"; each version's tools are checked on their own (with the
// requests made from their own text), since golden queries and traffic change after the version was published.
import { createHash } from "node:crypto";
import type { Catalog, Team } from "@prisma/client";
import { checkCatalog, checkInputOfSnapshot, RULES, RULES_REVISION } from "@/domain/catalog-check/index";
import type { SnapshotContent } from "@/domain/snapshot/verify";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { timeCatalogRun } from "../../ops/metrics";
import { loadDraftContent } from "../draft/draft-cache";
import { loadPublishedVersion } from "../review/catalog-state";
import { type CategoryCounts, countFindings } from "./list-health-findings";

/** The versions listed, newest first. */
export const MAX_VERSIONS = 30;
/** Counting stops once a call has spent this long (at least one version is counted); the page asks again. */
const BUDGET_MS = 1_500;

/** The rule table's fingerprint: counts made with other rules are not shown (and are counted again). */
export const RULES_FINGERPRINT = createHash("sha256")
  .update(JSON.stringify({ revision: RULES_REVISION, rules: RULES }))
  .digest("hex")
  .slice(0, 16);

export interface StoredCounts {
  counts: CategoryCounts;
  tools: number;
  toolsWithFindings: number;
}

export interface VersionCounts {
  version: number;
  publishedMs: number;
  /** Null while not counted yet (the page asks again). */
  counts: StoredCounts | null;
}

const VERSIONS_SQL = `
  SELECT s."id", s."version", (extract(epoch FROM s."publishedAt") * 1000)::float8 AS "publishedMs", c."counts"
  FROM "Snapshot" s
  LEFT JOIN "SnapshotFindingCount" c ON c."snapshotId" = s."id" AND c."rules" = $2
  WHERE s."catalogId" = $1
  ORDER BY s."version" DESC
  LIMIT $3`;

const INSERT_SQL = `INSERT INTO "SnapshotFindingCount" ("snapshotId", "rules", "counts") VALUES ($1, $2, $3::jsonb)
  ON CONFLICT ("snapshotId", "rules") DO NOTHING`;

/** Counts per content object: the draft row (a changed draft is a new object), and a payload checked once. */
const counted = new WeakMap<SnapshotContent, StoredCounts>();

export function countContent(content: SnapshotContent): StoredCounts {
  const remembered = counted.get(content);
  if (remembered) return remembered;
  const { tools, engine } = checkInputOfSnapshot(content);
  const result = timeCatalogRun("check", () => checkCatalog({ tools, engine, k: engine.defaultLimit }));
  const findings = [...result.byTool.values()].flat();
  const counts = {
    counts: countFindings(findings),
    tools: tools.length,
    toolsWithFindings: new Set(findings.map((f) => f.toolId)).size,
  };
  counted.set(content, counts);
  return counts;
}

/** The draft's counts (made the same way as a version's) and the latest MAX_VERSIONS versions', newest first. */
export async function countVersionFindings({
  db,
  team,
  catalog,
}: {
  db: SqlSource;
  team: Pick<Team, "slug">;
  catalog: Catalog;
}): Promise<{ draft: StoredCounts; versions: VersionCounts[]; isComplete: boolean }> {
  const started = performance.now();
  const rows = await queryRows<{ id: string; version: number; publishedMs: number; counts: StoredCounts | null }>(
    db,
    VERSIONS_SQL,
    [catalog.id, RULES_FINGERPRINT, MAX_VERSIONS],
  );
  const versions: VersionCounts[] = [];
  let hasCounted = false;
  for (const row of rows) {
    let counts = row.counts;
    if (!counts && (!hasCounted || performance.now() - started < BUDGET_MS)) {
      const published = await loadPublishedVersion(db, catalog, row.version);
      if (published) {
        counts = countContent(published.snapshot);
        await queryRows(db, INSERT_SQL, [row.id, RULES_FINGERPRINT, JSON.stringify(counts)]);
        hasCounted = true;
      }
    }
    versions.push({ version: row.version, publishedMs: row.publishedMs, counts });
  }
  const draft = countContent(await loadDraftContent({ db, team, catalog }));
  return { draft, versions, isComplete: versions.every((v) => v.counts) };
}
