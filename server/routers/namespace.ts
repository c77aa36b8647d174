import { z } from "zod";
import { catalogProcedure, router } from "../trpc";
import { createNamespace, deleteNamespace, listNamespaces, updateNamespace } from "../services/namespaces/namespaces";
import { REVISION, TOOL_ID } from "./tool/schemas";

const namespace = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  revision: z.number().int(),
  toolCount: z.number().int(),
});
const NAME = z.string().trim().max(1000);
const DESCRIPTION = z.string().max(100_000);

export const namespaceRouter = router({
  list: catalogProcedure("viewer")
    .output(
      z.array(
        namespace.extend({
          deferredCount: z.number().int(),
          exposureCounts: z.object({ direct: z.number().int(), deferred: z.number().int(), hidden: z.number().int() }),
        }),
      ),
    )
    .query(({ ctx }) => listNamespaces({ db: ctx.db, catalog: ctx.catalog })),

  create: catalogProcedure("editor")
    .input(z.object({ name: NAME, description: DESCRIPTION.optional() }))
    .output(namespace)
    .mutation(({ ctx, input }) =>
      createNamespace({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        name: input.name,
        description: input.description,
      }),
    ),

  update: catalogProcedure("editor")
    .input(
      z.object({
        id: TOOL_ID,
        revision: REVISION,
        patch: z.object({ name: NAME.optional(), description: DESCRIPTION.optional() }),
      }),
    )
    .output(namespace)
    .mutation(({ ctx, input }) =>
      updateNamespace({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        id: input.id,
        revision: input.revision,
        patch: input.patch,
      }),
    ),

  delete: catalogProcedure("editor")
    .input(z.object({ id: TOOL_ID, revision: REVISION }))
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) =>
      deleteNamespace({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        id: input.id,
        revision: input.revision,
      }),
    ),
});
