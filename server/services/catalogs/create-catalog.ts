import "server-only";
import type { PrismaClient, Team } from "@prisma/client";
import type { EngineProfile } from "@/search/index";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { SLUG_PATTERN, slugify } from "../teams/slugify";
import { catalogSettingsSelect, DEFAULT_LIMIT_RANGE, toCatalogSettings, toDbProfile } from "./catalog-settings";
import { assertQuota } from "../quotas";

export interface CreateCatalogOptions {
  db: PrismaClient;
  team: Team;
  actor: AuditActor;
  name: string;
  slug?: string;
  description?: string;
  engineProfile?: EngineProfile;
  defaultLimit?: number;
}

/** A new, empty catalog; the slug (from the name unless given) is its URL and agents' address, so it never changes. */
export async function createCatalog({
  db,
  team,
  actor,
  name,
  slug,
  description = "",
  engineProfile = "stockroom",
  defaultLimit = 8,
}: CreateCatalogOptions) {
  const title = name.trim();
  if (!title)
    throw new AppError("INVALID_INPUT", "Give the catalog a name.", { fields: { name: "Give the catalog a name." } });
  const finalSlug = (slug?.trim() || slugify(title)).toLowerCase();
  if (!SLUG_PATTERN.test(finalSlug)) {
    const message = `Slug "${finalSlug}" must be 1–48 lowercase letters, digits or "-", not starting or ending with "-".`;
    throw new AppError("INVALID_INPUT", message, { fields: { slug: message } });
  }
  if (defaultLimit < DEFAULT_LIMIT_RANGE.min || defaultLimit > DEFAULT_LIMIT_RANGE.max) {
    throw new AppError(
      "INVALID_INPUT",
      `Default limit must be between ${DEFAULT_LIMIT_RANGE.min} and ${DEFAULT_LIMIT_RANGE.max}.`,
      { fields: { defaultLimit: "out of range" } },
    );
  }
  return db.$transaction(async (tx) => {
    const taken = await tx.catalog.findUnique({
      where: { teamId_slug: { teamId: team.id, slug: finalSlug } },
      select: { archivedAt: true },
    });
    if (taken) {
      const message = taken.archivedAt
        ? `An archived catalog keeps the slug "${finalSlug}" (its snapshots stay addressable); choose another slug.`
        : `The team already has a catalog "${finalSlug}"; choose another slug.`;
      throw new AppError("CONFLICT", message, { fields: { slug: message } });
    }
    const live = await tx.catalog.count({ where: { teamId: team.id, archivedAt: null } });
    assertQuota(
      "catalogsPerTeam",
      live,
      1,
      "This team has as many catalogs as it may",
      "Archive one you no longer use.",
    );
    const catalog = await tx.catalog.create({
      data: {
        teamId: team.id,
        slug: finalSlug,
        name: title,
        description: description.trim(),
        engineProfile: toDbProfile(engineProfile),
        defaultLimit,
      },
      select: catalogSettingsSelect,
    });
    const settings = toCatalogSettings(catalog);
    await recordAuditEvent({
      db: tx,
      teamId: team.id,
      catalogId: catalog.id,
      actor,
      action: "catalog.created",
      targetType: "catalog",
      targetId: catalog.id,
      after: settings,
    });
    return settings;
  });
}
