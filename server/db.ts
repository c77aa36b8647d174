import "server-only";
import type { PrismaClient } from "@prisma/client";
import { listenForCacheChanges } from "./cache/cache-notifications";
import { getEnv } from "./env";
import { openDatabase, type DatabaseHandle } from "./db/open";

const globalForDb = globalThis as unknown as { stockroomDb?: Promise<DatabaseHandle> };

/**
 * The one database of this process: the server at DATABASE_URL, or embedded PGlite under
 * STOCKROOM_DATA_DIR. Migrations run once, on first use (the demo seed runs at start-up: instrumentation.ts).
 */
export function getDatabase(): Promise<DatabaseHandle> {
  globalForDb.stockroomDb ??= (async () => {
    const env = getEnv();
    const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: `${env.STOCKROOM_DATA_DIR}/pglite` });
    // Other app instances on the same server revoke tokens and publish too: hear which caches that makes stale.
    if (env.DATABASE_URL) await listenForCacheChanges(env.DATABASE_URL).ready;
    return handle;
  })();
  return globalForDb.stockroomDb;
}

export async function getDb(): Promise<PrismaClient> {
  return (await getDatabase()).db;
}
