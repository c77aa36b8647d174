// The agent API's own shapes (paths, listings, search, errors); the route table (routes.ts) names them per endpoint.
import { z } from "zod";
import { ENGINE_PROFILES } from "../../search/settings";
import { snapshotSchema } from "../snapshot/format";
import { errorCodeSchema } from "../vocabulary";

/** One published version as agents list it: no payload, no publisher identity. */
export const snapshotSummarySchema = z.object({
  version: z.number().int().min(1),
  contentHash: z.string().regex(/^sha256-[0-9a-f]{64}$/),
  publishedAt: z.string().describe("ISO 8601"),
  note: z.string(),
  rolledBackFrom: z.number().int().nullable().describe("Set when this version republished an older one."),
});

export const snapshotListSchema = z.object({
  catalog: z.object({ team: z.string(), slug: z.string(), name: z.string() }),
  latestVersion: z.number().int().nullable(),
  snapshots: z.array(snapshotSummarySchema).describe("Newest first."),
});

const SLUG = z.string().trim().min(1).max(64);

/** `/api/v1/catalogs/{team}/{catalog}/…` */
export const catalogPathSchema = z.object({
  team: SLUG.meta({ description: "Team slug, e.g. `demo`.", example: "demo" }),
  catalog: SLUG.meta({ description: "Catalog slug, e.g. `mcp-tools`.", example: "mcp-tools" }),
});

/** `latest` or a version number, as the URL path or the tRPC input carries it. */
export const snapshotVersionSchema = z.union([
  z.literal("latest"),
  z.coerce
    .number()
    .int("version must be a whole number")
    .min(1, "version starts at 1")
    .max(2_147_483_647, "version is at most 2147483647"),
]);

export const namespacePathSchema = catalogPathSchema.extend({
  namespace: z.string().min(1).max(64).meta({ description: "A namespace's name, e.g. `weather`.", example: "weather" }),
});

export const snapshotPathSchema = catalogPathSchema.extend({
  version: snapshotVersionSchema.meta({ description: "A version number (or `latest`).", example: 1 }),
});

export const apiErrorSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string().describe("What went wrong and what to do about it."),
    requestId: z.string().optional().describe("On a 500 only: the id the server log records the cause under."),
    droppedEvents: z
      .number()
      .int()
      .optional()
      .describe("Events: a batch refused by a bound on stored events; its events were counted as dropped."),
    invalidEvents: z
      .array(z.object({ index: z.number().int(), message: z.string() }))
      .optional()
      .describe("A refused event batch: its bad events by index."),
  }),
});

export { snapshotSchema };

/** What `POST …/search` answers: the ranked hits alone, or with the item to hand to a provider's model. */
export const SEARCH_FORMATS = ["hits", "openai", "anthropic", "mcp"] as const;
export const searchFormatSchema = z.enum(SEARCH_FORMATS);
export type SearchFormat = z.infer<typeof searchFormatSchema>;

/** Keeps one answer small; a model never needs more than a few dozen schemas at once. */
export const MAX_SEARCH_LIMIT = 100;
export const MAX_SEARCH_PATHS = 100;
const ID = z.string().trim().min(1).max(200);

export const searchRequestSchema = z
  .object({
    query: z
      .string()
      .trim()
      .min(1, "query must not be empty")
      .max(2000)
      .optional()
      .describe("What to rank the deferred tools for."),
    paths: z
      .array(ID)
      .min(1)
      .max(MAX_SEARCH_PATHS)
      .optional()
      .describe("Instead of a query: namespace names or `namespace.tool` ids to load."),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_SEARCH_LIMIT)
      .optional()
      .describe("Hits to return; default the snapshot's engine.defaultLimit."),
    version: snapshotVersionSchema.optional().describe("A version number or `latest` (default)."),
    format: searchFormatSchema
      .default("hits")
      .describe("`openai`, `anthropic` and `mcp` add `output`, the item for that provider."),
    call_id: ID.optional().describe("format `openai`: the tool_search_call's call_id (required)."),
    tool_use_id: ID.optional().describe("format `anthropic`: the tool_use block's id (required)."),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.query === undefined) === (body.paths === undefined))
      ctx.addIssue({ code: "custom", message: "send exactly one of query or paths" });
    if (body.paths !== undefined && body.limit !== undefined)
      ctx.addIssue({ code: "custom", path: ["limit"], message: "limit goes with query, not paths" });
    if (body.format === "openai" && body.call_id === undefined)
      ctx.addIssue({ code: "custom", path: ["call_id"], message: "format openai needs the call_id to answer" });
    if (body.format === "anthropic" && body.tool_use_id === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["tool_use_id"],
        message: "format anthropic needs the tool_use_id to answer",
      });
    }
  });
export type SearchRequest = z.infer<typeof searchRequestSchema>;

/** A hit as the SDK's `catalog.search()` gives it, without `tool`; fields the engine adds pass through. */
export const searchHitSchema = z
  .object({ id: z.string(), score: z.number(), rank: z.number().int().min(1) })
  .catchall(z.unknown());

export const searchResponseSchema = z.object({
  version: z.number().int().min(1),
  contentHash: z.string(),
  profile: z.enum(ENGINE_PROFILES),
  hits: z.array(searchHitSchema).describe("Best first (query form); empty for paths."),
  toolIds: z.array(z.string()).describe("The tools this answer loads, in the order of `output`."),
  unknown: z.array(z.string()).describe("Paths that name no deferred tool or namespace."),
  output: z
    .unknown()
    .optional()
    .describe(
      "openai: a `tool_search_output` item; anthropic: a `tool_result` with `tool_reference` blocks; mcp: `{ tools }` definitions.",
    ),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
export type SnapshotSummary = z.infer<typeof snapshotSummarySchema>;
export type SnapshotList = z.infer<typeof snapshotListSchema>;
export type SnapshotVersion = z.infer<typeof snapshotVersionSchema>;
export type CatalogPath = z.infer<typeof catalogPathSchema>;
export type SnapshotPath = z.infer<typeof snapshotPathSchema>;
