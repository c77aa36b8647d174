import { z } from "zod";
import { catalogProcedure, router } from "../trpc";
import { historyTypeSchema } from "../services/history/history-filters";
import { listAuditEvents } from "../services/history/list-audit-events";
import { revertGroup } from "../services/history/revert-group";

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

  /** Reverts every tool and namespace edit of one History group, all or nothing (CONFLICT if one changed since). */
  revert: catalogProcedure("editor")
    .input(z.object({ groupId: z.string().min(1, "Name the change to revert.").max(64) }))
    .output(z.object({ tools: z.number().int(), namespaces: z.number().int(), groupId: z.string() }))
    .mutation(({ ctx, input }) =>
      revertGroup({ db: ctx.db, catalog: ctx.catalog, actor: ctx.actor, groupId: input.groupId }),
    ),
});
