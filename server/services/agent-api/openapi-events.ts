import type { z } from "zod";
import { EVENT_BATCH_LIMITS, eventBatchResultSchema, eventBatchSchema } from "@/sdk/telemetry-events";

type JsonSchema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ "application/json": { schema } });

/** `POST …/events` (parameters are added by openapi.ts, which owns them). */
export const EVENTS_OPERATION = {
  operationId: "postEvents",
  summary: "Report agent events",
  description:
    `A batch of up to ${EVENT_BATCH_LIMITS.maxEvents} events (at most 1 MB): \`search\` (a tool_search the agent answered), ` +
    "`call` (the tool the model called after it) and `outcome` (how the call ended). Idempotent by the client's event " +
    "`id`: resending a batch stores nothing twice. Write-only: tokens cannot read events back. Request text is stored, " +
    "redacted or only hashed as the catalog's privacy setting says, decided on the server before anything is written.",
  requestBody: { required: true, content: json(ref("EventBatch")) },
  responses: {
    "202": { description: "Stored (`stored` new, `duplicates` already stored by an earlier try).", content: json(ref("EventBatchResult")) },
    "400": { description: "The body is not JSON, has no events or too many, or events are invalid: `invalidEvents` names each by index. Nothing was stored.", content: json(ref("Error")) },
    "401": { description: "No token, an unknown token, or a revoked token.", content: json(ref("Error")) },
    "403": { description: "The token belongs to another catalog.", content: json(ref("Error")) },
    "405": { description: "Any method but POST: events cannot be read with a token.", content: json(ref("Error")) },
    "413": { description: "The body is over 1 MB: split the batch.", content: json(ref("Error")) },
    "429": {
      description: "Over the token's rate limit (shared with its snapshot reads).",
      headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds until the next request is allowed." } },
      content: json(ref("Error")),
    },
  },
};

export const EVENTS_SCHEMAS = (schemaOf: (schema: z.ZodType, io?: "input" | "output") => JsonSchema) => ({
  EventBatch: schemaOf(eventBatchSchema, "input"),
  EventBatchResult: schemaOf(eventBatchResultSchema),
});
