import { z } from "zod";
import { CLIENT_PROFILES } from "@/domain/providers/first-request";

// Zod shapes of the first-request procedure, shared by the router and its tests.

/** Client profiles of the first-request preview: the provider formats and plain Chat Completions function calling. */
export const PROVIDER = z.enum(CLIENT_PROFILES);

const cost = z.object({
  provider: PROVIDER,
  usesToolSearch: z.boolean(),
  toolCount: z.number().int(),
  directCount: z.number().int(),
  deferredCount: z.number().int(),
  omittedCount: z.number().int(),
  tokensPerTool: z.number(),
  everythingDirect: z.number().int(),
  payload: z.number().int(),
  firstRequest: z.object({
    direct: z.number().int(),
    summary: z.number().int(),
    searchTool: z.number().int(),
    total: z.number().int(),
  }),
  k: z.number().int(),
  loaded: z.number().int(),
  withSearch: z.number().int(),
  saved: z.number().int(),
});

export const firstRequestOutput = z.object({
  version: z.number().int().nullable(),
  provider: PROVIDER,
  supportsToolSearch: z.boolean(),
  payload: z.string(),
  entries: z.number().int(),
  outline: z.array(
    z.object({ kind: z.string(), name: z.string(), tools: z.number().int().nullable(), deferred: z.boolean() }),
  ),
  directIds: z.array(z.string()),
  deferredCount: z.number().int(),
  omittedIds: z.array(z.string()),
  cost,
  tookMs: z.number(),
});
