import { z } from "zod";
import { agentEventKindSchema } from "@/domain/agent-events";
import { failureKindSchema } from "../../services/insights/event-filters";
import { telemetryTextModeSchema } from "../../services/insights/privacy";

const count = z.number();
const share = z.number().nullable();

export const overviewOutput = z.object({
  period: z.object({ from: z.string(), to: z.string(), version: z.number().nullable() }),
  versions: z.array(z.number().int()),
  perDay: z.array(
    z.object({
      day: z.string(),
      searches: count,
      empty: count,
      weak: count,
      followed: count,
      repeated: count,
      calls: count,
      unreturned: count,
    }),
  ),
  totals: z.object({
    searches: count,
    calls: count,
    empty: count,
    weak: count,
    followed: count,
    repeated: count,
    unreturned: count,
    finished: count,
    succeeded: count,
    dropped: count,
    emptyShare: share,
    weakShare: share,
    followedShare: share,
    repeatedShare: share,
    successRate: share,
    latencyP50Ms: z.number().nullable(),
    latencyP95Ms: z.number().nullable(),
  }),
  rankDistribution: z.array(z.object({ rank: z.number().int(), count })),
  funnel: z.array(
    z.object({ toolId: z.string(), returned: count, called: count, succeeded: count, meanRank: z.number().nullable() }),
  ),
});

export const failingOutput = z.array(
  z.object({
    queryHash: z.string(),
    query: z.string().nullable(),
    count: z.number().int(),
    lastAtMs: z.number(),
    calledToolId: z.string().nullable(),
    meanRank: z.number().optional(),
  }),
);

export const eventRowOutput = z.object({
  id: z.string(),
  kind: agentEventKindSchema,
  atMs: z.number(),
  conversationId: z.string().nullable(),
  snapshotVersion: z.number().nullable(),
  query: z.string().nullable(),
  queryHash: z.string().nullable(),
  returnedIds: z.array(z.string()),
  weakOnly: z.boolean().nullable(),
  repeated: z.boolean(),
  followed: z.boolean(),
  latencyMs: z.number().nullable(),
  callId: z.string().nullable(),
  toolId: z.string().nullable(),
  rank: z.number().nullable(),
  ok: z.boolean().nullable(),
  error: z.string().nullable(),
});

export const cursorSchema = z.object({ atMs: z.number(), id: z.string().max(100) });

export const suggestionsOutput = z.object({
  toolId: z.string(),
  toolDbId: z.string(),
  revision: z.number().int(),
  requests: z.number().int(),
  suggestions: z.array(
    z.object({
      term: z.string(),
      inText: z.boolean(),
      requests: z.number().int(),
      meanRankBefore: z.number(),
      meanRankAfter: z.number(),
      top1Before: z.number().int(),
      top1After: z.number().int(),
      improved: z.number().int(),
      worsened: z.number().int(),
    }),
  ),
});

export const settingsOutput = z.object({
  textMode: telemetryTextModeSchema,
  retentionDays: z.number().int(),
  revision: z.number().int(),
});

export { failureKindSchema };
