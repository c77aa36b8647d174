import { z } from "zod";
import { catalogProcedure, router } from "../trpc";
import { auditTypeSchema } from "../services/audit/audit-types";
import { listAuditActors, listAuditEvents } from "../services/audit/list-audit-events";

const event = z.object({
  id: z.string(),
  at: z.date(),
  actorLabel: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export const auditRouter = router({
  /** The catalog's change history (who, what, before/after), newest first; `targetId` narrows it to one tool. */
  list: catalogProcedure("viewer")
    .input(
      z.object({
        targetId: z.string().max(64).nullish(),
        actor: z.string().max(320).nullish(),
        type: auditTypeSchema.nullish(),
        cursor: z.string().max(64).nullish(),
        limit: z.number().int().min(1).max(200).default(50),
      }),
    )
    .output(z.object({ events: z.array(event), nextCursor: z.string().nullable() }))
    .query(({ ctx, input: { team: _t, catalog: _c, ...filters } }) => listAuditEvents({ db: ctx.db, catalog: ctx.catalog, ...filters })),

  /** Everyone who appears in the catalog's history (the person filter). */
  actors: catalogProcedure("viewer")
    .output(z.array(z.string()))
    .query(({ ctx }) => listAuditActors({ db: ctx.db, catalog: ctx.catalog })),
});
