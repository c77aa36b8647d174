import { z } from "zod";
import { catalogProcedure, router } from "../trpc";
import { publishSnapshot } from "../services/review/publish-snapshot";
import { MAX_REVIEW_K, reviewDraft } from "../services/review/review-draft";
import * as schemas from "./review-schemas";
import { upstreamReviewRouter } from "./review-upstream";
import {
  approvePublish,
  getPublishRequests,
  refusePublish,
  requestPublish,
  withdrawPublish,
} from "../services/review/publish-requests";

/** Review & publish: the draft against the latest version, and publishing it. */
export const reviewRouter = router({
  /** Draft vs latest version: per golden query top K, metric deltas, changed tools with text diffs. */
  get: catalogProcedure("viewer")
    .input(z.object({ k: z.number().int().min(1).max(MAX_REVIEW_K).optional() }))
    // The draft revision read before the review: a publish request names it (approval publishes exactly it).
    .output(schemas.draftReview.extend({ draftRevision: z.string().nullable() }))
    .query(async ({ ctx, input }) => ({
      ...(await reviewDraft({ db: ctx.db, team: ctx.team, catalog: ctx.catalog, k: input.k })),
      draftRevision: ctx.draftRevision,
    })),

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
  /** Whether publishing needs approval, the pending request and the latest decided one. */
  requests: catalogProcedure("viewer")
    .output(schemas.publishRequests)
    .query(({ ctx }) => getPublishRequests({ db: ctx.db, catalog: ctx.catalog, actor: ctx.actor })),

  /** Asks another editor or owner to publish the draft at the revision the requester reviewed. */
  requestPublish: catalogProcedure("editor")
    .input(
      z.object({
        note: schemas.NOTE,
        reason: schemas.REASON.optional(),
        draftRevision: schemas.DRAFT_REVISION.optional(),
      }),
    )
    .output(schemas.publishRequest)
    .mutation(({ ctx, input }) =>
      requestPublish({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        note: input.note,
        reason: input.reason,
        draftRevision: input.draftRevision,
      }),
    ),

  /** Approves someone else's request: publishes exactly the requested draft revision, or refuses if it moved. */
  approvePublish: catalogProcedure("editor")
    .input(z.object({ requestId: schemas.REQUEST_ID, acknowledgement: schemas.REASON.optional() }))
    .output(schemas.publishedSummary)
    .mutation(({ ctx, input }) =>
      approvePublish({
        db: ctx.db,
        team: ctx.team,
        catalog: ctx.catalog,
        actor: ctx.actor,
        requestId: input.requestId,
        safety: { role: ctx.role, acknowledgement: input.acknowledgement },
      }),
    ),

  /** Refuses someone else's request, with the reason the requester reads. */
  refusePublish: catalogProcedure("editor")
    .input(z.object({ requestId: schemas.REQUEST_ID, reason: schemas.REASON }))
    .output(schemas.publishRequest)
    .mutation(({ ctx, input }) =>
      refusePublish({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        requestId: input.requestId,
        reason: input.reason,
      }),
    ),

  /** The requester takes their request back (an owner may clear anyone's). */
  withdrawPublish: catalogProcedure("editor")
    .input(z.object({ requestId: schemas.REQUEST_ID }))
    .output(schemas.publishRequest)
    .mutation(({ ctx, input }) =>
      withdrawPublish({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        requestId: input.requestId,
        isOwner: ctx.role === "owner",
      }),
    ),
});
