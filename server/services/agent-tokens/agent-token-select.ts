import type { Prisma } from "@prisma/client";
import { z } from "zod";

/** What owners see of a token: never the hash. */
export const AGENT_TOKEN_SELECT = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} satisfies Prisma.AgentTokenSelect;

export type AgentTokenSummary = Prisma.AgentTokenGetPayload<{ select: typeof AGENT_TOKEN_SELECT }> & { createdBy: string | null };

export const agentTokenSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.date(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
});

export const TOKEN_NAME = z
  .string()
  .trim()
  .min(1, "Give the token a name, e.g. the agent or environment that uses it.")
  .max(80, "Keep the token name under 80 characters.");
