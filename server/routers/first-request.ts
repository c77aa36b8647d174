import { z } from "zod";
import { catalogProcedure, router } from "../trpc";
import { previewFirstRequest } from "../services/first-request/preview-first-request";
import { firstRequestOutput, PROVIDER } from "../services/first-request/schemas";
import { VERSION } from "../services/playground/schemas";

/** First request: what turn one of an agent's conversation sends for a client profile. */
export const firstRequestRouter = router({
  /** The exact turn-one tools payload for a client profile, with o200k token counts and the cost model. */
  get: catalogProcedure("viewer")
    .input(
      z.object({
        version: VERSION.default(null),
        provider: PROVIDER,
        supportsToolSearch: z.boolean(),
        k: z.number().int().min(1, "K is at least 1.").max(100, "K is at most 100.").optional(),
      }),
    )
    .output(firstRequestOutput)
    .query(({ ctx, input: { team: _team, catalog: _catalog, ...options } }) =>
      previewFirstRequest({ db: ctx.db, team: ctx.team, catalog: ctx.catalog, ...options }),
    ),
});
