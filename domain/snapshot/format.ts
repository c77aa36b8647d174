// The snapshot format (docs/design.md, "Snapshot format") as zod schemas: one source for the server that publishes
// and serves snapshots, the agent API's route table and OpenAPI document, and the SDK that verifies them.
import { z } from "zod";
import { ENGINE_PROFILES } from "../../search/settings";
import { mcpToolMetadataSchema, snapshotFields, TOOL, type SnapshotSchemasAt, type ToolDefinition } from "../tool";

/**
 * Snapshot formats (docs/design.md, "Snapshot format"), shared by the server, the HTTP API and the SDK. v2 hashes
 * the RFC 8785 canonical form; v1 (published before) hashed `legacyCanonicalJson` and still verifies with it.
 * The shape is the same.
 */
export const SNAPSHOT_FORMATS = ["stockroom.snapshot/v1", "stockroom.snapshot/v2"] as const;
export type SnapshotFormat = (typeof SNAPSHOT_FORMATS)[number];
/** The format new snapshots are published in. */
export const SNAPSHOT_FORMAT = "stockroom.snapshot/v2" satisfies SnapshotFormat;

export { jsonObjectSchema, MCP_METADATA_FIELDS, mcpToolMetadataSchema, type McpToolMetadata } from "../tool";

/**
 * The snapshot tool: its identity (id, namespace, name), then the definition's fields placed at the top level, the
 * effective search text, the function spec (the fields placed in `spec`) and the MCP object.
 */
export function snapshotToolShape<D extends ToolDefinition>(def: D) {
  const schemaAt = <A extends "tool" | "spec">(at: A) =>
    Object.fromEntries(
      snapshotFields(def, at).map((name) => [name, (def[name]!.snapshot as { schema: z.ZodType }).schema]),
    ) as SnapshotSchemasAt<D, A>;
  const { namespace, ...top } = schemaAt("tool") as SnapshotSchemasAt<D, "tool"> & {
    namespace: z.ZodNullable<z.ZodString>;
  };
  return {
    /** `namespace.name`, or `name` for a tool without a namespace. */
    id: z.string().min(1),
    namespace,
    name: z.string().min(1),
    /** `exposure` direct or deferred; `fallback` (deferred tools): what a client that cannot call tool_search does. */
    ...top,
    searchText: z.string(),
    spec: z.object({ type: z.literal("function"), ...schemaAt("spec") }),
    mcp: z
      .object({ server: z.string().nullable(), title: z.string().nullable() })
      .extend(mcpToolMetadataSchema.shape)
      .optional(),
  };
}

export const snapshotToolSchema = z.object(snapshotToolShape(TOOL));

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
    vocabulary: z
      .object({ packs: z.array(z.object({ id: z.string(), version: z.number().int() })), lines: z.string() })
      .optional(),
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
