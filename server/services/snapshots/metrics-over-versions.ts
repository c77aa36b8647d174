import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { boundedCache } from "../../cache/bounded-cache";
import { buildSnapshotContent } from "../draft/build-snapshot-content";
import { loadGoldenQueries, loadPublishedVersion } from "../review/catalog-state";
import type { SnapshotMetrics } from "../review/golden-metrics";
import { goldenFingerprint, rankContent } from "../review/ranking-cache";

/** Versions re-evaluated for the chart; older ones keep only the metrics recorded at publish time. */
export const MAX_CHARTED_VERSIONS = 30;

/** Metrics of a version on a given golden set (in the key) and K never change: never stale, nothing clears it. */
const evaluated = boundedCache<SnapshotMetrics>({ name: "metrics-over-versions", max: 500 });

/**
 * The draft and each recent version evaluated on today's golden queries (so the lines are comparable),
 * with the same K for all: the draft's default limit.
 */
export async function metricsOverVersions({
  db,
  team,
  catalog,
}: {
  db: PrismaClient;
  team: Pick<Team, "slug">;
  catalog: Catalog;
}) {
  const [draft, golden, rows] = await Promise.all([
    buildSnapshotContent({ db, team, catalog }),
    loadGoldenQueries(db, catalog.id),
    db.snapshot.findMany({
      where: { catalogId: catalog.id },
      select: { version: true, publishedAt: true },
      orderBy: { version: "desc" },
      take: MAX_CHARTED_VERSIONS,
    }),
  ]);
  const k = draft.engine.defaultLimit;
  const goldenKey = goldenFingerprint(golden);
  const latestVersion = rows[0]?.version;
  const versions = [];
  for (const row of rows.reverse()) {
    const key = `${catalog.id}:v${row.version}:k${k}:${goldenKey}`;
    let metrics = evaluated.get(key);
    if (!metrics) {
      const published = await loadPublishedVersion(db, catalog, row.version);
      if (!published) continue;
      metrics = rankContent({
        content: published.snapshot,
        golden,
        goldenKey,
        k,
        keepIndex: row.version === latestVersion,
      }).metrics;
      evaluated.set(key, metrics);
    }
    versions.push({ version: row.version, publishedAt: row.publishedAt, metrics });
  }
  const draftMetrics = rankContent({ content: draft, golden, goldenKey, k }).metrics;
  return { k, goldenQueries: golden.length, draft: draftMetrics, versions };
}
