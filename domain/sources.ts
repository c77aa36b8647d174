import { z } from "zod";
import { importDecisionsSchema, importPreviewSchema } from "./import";
import { exposureSchema } from "./vocabulary";

/**
 * Where a namespace's tools come from: an MCP server over HTTP (Stockroom connects), an MCP server the CLI starts
 * on the user's machine, an OpenAPI 3.0/3.1 document (a URL Stockroom reads, or a file the CLI sends), or a tools
 * file the CLI sends.
 */
export const SOURCE_KINDS = ["mcp-http", "mcp-stdio", "openapi", "file"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
export const SOURCE_KIND_LABELS: Record<SourceKind, string> = {
  "mcp-http": "MCP server over HTTP",
  "mcp-stdio": "MCP server started by the CLI",
  openapi: "OpenAPI document",
  file: "Tools file",
};
/** Kinds Stockroom itself can read (the Sync button); the others sync with `stockroom sync`. */
export const URL_SOURCE_KINDS: readonly SourceKind[] = ["mcp-http", "openapi"];

const HEADER_NAME = z
  .string()
  .trim()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, "a header name: letters, digits and - only");
/** A header as the editor sends it: a secret without `value` keeps the value stored before. */
export const sourceHeaderInputSchema = z.object({
  name: HEADER_NAME,
  secret: z.boolean().default(false),
  value: z
    .string()
    .max(8000, "at most 8,000 characters")
    .regex(/^[^\r\n\0]*$/, "one line")
    .optional(),
});
const URL_TEXT = z.string().trim().max(2000, "at most 2,000 characters");
const MCP_SERVER = z
  .string()
  .trim()
  .max(128)
  .nullish()
  .transform((v) => v || null);
const common = { exposure: exposureSchema.default("deferred") };

export const sourceInputSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("mcp-http"),
    url: URL_TEXT.min(1, "the server's URL"),
    headers: z.array(sourceHeaderInputSchema).max(20, "at most 20 headers").default([]),
    mcpServer: MCP_SERVER,
    ...common,
  }),
  z.object({
    kind: z.literal("mcp-stdio"),
    command: z.string().trim().min(1, "the command that starts the server").max(1000),
    args: z.array(z.string().max(4000)).max(100).default([]),
    env: z
      .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, "an environment variable name"))
      .max(50)
      .default([]),
    mcpServer: MCP_SERVER,
    ...common,
  }),
  z.object({
    kind: z.literal("openapi"),
    url: URL_TEXT.nullish().transform((v) => v || null),
    file: z
      .string()
      .trim()
      .max(1000)
      .nullish()
      .transform((v) => v || null),
    tagsAsNamespaces: z.boolean().default(false),
    ...common,
  }),
  z.object({ kind: z.literal("file"), file: z.string().trim().min(1, "the file's path").max(1000), ...common }),
]);
export type SourceInput = z.infer<typeof sourceInputSchema>;

/** A source as the browser and the CLI see it: secret header values never leave the server, only that one is set. */
export const sourceSchema = z.object({
  namespaceId: z.string(),
  namespace: z.string(),
  kind: z.enum(SOURCE_KINDS),
  url: z.string().nullable(),
  headers: z.array(z.object({ name: z.string(), secret: z.boolean(), value: z.string().nullable(), set: z.boolean() })),
  command: z.string().nullable(),
  args: z.array(z.string()),
  env: z.array(z.string()),
  file: z.string().nullable(),
  tagsAsNamespaces: z.boolean(),
  mcpServer: z.string().nullable(),
  exposure: exposureSchema,
  revision: z.number().int(),
  lastSyncedAt: z.string().nullable(),
});
export type Source = z.infer<typeof sourceSchema>;

/** A sync's preview: the import's change set, with the source's kind and MCP server. */
export const syncPreviewSchema = importPreviewSchema.extend({
  kind: z.enum(SOURCE_KINDS),
  mcpServer: z.string().nullable(),
});

/** POST …/namespaces/{namespace}/sync/preview */
export const syncPreviewRequestSchema = z.object({
  document: z
    .unknown()
    .optional()
    .describe("What the CLI read: a stdio server's tools/list result, a tools file, or an OpenAPI document."),
  serverName: z.string().max(128).nullish().describe("The name a stdio MCP server reported at initialize."),
});
/** POST …/namespaces/{namespace}/sync */
export const syncApplyRequestSchema = syncPreviewRequestSchema.extend({
  fingerprint: z.string().min(1).max(100).describe("The preview's fingerprint."),
  skipInvalid: z.boolean().default(false),
  decisions: importDecisionsSchema.default({ removed: {}, conflicts: {} }),
});
