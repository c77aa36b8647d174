import { verifySnapshot, type Snapshot } from "@/sdk/snapshot";
import { AppError } from "../../errors";

/** A published snapshot ready to serve: its bytes serialised once, so every response is byte-identical. */
export interface SnapshotBody {
  version: number;
  contentHash: string;
  snapshot: Snapshot;
  identity: Buffer;
}

function createBody(snapshot: Snapshot): SnapshotBody {
  return { version: snapshot.version, contentHash: snapshot.contentHash, snapshot, identity: Buffer.from(JSON.stringify(snapshot)) };
}

/**
 * Snapshots never change, so their serialised bytes are kept per snapshot id, least recently
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
      (body) => this.account(id, body.identity.length),
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
