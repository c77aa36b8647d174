import { z } from "zod";
import { snapshotSchema } from "@/sdk/snapshot";
import { catalogProcedure, router } from "../trpc";
import { getSnapshotDownload } from "../services/publishing/get-snapshot-download";
import { listSnapshotHistory } from "../services/publishing/list-snapshot-history";
import { metricsOverVersions } from "../services/publishing/metrics-over-versions";
import { publishSnapshot } from "../services/publishing/publish-snapshot";
import { MAX_REVIEW_K, reviewDraft } from "../services/publishing/review-draft";
import { rollbackSnapshot } from "../services/publishing/rollback-snapshot";
import * as schemas from "./publish/schemas";

const actorOf = (user: { id: string; email: string }) => ({ id: user.id, label: user.email });

export const publishRouter = router({
  /** Draft vs latest version: per golden query top K, metric deltas, changed tools with text diffs. */
  review: catalogProcedure("viewer")
    .input(z.object({ k: z.number().int().min(1).max(MAX_REVIEW_K).optional() }))
    .output(schemas.draftReview)
    .query(({ ctx, input }) => reviewDraft({ db: ctx.db, team: ctx.team, catalog: ctx.catalog, k: input.k })),

  publish: catalogProcedure("editor")
    .input(z.object({ note: schemas.NOTE, reason: schemas.REASON.optional() }))
    .output(schemas.publishedSummary)
    .mutation(({ ctx, input }) =>
      publishSnapshot({
        db: ctx.db,
        team: ctx.team,
        catalog: ctx.catalog,
        actor: actorOf(ctx.user),
        note: input.note,
        reason: input.reason,
      }),
    ),

  rollback: catalogProcedure("editor")
    .input(z.object({ version: schemas.VERSION, note: schemas.NOTE, reason: schemas.REASON.optional() }))
    .output(schemas.publishedSummary)
    .mutation(({ ctx, input }) =>
      rollbackSnapshot({
        db: ctx.db,
        team: ctx.team,
        catalog: ctx.catalog,
        actor: actorOf(ctx.user),
        version: input.version,
        note: input.note,
        reason: input.reason,
      }),
    ),

  history: catalogProcedure("viewer")
    .output(z.array(schemas.historyEntry))
    .query(({ ctx }) => listSnapshotHistory({ db: ctx.db, catalog: ctx.catalog })),

  /** The draft and recent versions evaluated on today's golden queries, for the chart. */
  metrics: catalogProcedure("viewer")
    .output(schemas.metricsOverVersions)
    .query(({ ctx }) => metricsOverVersions({ db: ctx.db, team: ctx.team, catalog: ctx.catalog })),

  /** One version's payload, as agents receive it (the history page's download). */
  download: catalogProcedure("viewer")
    .input(z.object({ version: schemas.VERSION }))
    .output(z.object({ filename: z.string(), snapshot: snapshotSchema }))
    .query(({ ctx, input }) => getSnapshotDownload({ db: ctx.db, catalog: ctx.catalog, version: input.version })),
});
