import type { PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { snapshotBodyCache, type SnapshotBody, type SnapshotBodyCache } from "./snapshot-body-cache";
import type { SnapshotVersion } from "./snapshot-api-schemas";

export interface SnapshotRef {
  id: string;
  version: number;
  contentHash: string;
}

/** Which row `latest` or a version number names: a small indexed read, enough to answer a revalidation (304). */
export async function findSnapshotRef({ db, catalogId, version }: { db: PrismaClient; catalogId: string; version: SnapshotVersion }): Promise<SnapshotRef> {
  const select = { id: true, version: true, contentHash: true } as const;
  const ref =
    version === "latest"
      ? await db.snapshot.findFirst({ where: { catalogId }, orderBy: { version: "desc" }, select })
      : await db.snapshot.findUnique({ where: { catalogId_version: { catalogId, version } }, select });
  if (ref) return ref;
  const latest = await db.snapshot.findFirst({ where: { catalogId }, orderBy: { version: "desc" }, select: { version: true } });
  if (!latest) throw new AppError("NOT_FOUND", "Nothing has been published in this catalog yet: publish a version first.");
  throw new AppError("NOT_FOUND", `Version ${String(version)} does not exist; versions run from 1 to ${latest.version}.`);
}

/** The snapshot's bytes (and parsed form), from the cache or, once per process, from its row. */
export function loadSnapshotBody({ db, ref, cache = snapshotBodyCache() }: { db: PrismaClient; ref: SnapshotRef; cache?: SnapshotBodyCache }): Promise<SnapshotBody> {
  return cache.get(ref.id, ref.contentHash, async () => (await db.snapshot.findUniqueOrThrow({ where: { id: ref.id }, select: { payload: true } })).payload);
}

/** A published snapshot of the catalog, verified against its hash. */
export async function getSnapshot({ db, catalogId, version }: { db: PrismaClient; catalogId: string; version: SnapshotVersion }) {
  const ref = await findSnapshotRef({ db, catalogId, version });
  return (await loadSnapshotBody({ db, ref })).snapshot;
}
