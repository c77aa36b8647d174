import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { verifySnapshot, type Snapshot } from "@/sdk/snapshot";
import { AppError } from "../../errors";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type ContentEncoding = "gzip" | "br";

/** A published snapshot ready to serve: its bytes serialised once (so every response is byte-identical) and compressed on demand. */
export interface SnapshotBody {
  version: number;
  contentHash: string;
  snapshot: Snapshot;
  identity: Buffer;
  encoded(encoding: ContentEncoding): Promise<Buffer>;
}

function createBody(snapshot: Snapshot): SnapshotBody {
  const identity = Buffer.from(JSON.stringify(snapshot));
  const encodings = new Map<ContentEncoding, Promise<Buffer>>();
  return {
    version: snapshot.version,
    contentHash: snapshot.contentHash,
    snapshot,
    identity,
    encoded(encoding) {
      let pending = encodings.get(encoding);
      if (!pending) {
        // Quality 9 is within a few percent of brotli's maximum at a fraction of its time; it runs once per process.
        pending = encoding === "gzip" ? gzipAsync(identity, { level: 9 }) : brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
        pending.catch(() => encodings.delete(encoding));
        encodings.set(encoding, pending);
      }
      return pending;
    },
  };
}

/**
 * Snapshots never change, so their serialised and compressed bytes are kept per snapshot id, least recently
 * used evicted past `maxBytes`. A payload whose hash does not match its row is never served.
 */
export class SnapshotBodyCache {
  private readonly entries = new Map<string, Promise<SnapshotBody>>();
  private bytes = 0;
  private readonly sizes = new Map<string, number>();

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(id: string, contentHash: string, loadPayload: () => Promise<unknown>): Promise<SnapshotBody> {
    const cached = this.entries.get(id);
    if (cached) {
      this.entries.delete(id);
      this.entries.set(id, cached);
      return cached;
    }
    const pending = (async () => {
      const snapshot = await verifySnapshot(await loadPayload()).catch((error: unknown) => {
        throw new AppError("INTERNAL", `Stored snapshot ${id} failed its integrity check and was not served: ${(error as Error).message}`);
      });
      if (snapshot.contentHash !== contentHash) throw new AppError("INTERNAL", `Stored snapshot ${id} carries hash ${snapshot.contentHash}, its row says ${contentHash}; not served.`);
      return createBody(snapshot);
    })();
    this.entries.set(id, pending);
    pending.then(
      (body) => this.account(id, body.identity.length * 2),
      () => this.entries.delete(id),
    );
    return pending;
  }

  private account(id: string, size: number) {
    if (!this.entries.has(id)) return;
    this.sizes.set(id, size);
    this.bytes += size;
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes || key === id) break;
      this.entries.delete(key);
      this.bytes -= this.sizes.get(key) ?? 0;
      this.sizes.delete(key);
    }
  }
}

const globalForCache = globalThis as unknown as { stockroomSnapshotBodies?: SnapshotBodyCache };

/** The process-wide cache the HTTP and tRPC APIs share. */
export function snapshotBodyCache(): SnapshotBodyCache {
  globalForCache.stockroomSnapshotBodies ??= new SnapshotBodyCache();
  return globalForCache.stockroomSnapshotBodies;
}
