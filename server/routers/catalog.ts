import { z } from "zod";
import { MAX_CATALOG_LINES, MAX_LINE_LENGTH, VOCABULARY_PACK_IDS } from "@/search/index";
import { catalogProcedure, router, teamProcedure } from "../trpc";
import { setPublishApproval } from "../services/review/publish-requests";
import { archiveCatalog } from "../services/catalogs/archive-catalog";
import { toCatalogSettings } from "../services/catalogs/catalog-settings";
import { createCatalog } from "../services/catalogs/create-catalog";
import { listCatalogs } from "../services/catalogs/list-catalogs";
import { updateCatalog } from "../services/catalogs/update-catalog";
import { PROFILE, REVISION } from "./tool/schemas";

export const catalogSummary = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  engineProfile: PROFILE,
  defaultLimit: z.number().int(),
  counts: z.object({ direct: z.number(), deferred: z.number(), hidden: z.number(), total: z.number() }),
  latestVersion: z.number().int().nullable(),
  /** The draft changed after the latest version (false while nothing is published). */
  hasUnpublishedChanges: z.boolean(),
  /** Sources a scheduled check found changed upstream (the "source changed" mark), not yet synced or dismissed. */
  sourcesChanged: z.number().int(),
  updatedAt: z.date(),
});

const catalogSettings = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  engineProfile: PROFILE,
  defaultLimit: z.number().int(),
  /** Leave weak hits out of tool_search (search/README.md, "Match strength"). */
  dropWeakHits: z.boolean(),
  /** Refuse to publish while the draft has quality warnings (docs/catalog-check.md, "Health"). */
  blockOnQuality: z.boolean(),
  /** Vocabulary packs the stockroom profile expands requests with, and the catalog's own lines. */
  vocabularyPacks: z.array(z.enum(VOCABULARY_PACK_IDS)),
  vocabularyLines: z.string(),
  /** A publish needs another editor's or owner's approval (four eyes). */
  requirePublishApproval: z.boolean(),
  revision: z.number().int(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

const NAME = z.string().max(120, "Keep the name under 120 characters.");
const DESCRIPTION = z.string().max(2000, "Keep the description under 2,000 characters.");
const LIMIT = z.number().int("The default limit is a whole number.");
const PACKS = z.array(z.enum(VOCABULARY_PACK_IDS)).max(VOCABULARY_PACK_IDS.length);
const LINES = z.string().max(MAX_CATALOG_LINES * MAX_LINE_LENGTH, "Keep the vocabulary lines under 60,000 characters.");

export const catalogRouter = router({
  list: teamProcedure("viewer")
    .output(z.array(catalogSummary))
    .query(({ ctx }) => listCatalogs({ db: ctx.db, team: ctx.team })),

  get: catalogProcedure("viewer")
    .output(catalogSettings)
    .query(({ ctx }) => toCatalogSettings(ctx.catalog)),

  create: teamProcedure("owner")
    .input(
      z.object({
        name: NAME,
        slug: z.string().max(64).optional(),
        description: DESCRIPTION.optional(),
        engineProfile: PROFILE.optional(),
        defaultLimit: LIMIT.optional(),
      }),
    )
    .output(catalogSettings)
    .mutation(({ ctx, input: { team: _t, ...input } }) =>
      createCatalog({ db: ctx.db, team: ctx.team, actor: ctx.actor, ...input }),
    ),

  update: catalogProcedure("editor")
    .input(
      z.object({
        revision: REVISION,
        patch: z.object({
          name: NAME.optional(),
          description: DESCRIPTION.optional(),
          engineProfile: PROFILE.optional(),
          defaultLimit: LIMIT.optional(),
          dropWeakHits: z.boolean().optional(),
          blockOnQuality: z.boolean().optional(),
          vocabularyPacks: PACKS.optional(),
          vocabularyLines: LINES.optional(),
        }),
      }),
    )
    .output(catalogSettings)
    .mutation(({ ctx, input }) =>
      updateCatalog({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        revision: input.revision,
        patch: input.patch,
      }),
    ),

  /** Delete = archive: the catalog leaves the team's lists, its snapshots are kept. */
  archive: catalogProcedure("owner")
    .input(z.object({ confirm: z.string().max(64) }))
    .output(z.object({ slug: z.string(), snapshotsKept: z.number().int(), tokensRevoked: z.number().int() }))
    .mutation(({ ctx, input }) =>
      archiveCatalog({ db: ctx.db, catalog: ctx.catalog, actor: ctx.actor, confirm: input.confirm }),
    ),

  /** Four eyes on or off: with it on, an editor asks to publish and another editor or owner approves. */
  setPublishApproval: catalogProcedure("owner")
    .input(z.object({ required: z.boolean() }))
    .output(z.object({ required: z.boolean() }))
    .mutation(({ ctx, input }) =>
      setPublishApproval({ db: ctx.db, catalog: ctx.catalog, actor: ctx.actor, required: input.required }),
    ),
});
