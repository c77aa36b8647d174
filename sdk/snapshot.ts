import { z } from "zod";
import { canonicalJson, legacyCanonicalJson } from "./canonical-json";
import { mcpToolMetadataSchema, snapshotFields, TOOL, type SnapshotSchemasAt, type ToolDefinition } from "../domain/tool";
import { ENGINE_PROFILES } from "../domain/vocabulary";

export { canonicalJson, legacyCanonicalJson } from "./canonical-json";

/**
 * Snapshot formats (see DESIGN.md "Snapshot format"), shared by the server, the HTTP API and the SDK. v2 hashes
 * the RFC 8785 canonical form; v1 (published before) hashed `legacyCanonicalJson` and still verifies with it.
 * The shape is the same.
 */
export const SNAPSHOT_FORMATS = ["stockroom.snapshot/v1", "stockroom.snapshot/v2"] as const;
export type SnapshotFormat = (typeof SNAPSHOT_FORMATS)[number];
/** The format new snapshots are published in. */
export const SNAPSHOT_FORMAT = "stockroom.snapshot/v2" satisfies SnapshotFormat;

export { jsonObjectSchema, MCP_METADATA_FIELDS, mcpToolMetadataSchema, type McpToolMetadata } from "../domain/tool";

/**
 * The snapshot tool: its identity (id, namespace, name), then the definition's fields placed at the top level, the
 * effective search text, the function spec (the fields placed in `spec`) and the MCP object.
 */
export function snapshotToolShape<D extends ToolDefinition>(def: D) {
  const schemaAt = <A extends "tool" | "spec">(at: A) =>
    Object.fromEntries(snapshotFields(def, at).map((name) => [name, (def[name]!.snapshot as { schema: z.ZodType }).schema])) as SnapshotSchemasAt<D, A>;
  const { namespace, ...top } = schemaAt("tool") as SnapshotSchemasAt<D, "tool"> & { namespace: z.ZodNullable<z.ZodString> };
  return {
    /** `namespace.name`, or `name` for a tool without a namespace. */
    id: z.string().min(1),
    namespace,
    name: z.string().min(1),
    /** `exposure` direct or deferred; `fallback` (deferred tools): what a client that cannot call tool_search does. */
    ...top,
    searchText: z.string(),
    spec: z.object({ type: z.literal("function"), ...schemaAt("spec") }),
    mcp: z.object({ server: z.string().nullable(), title: z.string().nullable() }).extend(mcpToolMetadataSchema.shape).optional(),
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

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

const hashOfCanonical = async (canonical: string) => `sha256-${await sha256Hex(canonical)}`;

/** The canonical form a snapshot's format hashes: RFC 8785 from v2 on, the legacy form for v1. */
const canonicalFor = (format: string, value: unknown) => (format === "stockroom.snapshot/v1" ? legacyCanonicalJson(value) : canonicalJson(value));

/** `sha256-<hex>` of the canonical JSON (per its format) of everything in the snapshot except `contentHash`. */
export async function computeContentHash(snapshot: Omit<Snapshot, "contentHash"> | Snapshot): Promise<string> {
  const { contentHash: _ignored, ...rest } = snapshot as Snapshot;
  return hashOfCanonical(canonicalFor(rest.format, rest));
}

/** Adds version, date and hash to draft content. */
export async function sealSnapshot(content: SnapshotContent, version: number, publishedAt: Date | string): Promise<Snapshot> {
  return (await sealSnapshotJson(content, version, publishedAt)).snapshot;
}

/**
 * `sealSnapshot`, plus the sealed snapshot as JSON text in its authors' key order (schemas as written, not
 * sorted): what gets stored and served. The hash is over the canonical form, so the order does not change it.
 */
export async function sealSnapshotJson(content: SnapshotContent, version: number, publishedAt: Date | string): Promise<{ snapshot: Snapshot; json: string }> {
  const unsealed = { ...content, version, publishedAt: typeof publishedAt === "string" ? publishedAt : publishedAt.toISOString() };
  const contentHash = await hashOfCanonical(canonicalFor(unsealed.format, unsealed));
  const snapshot = { ...unsealed, contentHash };
  return { snapshot, json: JSON.stringify(snapshot) };
}

/** True when two snapshots (or drafts) carry the same catalog content, whatever their version and date. */
export function isSameContent(a: SnapshotContent, b: SnapshotContent): boolean {
  return canonicalJson(contentOf(a)) === canonicalJson(contentOf(b));
}

export function contentOf(snapshot: SnapshotContent | Snapshot): SnapshotContent {
  const { format, catalog, engine, namespaces, tools } = snapshot;
  return { format, catalog, engine, namespaces, tools };
}

export class SnapshotIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SnapshotIntegrityError";
  }
}

/** Parses and checks a snapshot: the format, then that its hash matches its content (refuses tampering). */
export async function verifySnapshot(input: unknown): Promise<Snapshot> {
  const parsed = snapshotSchema.safeParse(input);
  if (!parsed.success) throw new SnapshotIntegrityError(`Not a ${SNAPSHOT_FORMATS.join(" or ")} document: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  const expected = await computeContentHash(parsed.data);
  if (expected !== parsed.data.contentHash) {
    throw new SnapshotIntegrityError(`Snapshot content does not match its hash (${parsed.data.contentHash}, computed ${expected}).`);
  }
  return parsed.data;
}
