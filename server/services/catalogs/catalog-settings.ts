import "server-only";
import type { Catalog, EngineProfile as DbEngineProfile, Prisma } from "@prisma/client";
import { VOCABULARY_PACK_IDS, type EngineProfile } from "@/search/index";
import { ENGINE_PROFILE_DB } from "@/domain/vocabulary";
import { toProfile } from "./list-catalogs";

export const catalogSettingsSelect = {
  id: true,
  slug: true,
  name: true,
  description: true,
  engineProfile: true,
  defaultLimit: true,
  dropWeakHits: true,
  blockOnQuality: true,
  vocabularyPacks: true,
  vocabularyLines: true,
  requirePublishApproval: true,
  revision: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.CatalogSelect;

export const DEFAULT_LIMIT_RANGE = { min: 1, max: 50 } as const;

export function toCatalogSettings(
  catalog: Prisma.CatalogGetPayload<{ select: typeof catalogSettingsSelect }> | Catalog,
) {
  const {
    id,
    slug,
    name,
    description,
    engineProfile,
    defaultLimit,
    dropWeakHits,
    blockOnQuality,
    vocabularyLines,
    requirePublishApproval,
    revision,
    createdAt,
    updatedAt,
  } = catalog;
  const vocabularyPacks = VOCABULARY_PACK_IDS.filter((pack) => catalog.vocabularyPacks.includes(pack));
  const profile = toProfile(engineProfile);
  return {
    id,
    slug,
    name,
    description,
    engineProfile: profile,
    defaultLimit,
    dropWeakHits,
    blockOnQuality,
    vocabularyPacks,
    vocabularyLines,
    requirePublishApproval,
    revision,
    createdAt,
    updatedAt,
  };
}

export type CatalogSettings = ReturnType<typeof toCatalogSettings>;
/** The engine's profile id → the database enum (one entry per profile: a new profile fails to compile until mapped). */
const TO_DB = ENGINE_PROFILE_DB satisfies Record<EngineProfile, DbEngineProfile>;
export const toDbProfile = (profile: EngineProfile): DbEngineProfile => TO_DB[profile];
