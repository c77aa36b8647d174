import "server-only";
import type { PrismaClient } from "@prisma/client";
import { type CacheListener, listenForCacheChanges } from "./cache/cache-notifications";
import { getEnv } from "./env";
import { openDatabase, type DatabaseHandle } from "./db/open";

const globalForDb = globalThis as unknown as {
  stockroomDb?: Promise<DatabaseHandle>;
  stockroomCacheListener?: CacheListener;
};

/**
 * The one database of this process: the server at DATABASE_URL, or embedded PGlite under
 * STOCKROOM_DATA_DIR. Migrations run once, on first use (the demo seed runs at start-up: instrumentation.ts).
 */
export function getDatabase(): Promise<DatabaseHandle> {
  globalForDb.stockroomDb ??= (async () => {
    const env = getEnv();
    const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: `${env.STOCKROOM_DATA_DIR}/pglite` });
    // Other app instances on the same server revoke tokens and publish too: hear which caches that makes stale.
    if (env.DATABASE_URL) {
      globalForDb.stockroomCacheListener = listenForCacheChanges(env.DATABASE_URL);
      await globalForDb.stockroomCacheListener.ready;
    }
    return handle;
  })();
  return globalForDb.stockroomDb;
}

export async function getDb(): Promise<PrismaClient> {
  return (await getDatabase()).db;
}

/** The cross-process cache listener, when on Postgres (readiness checks it is connected). */
export function getCacheListener(): CacheListener | undefined {
  return globalForDb.stockroomCacheListener;
}

/** Closes the cache listener and the database (graceful shutdown); later `getDatabase()` calls fail. */
export async function closeDatabase(): Promise<void> {
  const opened = globalForDb.stockroomDb;
  if (!opened) return;
  globalForDb.stockroomDb = Promise.reject(new Error("The database is closed: the server is shutting down."));
  globalForDb.stockroomDb.catch(() => undefined);
  await globalForDb.stockroomCacheListener?.close();
  globalForDb.stockroomCacheListener = undefined;
  await (await opened.catch(() => null))?.close();
}
