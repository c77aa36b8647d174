import type { PrismaClient } from "@prisma/client";
import { boundedCache } from "../../cache/bounded-cache";
import { AppError } from "../../errors";
import { snapshotBodyCache, type SnapshotBody, type SnapshotBodyCache } from "./snapshot-body-cache";
import type { SnapshotVersion } from "@/domain/agent-api/schemas";

export interface SnapshotRef {
  id: string;
  version: number;
  contentHash: string;
}

const NOTHING_PUBLISHED = "Nothing has been published in this catalog yet: publish a version first.";

/** Numbered versions never change or disappear (a trigger refuses UPDATE/DELETE): never stale, nothing clears it. */
const numberedRefs = boundedCache<SnapshotRef>({ name: "numbered-snapshot-refs", max: 10_000 });

interface FindSnapshotRefOptions {
  db: PrismaClient;
  catalogId: string;
  version: SnapshotVersion;
  /** The latest ref when the caller already read it (authorizeAgent does); undefined = look it up. */
  latest?: SnapshotRef | null;
}

/**
 * The row `latest` or a version number names when it is known without the database: `latest` as the caller read it
 * (null when it read none: nothing is published), a numbered version from the cache; undefined otherwise.
 */
export function knownSnapshotRef({
  catalogId,
  version,
  latest,
}: Omit<FindSnapshotRefOptions, "db">): SnapshotRef | null | undefined {
  return version === "latest" ? latest : numberedRefs.get(`${catalogId}:${version}`);
}

/** Which row `latest` or a version number names: enough to answer a revalidation (304) without the payload. */
export async function findSnapshotRef({
  db,
  catalogId,
  version,
  latest,
}: FindSnapshotRefOptions): Promise<SnapshotRef> {
  const known = knownSnapshotRef({ catalogId, version, latest });
  if (known) return known;
  if (known === null) throw new AppError("NOT_FOUND", NOTHING_PUBLISHED);
  const select = { id: true, version: true, contentHash: true } as const;
  const ref =
    version === "latest"
      ? await db.snapshot.findFirst({ where: { catalogId }, orderBy: { version: "desc" }, select })
      : await db.snapshot.findUnique({ where: { catalogId_version: { catalogId, version } }, select });
  if (ref) {
    if (version !== "latest") numberedRefs.set(`${catalogId}:${version}`, ref);
    return ref;
  }
  const newest = await db.snapshot.findFirst({
    where: { catalogId },
    orderBy: { version: "desc" },
    select: { version: true },
  });
  if (!newest) throw new AppError("NOT_FOUND", NOTHING_PUBLISHED);
  throw new AppError(
    "NOT_FOUND",
    `Version ${String(version)} does not exist; versions run from 1 to ${newest.version}.`,
  );
}

/** The snapshot's bytes (and parsed form), from the cache or, once per process, from its row. */
export function loadSnapshotBody({
  db,
  ref,
  cache = snapshotBodyCache(),
}: {
  db: PrismaClient;
  ref: SnapshotRef;
  cache?: SnapshotBodyCache;
}): Promise<SnapshotBody> {
  return cache.get(
    ref.id,
    ref.contentHash,
    async () => (await db.snapshot.findUniqueOrThrow({ where: { id: ref.id }, select: { payload: true } })).payload,
  );
}

/** A published snapshot of the catalog, verified against its hash. */
export async function getSnapshot({ db, catalogId, version, latest }: FindSnapshotRefOptions) {
  const ref = await findSnapshotRef({ db, catalogId, version, latest });
  return (await loadSnapshotBody({ db, ref })).snapshot;
}
