// The events agents report to `POST /api/v1/catalogs/{team}/{catalog}/events`: one zod source for the SDK
// that sends them, the server that validates them and the OpenAPI document that describes them.
import { z } from "zod";

export const AGENT_EVENT_KINDS = ["search", "call", "outcome"] as const;
export const agentEventKindSchema = z.enum(AGENT_EVENT_KINDS);
export type AgentEventKind = z.infer<typeof agentEventKindSchema>;

export const MATCH_STRENGTHS = ["strong", "weak"] as const;

/** Limits of one batch: what one request may carry. */
export const EVENT_BATCH_LIMITS = { maxEvents: 1000, maxBytes: 1_000_000 } as const;

/** The largest value of a Postgres `integer` column: counts, versions and ranks past it are refused by name. */
export const INT32_MAX = 2_147_483_647;
/** A whole number from `min` to INT32_MAX, refused with a message naming the range. */
const int32 = (min: number) =>
  z
    .number()
    .int("must be a whole number")
    .min(min, `must be from ${min} to ${INT32_MAX}`)
    .max(INT32_MAX, `must be from ${min} to ${INT32_MAX}`);

const ID = z.string().min(1, "must not be empty").max(200, "at most 200 characters");
const TOOL_ID = z.string().min(1, "must not be empty").max(300, "at most 300 characters");

const base = {
  /** Chosen by the client, unique per catalog: a retried batch carries the same ids and is counted once. */
  id: ID.describe("Client event id, unique per catalog; a retried event with the same id is stored once."),
  at: z.iso
    .datetime({ offset: true })
    .optional()
    .describe("When it happened (ISO 8601); default: when the server received it."),
  conversationId: ID.optional().describe("Opaque id chosen by the agent that ties one conversation's events together."),
  snapshotVersion: int32(1).optional().describe("The snapshot version the agent ranked with."),
};

export const searchHitEventSchema = z.object({
  id: TOOL_ID,
  rank: int32(1),
  score: z.number().finite(),
  strength: z.enum(MATCH_STRENGTHS).optional(),
});

export const searchEventSchema = z.object({
  type: z.literal("search"),
  ...base,
  query: z.string().max(4000, "at most 4,000 characters").describe("The request text the model searched with."),
  limit: z.number().int().min(1).max(1000).optional(),
  hits: z.array(searchHitEventSchema).max(200, "at most 200 hits").describe("Returned tools in rank order."),
  profile: z.string().max(40).optional().describe("The engine profile that ranked."),
  latencyMs: z.number().finite().min(0).max(3_600_000).optional().describe("Agent-side time to answer the search."),
});

export const callEventSchema = z.object({
  type: z.literal("call"),
  ...base,
  callId: ID.describe("The provider's id of the function call (OpenAI call_id, Anthropic tool_use id)."),
  toolId: TOOL_ID.describe("The called tool's id (`namespace.name`)."),
  searchEventId: ID.optional().describe("The client id of the search this call followed."),
});

export const outcomeEventSchema = z.object({
  type: z.literal("outcome"),
  ...base,
  callId: ID,
  ok: z.boolean(),
  error: z.string().max(2000, "at most 2,000 characters").optional(),
});

export const agentEventSchema = z.discriminatedUnion("type", [searchEventSchema, callEventSchema, outcomeEventSchema]);
export type AgentEvent = z.infer<typeof agentEventSchema>;
export type SearchEvent = z.infer<typeof searchEventSchema>;
export type CallEvent = z.infer<typeof callEventSchema>;
export type OutcomeEvent = z.infer<typeof outcomeEventSchema>;

/** The request body; events are validated one by one so a refusal can name each bad one. */
export const eventBatchEnvelopeSchema = z.object({
  events: z
    .array(z.unknown())
    .min(1, "send at least one event")
    .max(EVENT_BATCH_LIMITS.maxEvents, `at most ${EVENT_BATCH_LIMITS.maxEvents} events per batch`),
  dropped: int32(0).optional().describe("Events the client dropped since its last batch (its queue was full)."),
});

export const eventBatchSchema = eventBatchEnvelopeSchema.extend({
  events: z.array(agentEventSchema).min(1).max(EVENT_BATCH_LIMITS.maxEvents),
});
export type EventBatch = z.infer<typeof eventBatchSchema>;

export const eventBatchResultSchema = z.object({
  accepted: z.number().int().describe("Events in the batch."),
  stored: z.number().int().describe("Events stored now; the rest were stored by an earlier try (same ids)."),
  duplicates: z.number().int(),
});
export type EventBatchResult = z.infer<typeof eventBatchResultSchema>;
