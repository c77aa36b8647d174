import { z } from "zod";
import { importDecisionsSchema, importResultSchema } from "@/domain/import";
import { sourceInputSchema, sourceSchema, syncPreviewSchema } from "@/domain/sources";
import { catalogProcedure, router } from "../trpc";
import { listSources, removeSource, setSource } from "../services/sources/sources";
import { applySync, dismissSourceChange, previewSync } from "../services/sources/sync-namespace";

const NAMESPACE = z.string().trim().min(1, "the namespace's name").max(1000);

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
      }),
    )
    .output(importResultSchema)
    .mutation(({ ctx, input }) => {
      const { namespace, fingerprint, skipInvalid, decisions } = input;
      return applySync({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        namespace,
        fingerprint,
        skipInvalid,
        decisions,
      });
    }),
});
