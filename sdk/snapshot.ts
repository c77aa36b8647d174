import { z } from "zod";
import { ENGINE_PROFILES } from "../search/settings";

/** Snapshot format `stockroom.snapshot/v1` (see DESIGN.md "Snapshot format"). Shared by the server, the HTTP API and the SDK. */
export const SNAPSHOT_FORMAT = "stockroom.snapshot/v1";

const jsonSchemaObject = z.record(z.string(), z.unknown());

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
  mcp: z.object({ server: z.string().nullable(), title: z.string().nullable() }).optional(),
});

export const snapshotContentSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
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

/** JSON with object keys sorted at every depth and no whitespace: the bytes that get hashed. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const child = (value as Record<string, unknown>)[key];
      if (child !== undefined) sorted[key] = sortKeys(child);
    }
    return sorted;
  }
  return value;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

const hashOfCanonical = async (canonical: string) => `sha256-${await sha256Hex(canonical)}`;

/** `sha256-<hex>` of the canonical JSON of everything in the snapshot except `contentHash`. */
export async function computeContentHash(snapshot: Omit<Snapshot, "contentHash"> | Snapshot): Promise<string> {
  const { contentHash: _ignored, ...rest } = snapshot as Snapshot;
  return hashOfCanonical(canonicalJson(rest));
}

/** Adds version, date and hash to draft content. */
export async function sealSnapshot(content: SnapshotContent, version: number, publishedAt: Date | string): Promise<Snapshot> {
  return (await sealSnapshotJson(content, version, publishedAt)).snapshot;
}

/**
 * `sealSnapshot`, plus the sealed snapshot as JSON text made from the canonical JSON it hashed, with
 * `contentHash` put first: the same document as `JSON.stringify(snapshot)` in another key order, without
 * serialising megabytes a second time (for a store that does not keep key order, like JSONB).
 */
export async function sealSnapshotJson(content: SnapshotContent, version: number, publishedAt: Date | string): Promise<{ snapshot: Snapshot; json: string }> {
  const unsealed = { ...content, version, publishedAt: typeof publishedAt === "string" ? publishedAt : publishedAt.toISOString() };
  const canonical = canonicalJson(unsealed);
  const contentHash = await hashOfCanonical(canonical);
  return { snapshot: { ...unsealed, contentHash }, json: `{"contentHash":${JSON.stringify(contentHash)},${canonical.slice(1)}` };
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
  if (!parsed.success) throw new SnapshotIntegrityError(`Not a ${SNAPSHOT_FORMAT} document: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  const expected = await computeContentHash(parsed.data);
  if (expected !== parsed.data.contentHash) {
    throw new SnapshotIntegrityError(`Snapshot content does not match its hash (${parsed.data.contentHash}, computed ${expected}).`);
  }
  return parsed.data;
}
