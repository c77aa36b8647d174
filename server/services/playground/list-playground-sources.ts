import "server-only";
import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { toProfile } from "../catalogs/list-catalogs";
import { loadDraftSource } from "./ranking-source";
import { escapeLike } from "../../db/like-pattern";
import { searchWords } from "../tools/list-tools";

/**
 * What the playground can rank: the draft and every published version, newest first. Also starts building
 * the draft index in the background, so it is ready by the time the first query is typed.
 */
export async function listPlaygroundSources({
  db,
  team,
  catalog,
}: {
  db: PrismaClient;
  team: Pick<Team, "slug">;
  catalog: Catalog;
}) {
  loadDraftSource({ db, team, catalog }).catch(() => undefined);
  const snapshots = await db.snapshot.findMany({
    where: { catalogId: catalog.id },
    select: { version: true, publishedAt: true, note: true },
    orderBy: { version: "desc" },
  });
  return { profile: toProfile(catalog.engineProfile), defaultLimit: catalog.defaultLimit, snapshots };
}

/** Up to 20 tools whose key contains `text` (any exposure), for the "Why not X?" picker. */
export async function suggestTools({ db, catalog, text }: { db: PrismaClient; catalog: Catalog; text: string }) {
  return db.tool.findMany({
    where: {
      catalogId: catalog.id,
      AND: searchWords(text).map((word) => ({ key: { contains: escapeLike(word), mode: "insensitive" as const } })),
    },
    select: { key: true, exposure: true },
    orderBy: { key: "asc" },
    take: 20,
  });
}
