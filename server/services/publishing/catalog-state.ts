import type { Catalog, Prisma, PrismaClient } from "@prisma/client";
import { contentOf, snapshotSchema, type Snapshot } from "@/sdk/snapshot";
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

/** A published version with its parsed payload; `version` omitted = the latest; null when nothing is published. */
export async function loadPublishedVersion(db: Db, catalog: Pick<Catalog, "id" | "slug">, version?: number): Promise<PublishedVersion | null> {
  const row = await db.snapshot.findFirst({
    where: { catalogId: catalog.id, ...(version === undefined ? {} : { version }) },
    orderBy: { version: "desc" },
    select: { version: true, contentHash: true, publishedAt: true, publishedBy: true, payload: true },
  });
  if (!row) return null;
  const parsed = snapshotSchema.safeParse(row.payload);
  // Snapshots are written only by publishSnapshot and never updated: a bad payload is corruption, not input.
  if (!parsed.success) throw new AppError("INTERNAL", `Version ${row.version} of catalog "${catalog.slug}" has an unreadable payload.`);
  return { version: row.version, contentHash: row.contentHash, publishedAt: row.publishedAt, publishedBy: row.publishedBy, snapshot: parsed.data };
}

export { contentOf };
