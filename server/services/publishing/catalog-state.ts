import type { Catalog, Prisma, PrismaClient } from "@prisma/client";
import { snapshotSchema, type Snapshot } from "@/sdk/snapshot";
import { AppError } from "../../errors";
import type { GoldenQuery } from "./golden-metrics";

type Db = Pick<PrismaClient | Prisma.TransactionClient, "snapshot" | "evalQuery">;

export interface PublishedVersion {
  version: number;
  contentHash: string;
  publishedAt: Date;
  publishedBy: string;
  snapshot: Snapshot;
}

/** The catalog's golden queries in a stable order (the order the review lists ties in). */
export async function loadGoldenQueries(db: Db, catalogId: string): Promise<GoldenQuery[]> {
  return db.evalQuery.findMany({
    where: { catalogId },
    select: { id: true, query: true, expected: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

// Published payloads never change (a trigger refuses UPDATE), so a parsed payload can be kept by
// catalog and version: the review and the publish right after it read the latest version once.
const MAX_PAYLOADS = 4;
const payloads = new Map<string, Snapshot>();

/** Called after inserting a version: the review that follows reads it back without a round trip. */
export function rememberPublishedVersion(catalogId: string, snapshot: Snapshot): void {
  remember(`${catalogId}:v${snapshot.version}`, snapshot);
}

export function clearPublishedVersionCache(): void {
  payloads.clear();
}

function remember(key: string, snapshot: Snapshot): void {
  payloads.delete(key);
  payloads.set(key, snapshot);
  while (payloads.size > MAX_PAYLOADS) payloads.delete(payloads.keys().next().value!);
}

/** A published version with its parsed payload; `version` omitted = the latest; null when nothing is published. */
export async function loadPublishedVersion(db: Db, catalog: Pick<Catalog, "id" | "slug">, version?: number): Promise<PublishedVersion | null> {
  const row = await db.snapshot.findFirst({
    where: { catalogId: catalog.id, ...(version === undefined ? {} : { version }) },
    orderBy: { version: "desc" },
    select: { version: true, contentHash: true, publishedAt: true, publishedBy: true },
  });
  if (!row) return null;
  const key = `${catalog.id}:v${row.version}`;
  let snapshot = payloads.get(key);
  // The hash check also drops an entry remembered by a publish whose transaction then rolled back.
  if (!snapshot || snapshot.contentHash !== row.contentHash) {
    const { payload } = await db.snapshot.findUniqueOrThrow({ where: { catalogId_version: { catalogId: catalog.id, version: row.version } }, select: { payload: true } });
    const parsed = snapshotSchema.safeParse(payload);
    // Snapshots are written only by publishContent and never updated: a bad payload is corruption, not input.
    if (!parsed.success) throw new AppError("INTERNAL", `Version ${row.version} of catalog "${catalog.slug}" has an unreadable payload.`);
    snapshot = parsed.data;
  }
  remember(key, snapshot);
  return { ...row, snapshot };
}
