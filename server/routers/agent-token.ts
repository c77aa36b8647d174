import { z } from "zod";
import { agentTokenSummarySchema, TOKEN_NAME } from "../services/agent-tokens/agent-token-select";
import { createAgentToken } from "../services/agent-tokens/create-agent-token";
import { listAgentTokens } from "../services/agent-tokens/list-agent-tokens";
import { revokeAgentToken } from "../services/agent-tokens/revoke-agent-token";
import { catalogProcedure, router } from "../trpc";

const actorOf = (user: { id: string; email: string }) => ({ id: user.id, label: user.email });

/** Owners manage the read-only tokens agents use to fetch this catalog's snapshots. */
export const agentTokenRouter = router({
  list: catalogProcedure("owner")
    .output(z.array(agentTokenSummarySchema))
    .query(({ ctx }) => listAgentTokens({ db: ctx.db, catalog: ctx.catalog })),

  create: catalogProcedure("owner")
    .input(z.object({ name: TOKEN_NAME }))
    .output(z.object({ token: agentTokenSummarySchema, secret: z.string() }))
    .mutation(({ ctx, input }) => createAgentToken({ db: ctx.db, team: ctx.team, catalog: ctx.catalog, actor: actorOf(ctx.user), name: input.name })),

  revoke: catalogProcedure("owner")
    .input(z.object({ tokenId: z.string().min(1).max(64) }))
    .output(z.object({ id: z.string(), name: z.string(), revokedAt: z.date() }))
    .mutation(({ ctx, input }) => revokeAgentToken({ db: ctx.db, team: ctx.team, catalog: ctx.catalog, actor: actorOf(ctx.user), tokenId: input.tokenId })),
});
