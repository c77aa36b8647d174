// The snapshot format (DESIGN.md "Snapshot format") as zod schemas: one source for the server that publishes
// and serves snapshots, the agent API's route table and OpenAPI document, and the SDK that verifies them.
import { z } from "zod";
import { ENGINE_PROFILES } from "../search/settings";

/**
 * Snapshot formats (see DESIGN.md "Snapshot format"), shared by the server, the HTTP API and the SDK. v2 hashes
 * the RFC 8785 canonical form; v1 (published before) hashed `legacyCanonicalJson` and still verifies with it.
 * The shape is the same.
 */
export const SNAPSHOT_FORMATS = ["stockroom.snapshot/v1", "stockroom.snapshot/v2"] as const;
export type SnapshotFormat = (typeof SNAPSHOT_FORMATS)[number];
/** The format new snapshots are published in. */
export const SNAPSHOT_FORMAT = "stockroom.snapshot/v2" satisfies SnapshotFormat;

/**
 * A JSON object kept exactly as it came: `z.record` builds a new object and skips an own `__proto__` key, which
 * for a JSON Schema is a property like any other.
 */
export const jsonObjectSchema = z
  .custom<Record<string, unknown>>((value) => typeof value === "object" && value !== null && !Array.isArray(value), "must be a JSON object")
  .meta({ type: "object" });
const jsonSchemaObject = jsonObjectSchema;

/** MCP tool metadata beyond name, description and inputSchema, kept as the server sent it. */
export const mcpToolMetadataSchema = z.object({
  icons: z.array(z.unknown()).optional(),
  outputSchema: jsonSchemaObject.optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
  execution: z.record(z.string(), z.unknown()).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type McpToolMetadata = z.infer<typeof mcpToolMetadataSchema>;
/** The metadata fields, in the order MCP's Tool schema (and its TypeScript SDK's client) has them. */
export const MCP_METADATA_FIELDS = ["icons", "outputSchema", "annotations", "execution", "_meta"] as const;

export const snapshotToolSchema = z.object({
  /** `namespace.name`, or `name` for a tool without a namespace. */
  id: z.string().min(1),
  namespace: z.string().nullable(),
  name: z.string().min(1),
  exposure: z.enum(["direct", "deferred"]),
  /** For deferred tools: what a client that cannot call tool_search does with it. */
  fallback: z.enum(["direct", "hidden"]).optional(),
  searchText: z.string(),
  spec: z.object({
    type: z.literal("function"),
    name: z.string().min(1),
    description: z.string(),
    parameters: jsonSchemaObject,
    strict: z.boolean(),
  }),
  mcp: z.object({ server: z.string().nullable(), title: z.string().nullable() }).extend(mcpToolMetadataSchema.shape).optional(),
});

export const snapshotContentSchema = z.object({
  format: z.enum(SNAPSHOT_FORMATS),
  catalog: z.object({ team: z.string(), slug: z.string(), name: z.string() }),
  engine: z.object({
    profile: z.enum(ENGINE_PROFILES),
    k1: z.number(),
    b: z.number(),
    defaultLimit: z.number().int().min(1),
    /** Leave weak hits out (set only when the catalog opts in, so older snapshots keep their hash). */
    dropWeakHits: z.literal(true).optional(),
    /**
     * Vocabulary packs (with versions) and the catalog's own lines the stockroom profile ranked with; absent: every
     * pack at version 1 and no lines (what snapshots published before packs ranked with).
     */
    vocabulary: z.object({ packs: z.array(z.object({ id: z.string(), version: z.number().int() })), lines: z.string() }).optional(),
  }),
  namespaces: z.array(z.object({ name: z.string(), description: z.string() })),
  tools: z.array(snapshotToolSchema),
});

export const snapshotSchema = snapshotContentSchema.extend({
  version: z.number().int().min(1),
  publishedAt: z.string(),
  contentHash: z.string().regex(/^sha256-[0-9a-f]{64}$/),
});

export type SnapshotTool = z.infer<typeof snapshotToolSchema>;
/** What a catalog's draft produces: everything but version, date and hash. */
export type SnapshotContent = z.infer<typeof snapshotContentSchema>;
export type Snapshot = z.infer<typeof snapshotSchema>;
