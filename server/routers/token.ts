import { z } from "zod";
import { DEFAULT_AGENT_TOKEN_SCOPES } from "@/domain/vocabulary";
import {
  AGENT_TOKEN_SCOPE,
  AGENT_TOKEN_SCOPES,
  agentTokenSummarySchema,
  TOKEN_NAME,
} from "../services/tokens/agent-token-select";
import { createAgentToken } from "../services/tokens/create-agent-token";
import { listAgentTokens } from "../services/tokens/list-agent-tokens";
import { revokeAgentToken } from "../services/tokens/revoke-agent-token";
import { catalogProcedure, router } from "../trpc";

/** Owners manage the tokens (read, plus import and events as asked) agents use to fetch this catalog's snapshots. */
export const tokenRouter = router({
  /** Archived catalogs too: archiving revoked their tokens, and owners can still see which. */
  list: catalogProcedure("owner", { includeArchived: true })
    .output(z.array(agentTokenSummarySchema))
    .query(({ ctx }) => listAgentTokens({ db: ctx.db, catalog: ctx.catalog })),

  create: catalogProcedure("owner")
    .input(
      z.object({
        name: TOKEN_NAME,
        scopes: z
          .array(AGENT_TOKEN_SCOPE)
          .max(AGENT_TOKEN_SCOPES.length)
          .default([...DEFAULT_AGENT_TOKEN_SCOPES]),
      }),
    )
    .output(z.object({ token: agentTokenSummarySchema, secret: z.string() }))
    .mutation(({ ctx, input }) =>
      createAgentToken({
        db: ctx.db,
        team: ctx.team,
        catalog: ctx.catalog,
        actor: ctx.actor,
        name: input.name,
        scopes: input.scopes,
      }),
    ),

  revoke: catalogProcedure("owner")
    .input(z.object({ tokenId: z.string().min(1).max(64) }))
    .output(z.object({ id: z.string(), name: z.string(), revokedAt: z.date() }))
    .mutation(({ ctx, input }) =>
      revokeAgentToken({
        db: ctx.db,
        team: ctx.team,
        catalog: ctx.catalog,
        actor: ctx.actor,
        tokenId: input.tokenId,
      }),
    ),
});
