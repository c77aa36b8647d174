import { z } from "zod";
import { getSnapshot } from "../services/snapshots/get-snapshot";
import { listSnapshots } from "../services/snapshots/list-snapshots";
import { snapshotListSchema, snapshotSchema, snapshotVersionSchema } from "@/domain/agent-api/schemas";
import { snapshotSchema as publishedSnapshotSchema } from "@/domain/snapshot/verify";
import { agentProcedure, catalogProcedure, router } from "../trpc";
import { getSnapshotDownload } from "../services/snapshots/get-snapshot-download";
import { listPublishedVersions } from "../services/snapshots/list-published-versions";
import { metricsOverVersions } from "../services/snapshots/metrics-over-versions";
import { rollbackSnapshot } from "../services/snapshots/rollback-snapshot";
import { previewResetDraft, resetDraft } from "../services/draft/reset-draft";
import * as schemas from "./review-schemas";

/**
 * Published snapshots. `list` and `get` are the agent API over tRPC (the same reads as
 * GET /api/v1/catalogs/{team}/{catalog}/snapshots[/…], with a Bearer agent token); the rest serve the Snapshots page.
 */
export const snapshotRouter = router({
  list: agentProcedure
    .output(snapshotListSchema)
    .query(({ ctx }) => listSnapshots({ db: ctx.db, catalogId: ctx.agent.catalogId })),

  get: agentProcedure
    .input(z.object({ version: snapshotVersionSchema.default("latest") }))
    .output(snapshotSchema)
    .query(({ ctx, input }) =>
      getSnapshot({ db: ctx.db, catalogId: ctx.agent.catalogId, version: input.version, latest: ctx.agent.latest }),
    ),

  /** Republishes an older version; with `resetDraft`, the draft is reset to it too (else the next publish undoes it). */
  rollback: catalogProcedure("editor")
    .input(
      z.object({
        version: schemas.VERSION,
        note: schemas.NOTE,
        reason: schemas.REASON.optional(),
        resetDraft: z.boolean().default(false),
      }),
    )
    .output(schemas.publishedSummary.extend({ draftReset: schemas.resetSummary.nullable() }))
    .mutation(({ ctx, input }) =>
      rollbackSnapshot({
        db: ctx.db,
        team: ctx.team,
        catalog: ctx.catalog,
        actor: ctx.actor,
        version: input.version,
        note: input.note,
        reason: input.reason,
        resetDraft: input.resetDraft,
      }),
    ),

  /** What resetting the draft, a namespace or a tool to a published version would change (the confirm's counts). */
  resetDraftPreview: catalogProcedure("editor")
    .input(z.object({ version: schemas.VERSION, scope: schemas.resetScope }))
    .output(schemas.resetSummary)
    .query(({ ctx, input }) =>
      previewResetDraft({ db: ctx.db, catalog: ctx.catalog, version: input.version, scope: input.scope }),
    ),

  /** Resets the draft, a namespace or a tool to a published version: one transaction, one History group. */
  resetDraft: catalogProcedure("editor")
    .input(
      z.object({
        version: schemas.VERSION,
        scope: schemas.resetScope,
        draftRevision: schemas.DRAFT_REVISION.optional(),
      }),
    )
    .output(schemas.resetSummary)
    .mutation(({ ctx, input }) =>
      resetDraft({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        version: input.version,
        scope: input.scope,
        draftRevision: input.draftRevision,
      }),
    ),

  /** The published versions, newest first (the Snapshots page). */
  versions: catalogProcedure("viewer")
    .output(z.array(schemas.publishedVersion))
    .query(({ ctx }) => listPublishedVersions({ db: ctx.db, catalog: ctx.catalog })),

  /** The draft and recent versions evaluated on today's golden queries, for the chart. */
  metrics: catalogProcedure("viewer")
    .output(schemas.metricsOverVersions)
    .query(({ ctx }) => metricsOverVersions({ db: ctx.db, team: ctx.team, catalog: ctx.catalog })),

  /** One version's payload, as agents receive it (the history page's download). */
  download: catalogProcedure("viewer")
    .input(z.object({ version: schemas.VERSION }))
    .output(z.object({ filename: z.string(), snapshot: publishedSnapshotSchema }))
    .query(({ ctx, input }) => getSnapshotDownload({ db: ctx.db, catalog: ctx.catalog, version: input.version })),
});
