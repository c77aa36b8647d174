import { z } from "zod";
import { catalogProcedure, router } from "../trpc";
import { listTools, TOOL_SORTS } from "../services/tools/list-tools";

export const EXPOSURE = z.enum(["direct", "deferred", "hidden"]);

export const toolRouter = router({
  list: catalogProcedure("viewer")
    .input(
      z.object({
        search: z.string().max(200).optional(),
        namespace: z.string().max(64).nullish(),
        exposure: EXPOSURE.nullish(),
        sort: z.enum(TOOL_SORTS).optional(),
        page: z.number().int().min(1).max(100_000).default(1),
        pageSize: z.number().int().min(1).max(200).default(50),
      }),
    )
    .output(
      z.object({
        total: z.number(),
        page: z.number(),
        pageSize: z.number(),
        pageCount: z.number(),
        tools: z.array(
          z.object({
            id: z.string(),
            key: z.string(),
            name: z.string(),
            namespace: z.string().nullable(),
            description: z.string(),
            exposure: EXPOSURE,
            fallback: z.enum(["direct", "hidden"]),
            searchTextMode: z.enum(["generated", "generated_extra", "override"]),
            revision: z.number(),
            updatedAt: z.date(),
          }),
        ),
      }),
    )
    .query(({ ctx, input: { team: _team, catalog: _catalog, ...filters } }) => listTools({ db: ctx.db, catalog: ctx.catalog, ...filters })),
});
