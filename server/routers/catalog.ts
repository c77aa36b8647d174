import { z } from "zod";
import { router, teamProcedure } from "../trpc";
import { listCatalogs } from "../services/catalogs/list-catalogs";

export const catalogSummary = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  engineProfile: z.enum(["codex-bm25", "stockroom"]),
  defaultLimit: z.number().int(),
  counts: z.object({ direct: z.number(), deferred: z.number(), hidden: z.number(), total: z.number() }),
  latestVersion: z.number().int().nullable(),
  updatedAt: z.date(),
});

export const catalogRouter = router({
  list: teamProcedure("viewer")
    .output(z.array(catalogSummary))
    .query(({ ctx }) => listCatalogs({ db: ctx.db, team: ctx.team })),
});
