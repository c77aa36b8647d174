import pg from "pg";
import { queryRows, type SqlSource } from "../db/sql-source";
import { processCaches, type CacheHandle, type CacheRegistry } from "./bounded-cache";
import { logger } from "../ops/logger";

/** The Postgres channel on which a committed change names the cache it makes stale (the payload). */
export const CACHE_CHANNEL = "stockroom_cache";
const NAME = /^[a-z][a-z0-9-]*$/;
const RECONNECT_MS = 1_000;

/**
 * Tells other processes on the same Postgres to clear their cache of this name. Inside a transaction the
 * notification is delivered at commit, and never if it rolls back. (PGlite is one process: in effect a no-op;
 * the writer clears its own cache with `cache.clear()` after commit either way.)
 */
export async function notifyCacheChange(tx: SqlSource, cache: Pick<CacheHandle, "name">): Promise<void> {
  if (!NAME.test(cache.name))
    throw new Error(`Cache name ${JSON.stringify(cache.name)} is not a plain lower-case name.`);
  await queryRows(tx, `NOTIFY ${CACHE_CHANNEL}, '${cache.name}'`);
}

export interface CacheListener {
  /** Settles after the first attempt to LISTEN (a failed attempt is retried in the background). */
  ready: Promise<void>;
  /** True while the LISTEN connection is up (readiness: /readyz). */
  readonly connected: boolean;
  close(): Promise<void>;
}

/**
 * Keeps this process's cross-process caches in step with writes made by other processes on the same Postgres
 * server: a NOTIFY naming a cache clears it. While the connection is down, and again when it is back, every
 * cross-process cache is cleared, since notifications may have been missed.
 */
export function listenForCacheChanges(url: string, registry: CacheRegistry = processCaches()): CacheListener {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", ({ payload }) =>
      payload ? registry.named(payload)?.clear() : registry.clearCrossProcess(),
    );
    next.on("error", (error) => {
      logger().warn({ err: error }, "cache listener dropped; reconnecting");
      void drop(next);
    });
    next.on("end", () => void drop(next));
    await next.connect();
    await next.query(`LISTEN ${CACHE_CHANNEL}`);
    client = next;
    registry.clearCrossProcess();
  };

  const drop = async (dead: pg.Client): Promise<void> => {
    if (client !== dead) return;
    client = null;
    registry.clearCrossProcess();
    await dead.end().catch(() => undefined);
    if (!closed) timer = setTimeout(() => void connect().catch(retryLater), RECONNECT_MS);
  };
  const retryLater = (error: Error) => {
    logger().warn({ err: error, retryMs: RECONNECT_MS }, "cache listener cannot connect; retrying");
    if (!closed) timer = setTimeout(() => void connect().catch(retryLater), RECONNECT_MS);
  };

  return {
    ready: connect().catch(retryLater),
    get connected() {
      return client !== null;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end();
    },
  };
}
