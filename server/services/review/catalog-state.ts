import type { Catalog } from "@prisma/client";
import { snapshotSchema, type Snapshot } from "@/domain/snapshot/verify";
import { boundedCache } from "../../cache/bounded-cache";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { AppError } from "../../errors";
import type { GoldenQuery } from "./golden-metrics";

// Plain SQL, so the same reads run in a Prisma client or transaction and in the publishing transaction,
// which runs on the plain driver (see publishContent).
const GOLDEN_SQL = `SELECT "id", "query", "expected" FROM "EvalQuery" WHERE "catalogId" = $1 ORDER BY "createdAt" ASC, "id" ASC`;
const VERSION_COLUMNS = `"version", "contentHash", (extract(epoch FROM "publishedAt") * 1000)::float8 AS "publishedMs", "publishedBy"`;
const LATEST_SQL = `SELECT ${VERSION_COLUMNS} FROM "Snapshot" WHERE "catalogId" = $1 ORDER BY "version" DESC LIMIT 1`;
const VERSION_SQL = `SELECT ${VERSION_COLUMNS} FROM "Snapshot" WHERE "catalogId" = $1 AND "version" = $2`;
const PAYLOAD_SQL = `SELECT "payload" FROM "Snapshot" WHERE "catalogId" = $1 AND "version" = $2`;

export interface PublishedVersion {
  version: number;
  contentHash: string;
  publishedAt: Date;
  publishedBy: string;
  snapshot: Snapshot;
}

/** The catalog's golden queries in a stable order (the order the review lists ties in). */
export async function loadGoldenQueries(db: SqlSource, catalogId: string): Promise<GoldenQuery[]> {
  return queryRows<GoldenQuery>(db, GOLDEN_SQL, [catalogId]);
}

// Published payloads never change (a trigger refuses UPDATE), so a parsed payload can be kept by catalog and
// version: the review and the publish right after it read the latest version once. Each read checks the row's
// hash, so an entry a rolled-back publish remembered is never served; only the benchmark clears it.
const payloads = boundedCache<Snapshot>({ name: "published-payloads", max: 4 });

/** Called after inserting a version: the review that follows reads it back without a round trip. */
export function rememberPublishedVersion(catalogId: string, snapshot: Snapshot): void {
  payloads.set(`${catalogId}:v${snapshot.version}`, snapshot);
}

export function clearPublishedVersionCache(): void {
  payloads.clear();
}

/** A published version with its parsed payload; `version` omitted = the latest; null when nothing is published. */
export async function loadPublishedVersion(
  db: SqlSource,
  catalog: Pick<Catalog, "id" | "slug">,
  version?: number,
): Promise<PublishedVersion | null> {
  const [found] = await queryRows<Omit<PublishedVersion, "publishedAt" | "snapshot"> & { publishedMs: number }>(
    db,
    version === undefined ? LATEST_SQL : VERSION_SQL,
    version === undefined ? [catalog.id] : [catalog.id, version],
  );
  if (!found) return null;
  const { publishedMs, ...rest } = found;
  const row = { ...rest, publishedAt: new Date(publishedMs) };
  const key = `${catalog.id}:v${row.version}`;
  let snapshot = payloads.get(key);
  // The hash check also drops an entry remembered by a publish whose transaction then rolled back.
  if (!snapshot || snapshot.contentHash !== row.contentHash) {
    const [stored] = await queryRows<{ payload: unknown }>(db, PAYLOAD_SQL, [catalog.id, row.version]);
    const parsed = snapshotSchema.safeParse(stored?.payload);
    // Snapshots are written only by publishContent and never updated: a bad payload is corruption, not input.
    if (!parsed.success)
      throw new AppError("INTERNAL", `Version ${row.version} of catalog "${catalog.slug}" has an unreadable payload.`);
    snapshot = parsed.data;
  }
  payloads.set(key, snapshot);
  return { ...row, snapshot };
}
