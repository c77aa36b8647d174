import { z } from "zod";
import { getSnapshot } from "../services/agent-api/get-snapshot";
import { listSnapshots } from "../services/agent-api/list-snapshots";
import { snapshotListSchema, snapshotSchema, snapshotVersionSchema } from "@/domain/agent-api/schemas";
import { agentProcedure, router } from "../trpc";

/** The agent API over tRPC: the same reads as GET /api/v1/catalogs/{team}/{catalog}/snapshots[/…], with a Bearer agent token. */
export const snapshotRouter = router({
  list: agentProcedure
    .output(snapshotListSchema)
    .query(({ ctx }) => listSnapshots({ db: ctx.db, catalogId: ctx.agent.catalogId })),

  get: agentProcedure
    .input(z.object({ version: snapshotVersionSchema.default("latest") }))
    .output(snapshotSchema)
    .query(({ ctx, input }) =>
      getSnapshot({ db: ctx.db, catalogId: ctx.agent.catalogId, version: input.version, latest: ctx.agent.latest }),
    ),
});
