import type { Catalog, PrismaClient } from "@prisma/client";
import type { Snapshot } from "@/domain/snapshot/verify";
import { AppError } from "../../errors";
import { loadPublishedVersion } from "../review/catalog-state";

/** One published version's payload exactly as agents receive it, for the history page's download. */
export async function getSnapshotDownload({
  db,
  catalog,
  version,
}: {
  db: PrismaClient;
  catalog: Catalog;
  version: number;
}): Promise<{ filename: string; snapshot: Snapshot }> {
  const published = await loadPublishedVersion(db, catalog, version);
  if (!published) throw new AppError("NOT_FOUND", `Version ${version} does not exist in catalog "${catalog.slug}".`);
  const { team, slug } = published.snapshot.catalog;
  return { filename: `${team}-${slug}-v${version}.json`, snapshot: published.snapshot };
}
