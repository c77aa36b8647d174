import { z } from "zod";
import { catalogProcedure, router } from "../trpc";
import { historyTypeSchema } from "../services/history/history-filters";
import { listAuditEvents } from "../services/history/list-audit-events";

const event = z.object({
  id: z.string(),
  at: z.date(),
  actorLabel: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** Shared by the events of one change made at once (an import); null for a change on its own. */
  groupId: z.string().nullable(),
});

export const historyRouter = router({
  /** The catalog's change history (who, what, before/after), newest first; filters by target, tool id, person and type. */
  list: catalogProcedure("viewer")
    .input(
      z.object({
        targetId: z.string().max(64).nullish(),
        toolKey: z.string().trim().max(300).nullish(),
        actor: z.string().max(200).nullish(),
        type: historyTypeSchema.nullish(),
        cursor: z.string().max(64).nullish(),
        limit: z.number().int().min(1).max(200).default(50),
      }),
    )
    .output(z.object({ events: z.array(event), nextCursor: z.string().nullable(), people: z.array(z.string()) }))
    .query(({ ctx, input }) => listAuditEvents({ ...input, db: ctx.db, catalog: ctx.catalog })),
});
