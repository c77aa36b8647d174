import { z } from "zod";
import { exposureSchema as EXPOSURE } from "./vocabulary";
import { TOOL_IMPORTED_FIELDS } from "./tool";

/** The import shapes shared by the UI's tRPC procedures (io.*) and the agent API's POST …/import. */
export const IMPORT_SOURCE_MAX = 4_000_000;
// 4 MB of JSON stays under the app's 5 MB request-body limit.
export const importSourceTextSchema = z.string().max(IMPORT_SOURCE_MAX, "The import is over 4 MB; split it.");

export const importOptionsSchema = z.object({
  namespace: z
    .string()
    .trim()
    .max(1000)
    .nullable()
    .transform((v) => v || null)
    .describe("Namespace for tools that bring none; null = none."),
  mcpServer: z
    .string()
    .trim()
    .max(1000)
    .nullable()
    .transform((v) => v || null)
    .describe("The MCP server the tools come from; re-imports match on it + name."),
  exposure: EXPOSURE.describe("Exposure of new tools when the source says nothing about defer_loading."),
  namespaceDescription: z
    .string()
    .max(16_000, "at most 16,000 characters")
    .nullish()
    .describe("Description for a namespace the import creates."),
});

/**
 * `changed`: upstream changed fields the team left alone; `conflict`: upstream changed a field the team also
 * edited; `removed`: a tool of this source (its MCP server, or its namespace) that the source no longer lists.
 */
export const IMPORT_ROW_STATUSES = [
  "new",
  "changed",
  "conflict",
  "removed",
  "unchanged",
  "invalid",
  "skipped",
] as const;
const STATUS = z.enum(IMPORT_ROW_STATUSES);
/** The fields a re-import updates (domain/tool.ts `imported`). */
const CHANGED_FIELD = z.enum(TOOL_IMPORTED_FIELDS);

export const importPreviewSchema = z.object({
  format: z.enum(["mcp", "openai", "anthropic", "openapi"]),
  fingerprint: z
    .string()
    .describe("Send it back to commit exactly this plan; a catalog that changed since answers 409."),
  counts: z.record(STATUS, z.number().int()),
  rows: z.array(
    z.object({
      index: z.number().int(),
      label: z.string(),
      status: STATUS,
      key: z.string().nullable(),
      messages: z
        .array(z.string())
        .describe("Why a row is invalid, skipped or removed; the team's edits a changed row keeps."),
      changes: z.array(
        z.object({
          field: CHANGED_FIELD,
          before: z.string().describe("The catalog's value (the team's, for a conflict)."),
          after: z.string().describe("The source's value."),
          conflict: z.boolean().describe("The team edited this field since the last import, and upstream changed it."),
        }),
      ),
      exposure: EXPOSURE.nullable(),
      toolId: z.string().nullable(),
      revision: z.number().int().nullable(),
    }),
  ),
});

export const importResultSchema = z.object({
  format: z.string(),
  created: z.number(),
  updated: z.number(),
  removed: z.number().describe("Tools the source no longer lists, removed as decided."),
  kept: z.number().describe("Tools the source no longer lists, kept as decided."),
  unchanged: z.number(),
  skipped: z.number(),
  heldForReview: z
    .number()
    .describe("Published tools whose upstream change waits for review; the next version keeps their approved form."),
  mcpServer: z.string().nullable(),
  namespace: z.string().nullable(),
});

/** Tool id → decision: what to do with each `removed` row and each `conflict` row of the preview. */
export const importDecisionsSchema = z.object({
  removed: z
    .record(z.string().max(100), z.enum(["remove", "keep"]))
    .default({})
    .describe("Per removed row (tool id): remove the tool, or keep it. Every removed row needs one."),
  conflicts: z
    .record(z.string().max(100), z.enum(["upstream", "ours"]))
    .default({})
    .describe("Per conflict row (tool id): take the source's values, or keep the team's. Every conflict needs one."),
});
export type ImportDecisions = z.infer<typeof importDecisionsSchema>;

const apiOptions = importOptionsSchema.partial().default({});
/** POST /api/v1/catalogs/{team}/{catalog}/import/preview */
export const importPreviewRequestSchema = z.object({
  source: z
    .unknown()
    .refine((v) => v !== undefined, "source is required: an MCP tools/list result, or OpenAI or Anthropic tools")
    .describe(
      "The tools as JSON: an MCP tools/list result ({ tools: [...] }), an OpenAI Responses tools array or Anthropic tools.",
    ),
  options: apiOptions,
});
/** POST /api/v1/catalogs/{team}/{catalog}/import */
export const importCommitRequestSchema = importPreviewRequestSchema.extend({
  fingerprint: z.string().min(1).max(64).describe("The preview's fingerprint."),
  skipInvalid: z
    .boolean()
    .default(false)
    .describe("Import the valid rows and skip the invalid ones; otherwise any invalid row refuses all."),
  decisions: importDecisionsSchema.default({ removed: {}, conflicts: {} }),
});

/** Fills what the API leaves optional with the UI's defaults. */
export function apiImportOptions(options: z.infer<typeof apiOptions>): z.infer<typeof importOptionsSchema> {
  return {
    namespace: options.namespace ?? null,
    mcpServer: options.mcpServer ?? null,
    exposure: options.exposure ?? "deferred",
  };
}
