import { z } from "zod";
import { importDecisionsSchema, importResultSchema } from "@/domain/import";
import { sourceInputSchema, sourceSchema, syncIdSchema as SYNC_ID, syncPreviewSchema } from "@/domain/sources";
import { authedProcedure, CATALOG_SLUG, catalogAccess, catalogProcedure, router, TEAM_SLUG } from "../trpc";
import { listSources, removeSource, setSource } from "../services/sources/sources";
import { applySync, dismissSourceChange, previewSync } from "../services/sources/sync-namespace";
import { cancelSync, ownSync, syncStatus, trackSync } from "../services/sources/running-syncs";
import { sharedSyncRuns } from "../services/sources/shared-sync-runs";

const NAMESPACE = z.string().trim().min(1, "the namespace's name").max(1000);
const PHASE = z.enum(["fetch", "diff", "apply"]);

/**
 * As catalogProcedure("editor"), for following and cancelling a running sync: its starter (an editor when it
 * started) is let through without reading the database, which an embedded database would hold until the sync's
 * transaction ends; anyone else is checked as catalogProcedure checks.
 */
const runningSyncProcedure = authedProcedure
  .meta({ access: { kind: "catalog", role: "editor" } })
  .input(z.object({ team: TEAM_SLUG, catalog: CATALOG_SLUG }))
  .use(async ({ ctx, input, getRawInput, next }) => {
    // The id is checked (BAD_REQUEST) after access, as every catalog procedure checks its own input.
    const raw = (await getRawInput()) as { syncId?: unknown } | null | undefined;
    const syncId = SYNC_ID.safeParse(raw?.syncId);
    const own = syncId.success ? ownSync(ctx.user.id, input.team, input.catalog, syncId.data) : null;
    const catalog = own ?? (await catalogAccess(ctx, input, "editor")).catalog;
    return next({ ctx: { ...ctx, catalog } });
  })
  .input(z.object({ syncId: SYNC_ID }));

/** Sources: where each namespace's tools come from, and syncing them (shown on the Namespaces page). */
export const sourceRouter = router({
  list: catalogProcedure("viewer")
    .output(z.array(sourceSchema))
    .query(({ ctx }) => listSources({ db: ctx.db, catalog: ctx.catalog })),

  /** Records a namespace's source (making the namespace when the catalog has none of that name). */
  set: catalogProcedure("editor")
    .input(z.object({ namespace: NAMESPACE, revision: z.number().int().optional(), source: sourceInputSchema }))
    .output(sourceSchema)
    .mutation(({ ctx, input }) =>
      setSource({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        namespace: input.namespace,
        revision: input.revision,
        source: input.source,
      }),
    ),

  remove: catalogProcedure("editor")
    .input(z.object({ namespace: NAMESPACE }))
    .output(z.object({ namespace: z.string() }))
    .mutation(({ ctx, input }) =>
      removeSource({ db: ctx.db, catalog: ctx.catalog, actor: ctx.actor, namespace: input.namespace }),
    ),

  /** Clears the "source changed" mark a scheduled check set, without syncing. */
  dismissChange: catalogProcedure("editor")
    .input(z.object({ namespace: NAMESPACE }))
    .output(z.object({ namespace: z.string(), dismissed: z.boolean() }))
    .mutation(({ ctx, input }) =>
      dismissSourceChange({ db: ctx.db, catalog: ctx.catalog, actor: ctx.actor, namespace: input.namespace }),
    ),

  /** Reads a URL source now and previews its change set; writes nothing. */
  syncPreview: catalogProcedure("editor")
    .input(z.object({ namespace: NAMESPACE }))
    .output(syncPreviewSchema)
    .mutation(({ ctx, input }) => previewSync({ db: ctx.db, catalog: ctx.catalog, namespace: input.namespace })),

  /** Applies the previewed change set, all or nothing; refused when the catalog or the source moved since. */
  syncApply: catalogProcedure("editor")
    .input(
      z.object({
        namespace: NAMESPACE,
        fingerprint: z.string().max(100),
        skipInvalid: z.boolean().default(false),
        decisions: importDecisionsSchema.default({ removed: {}, conflicts: {} }),
        /** Optional: with it, syncProgress follows this apply and cancelSync stops it. */
        syncId: SYNC_ID.optional(),
      }),
    )
    .output(importResultSchema)
    .mutation(({ ctx, input }) => {
      const { namespace, fingerprint, skipInvalid, decisions } = input;
      const starter = { userId: ctx.user.id, teamSlug: ctx.team.slug, catalog: ctx.catalog };
      return trackSync(
        starter,
        input.syncId,
        (control) =>
          applySync({
            db: ctx.db,
            catalog: ctx.catalog,
            actor: ctx.actor,
            namespace,
            fingerprint,
            skipInvalid,
            decisions,
            control,
          }),
        sharedSyncRuns(ctx.db),
      );
    }),

  /** A running apply's phase and counts (from any process on the same database); `unknown` when none has that id. */
  syncProgress: runningSyncProcedure
    .output(
      z.object({
        state: z.enum(["unknown", "running", "done", "failed", "cancelled"]),
        progress: z.object({ phase: PHASE, done: z.number().int(), total: z.number().int() }).nullable(),
      }),
    )
    .query(
      async ({ ctx, input }) =>
        (await syncStatus(ctx.catalog.id, input.syncId, sharedSyncRuns(ctx.db))) ?? {
          state: "unknown",
          progress: null,
        },
    ),

  /** Cancels a running apply: it rolls back whole (nothing written) and fails with a "cancelled" CONFLICT. */
  cancelSync: runningSyncProcedure.output(z.object({ cancelled: z.boolean() })).mutation(async ({ ctx, input }) => ({
    cancelled: await cancelSync(ctx.catalog.id, input.syncId, sharedSyncRuns(ctx.db)),
  })),
});
