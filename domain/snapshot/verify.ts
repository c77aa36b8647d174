// Hashing, sealing and verifying snapshots; the format's schemas live in domain/snapshot/format.ts.
import { SNAPSHOT_FORMATS, snapshotSchema, type Snapshot, type SnapshotContent } from "./format";

export {
  jsonObjectSchema,
  MCP_METADATA_FIELDS,
  mcpToolMetadataSchema,
  SNAPSHOT_FORMAT,
  SNAPSHOT_FORMATS,
  snapshotContentSchema,
  snapshotSchema,
  snapshotToolSchema,
  snapshotToolShape,
  type McpToolMetadata,
  type Snapshot,
  type SnapshotContent,
  type SnapshotFormat,
  type SnapshotTool,
} from "./format";

import { canonicalJson, canonicalJsonChunks, legacyCanonicalJson } from "./canonical-json";

export { canonicalJson, legacyCanonicalJson } from "./canonical-json";

/** What this file uses of node:crypto, typed here: the SDK imports nothing of Node's (it runs in browsers too). */
interface NodeHash {
  update(data: string, encoding: "utf8"): NodeHash;
  digest(encoding: "hex"): string;
}
type NodeCrypto = { createHash(algorithm: "sha256"): NodeHash };

/** node:crypto where the runtime has it (Node, Bun, Deno: `process.getBuiltinModule`), else null (browsers). */
function nodeCrypto(): NodeCrypto | null {
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return (runtime?.getBuiltinModule?.("node:crypto") as NodeCrypto | undefined) ?? null;
}

/**
 * SHA-256 of the UTF-8 of the pieces joined. node:crypto reads them one by one (no string and byte copy of a whole
 * snapshot, tens of MB, held at once); Web Crypto has no incremental digest, so there they are joined first.
 */
async function sha256Hex(chunks: readonly string[]): Promise<string> {
  const node = nodeCrypto();
  if (node) {
    const hash = node.createHash("sha256");
    for (const chunk of chunks) hash.update(chunk, "utf8");
    return hash.digest("hex");
  }
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(chunks.join("")));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The canonical form a snapshot's format hashes, in pieces: RFC 8785 from v2 on, the legacy form for v1. */
const canonicalChunksFor = (format: string, value: unknown) =>
  format === "stockroom.snapshot/v1" ? [legacyCanonicalJson(value)] : canonicalJsonChunks(value);

const hashOf = async (format: string, value: unknown) => `sha256-${await sha256Hex(canonicalChunksFor(format, value))}`;

/** `sha256-<hex>` of the canonical JSON (per its format) of everything in the snapshot except `contentHash`. */
export async function computeContentHash(snapshot: Omit<Snapshot, "contentHash"> | Snapshot): Promise<string> {
  const { contentHash: _ignored, ...rest } = snapshot as Snapshot;
  return hashOf(rest.format, rest);
}

/** Adds version, date and hash to draft content. */
export async function sealSnapshot(
  content: SnapshotContent,
  version: number,
  publishedAt: Date | string,
): Promise<Snapshot> {
  return (await sealSnapshotJson(content, version, publishedAt)).snapshot;
}

/**
 * `sealSnapshot`, plus the sealed snapshot as JSON text in its authors' key order (schemas as written, not
 * sorted): what gets stored and served. The hash is over the canonical form, so the order does not change it.
 */
export async function sealSnapshotJson(
  content: SnapshotContent,
  version: number,
  publishedAt: Date | string,
): Promise<{ snapshot: Snapshot; json: string }> {
  const unsealed = {
    ...content,
    version,
    publishedAt: typeof publishedAt === "string" ? publishedAt : publishedAt.toISOString(),
  };
  const contentHash = await hashOf(unsealed.format, unsealed);
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
  if (!parsed.success)
    throw new SnapshotIntegrityError(
      `Not a ${SNAPSHOT_FORMATS.join(" or ")} document: ${parsed.error.issues[0]?.message ?? "invalid"}`,
    );
  const expected = await computeContentHash(parsed.data);
  if (expected !== parsed.data.contentHash) {
    throw new SnapshotIntegrityError(
      `Snapshot content does not match its hash (${parsed.data.contentHash}, computed ${expected}).`,
    );
  }
  return parsed.data;
}
