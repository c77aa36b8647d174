import type { Prisma } from "@prisma/client";
import { z } from "zod";

import { AGENT_TOKEN_SCOPES, agentTokenScopeSchema, type AgentTokenScope } from "@/domain/vocabulary";

export { AGENT_TOKEN_SCOPE_LABELS, AGENT_TOKEN_SCOPES, type AgentTokenScope } from "@/domain/vocabulary";
export const AGENT_TOKEN_SCOPE = agentTokenScopeSchema;

/** The scopes a token is created with: `read` always, plus what the owner asked for, in list order. */
export const tokenScopesOf = (asked: readonly AgentTokenScope[]): AgentTokenScope[] =>
  AGENT_TOKEN_SCOPES.filter((scope) => scope === "read" || asked.includes(scope));

/** What owners see of a token: never the hash. */
export const AGENT_TOKEN_SELECT = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  scopes: true,
} satisfies Prisma.AgentTokenSelect;

export type AgentTokenSummary = Prisma.AgentTokenGetPayload<{ select: typeof AGENT_TOKEN_SELECT }> & {
  createdBy: string | null;
};

export const agentTokenSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.date(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  scopes: z.array(AGENT_TOKEN_SCOPE),
});

export const TOKEN_NAME = z
  .string()
  .trim()
  .min(1, "Give the token a name, e.g. the agent or environment that uses it.")
  .max(80, "Keep the token name under 80 characters.");
