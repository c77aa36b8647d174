import type { Catalog, PrismaClient, Role, Team } from "@prisma/client";
import { sqlRunnerOf } from "../db/open";

/** A member's role in a team, with the team and (when one was asked for) the catalog of that team. */
export interface MemberAccess {
  role: Role;
  team: Team;
  /** The catalog asked for; null when the team has none by that slug (or it is archived and those were not asked for). */
  catalog: Catalog | null;
  /**
   * The catalog's draft revision, read in the same statement (null without a catalog): the draft cache takes it
   * instead of reading it again (draft-cache.ts), so a playground keystroke on an unchanged draft is one round trip.
   */
  draftRevision: string | null;
}

interface AccessRow {
  role: Role;
  teamId: string;
  teamSlug: string;
  teamName: string;
  teamCreatedMs: number;
  catalog: (Omit<Catalog, "engineProfile" | "archivedAt" | "createdAt" | "updatedAt"> & CatalogTimes) | null;
  draftRevision: string | null;
}

interface CatalogTimes {
  engineProfile: string;
  archivedMs: number | null;
  createdMs: number;
  updatedMs: number;
}

const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

// One statement for what every team and catalog procedure checks first (every playground keystroke passes here):
// Prisma's include would be three round trips, each compiled anew; on the plain driver, as the agent API's token
// look-up. Types both drivers return alike (sql-source.ts).
const ACCESS_SQL = `
  SELECT m."role"::text AS "role", t."id" AS "teamId", t."slug" AS "teamSlug", t."name" AS "teamName",
         ${ms('t."createdAt"')} AS "teamCreatedMs",
         CASE WHEN c."id" IS NULL THEN NULL ELSE json_build_object(
           'id', c."id", 'teamId', c."teamId", 'slug', c."slug", 'name', c."name", 'description', c."description",
           'engineProfile', c."engineProfile"::text, 'defaultLimit', c."defaultLimit", 'dropWeakHits', c."dropWeakHits",
           'blockOnQuality', c."blockOnQuality",
           'vocabularyPacks', c."vocabularyPacks", 'vocabularyLines', c."vocabularyLines",
           'requirePublishApproval', c."requirePublishApproval",
           'archivedMs', ${ms('c."archivedAt"')}, 'revision', c."revision",
           'createdMs', ${ms('c."createdAt"')}, 'updatedMs', ${ms('c."updatedAt"')},
           'telemetryText', c."telemetryText"::text, 'telemetryRetentionDays', c."telemetryRetentionDays"
         ) END AS "catalog",
         CASE WHEN c."id" IS NOT NULL THEN coalesce(
           (SELECT d."revision" FROM "DraftRevision" d WHERE d."catalogId" = c."id"), 0)::text END AS "draftRevision"
  FROM "Membership" m
  JOIN "Team" t ON t."id" = m."teamId"
  LEFT JOIN "Catalog" c ON c."teamId" = t."id" AND c."slug" = $3 AND ($4 OR c."archivedAt" IS NULL)
  WHERE m."userId" = $1 AND t."slug" = $2`;

/** The stored enum value of EngineProfile (`codex-bm25`) as Prisma names it (`codex_bm25`). */
const engineProfileOf = (stored: string) => stored.replaceAll("-", "_") as Catalog["engineProfile"];

/**
 * The caller's membership of team `teamSlug` with the team row and, when `catalogSlug` is given, that catalog's
 * row (archived ones only with `includeArchived`): null when the user is not a member (or the team does not exist).
 * The rows are equal to what Prisma reads for them (member-access.test.ts compares every column).
 */
export async function findMemberAccess(
  db: PrismaClient,
  userId: string,
  teamSlug: string,
  catalogSlug: string | null = null,
  { includeArchived = false }: { includeArchived?: boolean } = {},
): Promise<MemberAccess | null> {
  const [row] = await sqlRunnerOf(db).query<AccessRow>(ACCESS_SQL, [userId, teamSlug, catalogSlug, includeArchived]);
  if (!row) return null;
  const team: Team = { id: row.teamId, slug: row.teamSlug, name: row.teamName, createdAt: new Date(row.teamCreatedMs) };
  if (!row.catalog) return { role: row.role, team, catalog: null, draftRevision: null };
  const { engineProfile, archivedMs, createdMs, updatedMs, ...rest } = row.catalog;
  const catalog: Catalog = {
    ...rest,
    engineProfile: engineProfileOf(engineProfile),
    archivedAt: archivedMs === null ? null : new Date(archivedMs),
    createdAt: new Date(createdMs),
    updatedAt: new Date(updatedMs),
  };
  return { role: row.role, team, catalog, draftRevision: row.draftRevision };
}
