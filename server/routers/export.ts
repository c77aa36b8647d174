import { z } from "zod";
import { catalogProcedure, router } from "../trpc";
import { EXPORT_FORMATS, exportDraft } from "../services/export/export-draft";

/** Export: the draft in a provider's format. */
export const exportRouter = router({
  /** The draft as OpenAI Responses tools, Anthropic tools or an MCP tools/list result. */
  draft: catalogProcedure("viewer")
    .input(z.object({ format: z.enum(EXPORT_FORMATS), supportsToolSearch: z.boolean().default(true) }))
    .output(
      z.object({
        format: z.string(),
        filename: z.string(),
        usesToolSearch: z.boolean(),
        counts: z.object({ direct: z.number(), deferred: z.number(), omitted: z.number() }),
        json: z.string(),
      }),
    )
    .query(({ ctx, input }) =>
      exportDraft({
        db: ctx.db,
        team: ctx.team,
        catalog: ctx.catalog,
        format: input.format,
        supportsToolSearch: input.supportsToolSearch,
      }),
    ),
});
