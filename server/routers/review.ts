import { z } from "zod";
import { catalogProcedure, router } from "../trpc";
import { publishSnapshot } from "../services/review/publish-snapshot";
import { MAX_REVIEW_K, reviewDraft } from "../services/review/review-draft";
import * as schemas from "./review-schemas";
import { upstreamReviewRouter } from "./review-upstream";

/** Review & publish: the draft against the latest version, and publishing it. */
export const reviewRouter = router({
  /** Draft vs latest version: per golden query top K, metric deltas, changed tools with text diffs. */
  get: catalogProcedure("viewer")
    .input(z.object({ k: z.number().int().min(1).max(MAX_REVIEW_K).optional() }))
    .output(schemas.draftReview)
    .query(({ ctx, input }) => reviewDraft({ db: ctx.db, team: ctx.team, catalog: ctx.catalog, k: input.k })),

  publish: catalogProcedure("editor")
    .input(
      z.object({
        note: schemas.NOTE,
        reason: schemas.REASON.optional(),
        /** An owner's reason to publish despite safety errors (docs/catalog-check.md). */
        acknowledgement: schemas.REASON.optional(),
      }),
    )
    .output(schemas.publishedSummary)
    .mutation(({ ctx, input }) =>
      publishSnapshot({
        db: ctx.db,
        team: ctx.team,
        catalog: ctx.catalog,
        actor: ctx.actor,
        note: input.note,
        reason: input.reason,
        safety: { role: ctx.role, acknowledgement: input.acknowledgement },
      }),
    ),

  /** Upstream changes to published tools held for review (rug pulls). */
  upstream: upstreamReviewRouter,
});
