import { z } from "zod";
import { findingSchema } from "@/domain/catalog-check/index";
import { catalogProcedure, router } from "../../trpc";
import { bulkSearchTerms } from "../../services/tools/bulk-search-terms";
import { bulkUpdateTools } from "../../services/tools/bulk-update-tools";
import { BULK_TOOL_LIMIT } from "@/domain/vocabulary";
import { createTool } from "../../services/tools/create-tool";
import { deleteTool } from "../../services/tools/delete-tool";
import { duplicateTool } from "../../services/tools/duplicate-tool";
import { findSimilarTools } from "../../services/tools/find-similar-tools";
import { getTool } from "../../services/tools/get-tool";
import { loadToolCheckContext } from "../../services/tools/load-tool-check-context";
import { listToolIds, listTools } from "../../services/tools/list-tools";
import { updateTool } from "../../services/tools/update-tool";
import {
  EXPOSURE,
  FALLBACK,
  REVISION,
  TOOL_ID,
  toolDetail,
  toolFields,
  toolFilters,
  toolListInput,
  toolListItem,
  toolPatch,
} from "./schemas";

export { EXPOSURE } from "./schemas";

export const toolRouter = router({
  list: catalogProcedure("viewer")
    .input(toolListInput)
    .output(
      z.object({
        total: z.number(),
        page: z.number(),
        pageSize: z.number(),
        pageCount: z.number(),
        tools: z.array(toolListItem),
      }),
    )
    .query(({ ctx, input: { team: _t, catalog: _c, ...filters } }) =>
      listTools({ db: ctx.db, catalog: ctx.catalog, ...filters }),
    ),

  ids: catalogProcedure("viewer")
    .input(toolFilters)
    .output(z.array(z.object({ id: z.string(), revision: z.number() })))
    .query(({ ctx, input: { team: _t, catalog: _c, ...filters } }) =>
      listToolIds({ db: ctx.db, catalog: ctx.catalog, ...filters }),
    ),

  get: catalogProcedure("viewer")
    .input(z.object({ id: TOOL_ID }))
    .output(toolDetail.extend({ goldenQueryCount: z.number().int() }))
    .query(({ ctx, input }) => getTool({ db: ctx.db, catalog: ctx.catalog, id: input.id })),

  create: catalogProcedure("editor")
    .input(z.object({ tool: toolFields.partial().extend({ name: toolFields.shape.name }) }))
    .output(toolDetail)
    .mutation(({ ctx, input }) => createTool({ db: ctx.db, catalog: ctx.catalog, actor: ctx.actor, tool: input.tool })),

  update: catalogProcedure("editor")
    .input(z.object({ id: TOOL_ID, revision: REVISION, patch: toolPatch }))
    .output(toolDetail)
    .mutation(({ ctx, input }) =>
      updateTool({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        id: input.id,
        revision: input.revision,
        patch: input.patch,
      }),
    ),

  duplicate: catalogProcedure("editor")
    .input(z.object({ id: TOOL_ID }))
    .output(toolDetail)
    .mutation(({ ctx, input }) => duplicateTool({ db: ctx.db, catalog: ctx.catalog, actor: ctx.actor, id: input.id })),

  delete: catalogProcedure("editor")
    .input(z.object({ id: TOOL_ID, revision: REVISION }))
    .output(z.object({ id: z.string(), groupId: z.string() }))
    .mutation(({ ctx, input }) =>
      deleteTool({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        id: input.id,
        revision: input.revision,
      }),
    ),

  bulkUpdate: catalogProcedure("editor")
    .input(
      z.object({
        items: z
          .array(z.object({ id: TOOL_ID, revision: REVISION }))
          .min(1, "Select at least one tool.")
          .max(BULK_TOOL_LIMIT),
        patch: z.object({
          exposure: EXPOSURE.optional(),
          fallback: FALLBACK.optional(),
          namespace: z.string().trim().max(1000).nullable().optional(),
        }),
      }),
    )
    .output(z.object({ updated: z.number().int(), groupId: z.string() }))
    .mutation(({ ctx, input }) =>
      bulkUpdateTools({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        items: input.items,
        patch: input.patch,
      }),
    ),

  /** Adds terms to / removes terms from the extra search text of the selected tools, all or nothing. */
  bulkSearchTerms: catalogProcedure("editor")
    .input(
      z.object({
        items: z
          .array(z.object({ id: TOOL_ID, revision: REVISION }))
          .min(1, "Select at least one tool.")
          .max(BULK_TOOL_LIMIT),
        add: z
          .array(z.string().max(100, "Each term is at most 100 characters."))
          .max(50, "Add at most 50 terms at once.")
          .default([]),
        remove: z
          .array(z.string().max(100, "Each term is at most 100 characters."))
          .max(50, "Remove at most 50 terms at once.")
          .default([]),
      }),
    )
    .output(z.object({ updated: z.number().int(), unchanged: z.number().int(), groupId: z.string().nullable() }))
    .mutation(({ ctx, input }) =>
      bulkSearchTerms({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        items: input.items,
        add: input.add,
        remove: input.remove,
      }),
    ),

  /**
   * For the editor's findings panel: the catalog's names and median cost (the context of a tool's own rules, which
   * the browser runs as the curator types) and the saved tool's findings from the rules that compare tools.
   */
  checkContext: catalogProcedure("viewer")
    .input(z.object({ key: z.string().max(2100).nullish() }))
    .output(
      z.object({
        tools: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            namespace: z.string().nullable(),
            server: z.string().nullable(),
          }),
        ),
        medianTokens: z.number(),
        findings: z.array(findingSchema),
      }),
    )
    .query(({ ctx, input }) =>
      loadToolCheckContext({
        db: ctx.db,
        team: ctx.team,
        catalog: ctx.catalog,
        knownRevision: ctx.draftRevision,
        key: input.key ?? null,
      }),
    ),

  /** Deferred tools whose effective search text is nearly identical to `text` (BM25 cannot tell them apart). */
  similar: catalogProcedure("viewer")
    .input(z.object({ id: TOOL_ID.nullish(), text: z.string().max(200_000) }))
    .output(z.array(z.object({ id: z.string(), key: z.string(), similarity: z.number() })))
    .query(({ ctx, input }) => findSimilarTools({ db: ctx.db, catalog: ctx.catalog, id: input.id, text: input.text })),
});
