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

/** A URL source's scheduled check, in minutes between checks (15 minutes to a week); null or absent: off. */
/** The id the browser makes up for one apply (a sync or an import), to follow and cancel it. */
export const syncIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 letters, digits, - or _");

export const SYNC_INTERVAL_MINUTES = { min: 15, max: 7 * 24 * 60 } as const;
export const syncIntervalSchema = z
  .number()
  .int("whole minutes")
  .min(SYNC_INTERVAL_MINUTES.min, `at least ${SYNC_INTERVAL_MINUTES.min} minutes`)
  .max(SYNC_INTERVAL_MINUTES.max, "at most a week (10,080 minutes)")
  .nullish()
  .transform((v) => v ?? null);
/** The intervals the source form offers. */
export const SYNC_INTERVAL_CHOICES = [
  { minutes: null, label: "Off" },
  { minutes: 60, label: "Every hour" },
  { minutes: 6 * 60, label: "Every 6 hours" },
  { minutes: 24 * 60, label: "Every day" },
  { minutes: 7 * 24 * 60, label: "Every week" },
] as const;

export const sourceInputSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("mcp-http"),
    url: URL_TEXT.min(1, "the server's URL"),
    headers: z.array(sourceHeaderInputSchema).max(20, "at most 20 headers").default([]),
    mcpServer: MCP_SERVER,
    syncIntervalMinutes: syncIntervalSchema,
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
    syncIntervalMinutes: syncIntervalSchema,
    ...common,
  }),
  z.object({ kind: z.literal("file"), file: z.string().trim().min(1, "the file's path").max(1000), ...common }),
]);
export type SourceInput = z.infer<typeof sourceInputSchema>;

/** What a scheduled check found upstream: counts, and the catalog's tools it would change or remove. */
export const sourceChangeSchema = z.object({
  at: z.string(),
  new: z.number().int(),
  changed: z.number().int(),
  conflict: z.number().int(),
  removed: z.number().int(),
  toolIds: z.array(z.string()),
});
export type SourceChange = z.infer<typeof sourceChangeSchema>;

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
  syncIntervalMinutes: z.number().int().nullable(),
  nextSyncAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  lastCheckError: z.string().nullable(),
  /** The "source changed" mark: a scheduled check found upstream differs from the catalog. */
  changed: sourceChangeSchema.nullable(),
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
