import "server-only";
import type { PrismaClient } from "@prisma/client";
import { getEnv } from "./env";
import { openDatabase, type DatabaseHandle } from "./db/open";
import { listenForAgentAccessChanges } from "./services/agent-tokens/access-listener";
import { seedDemo } from "./services/seed/seed-demo";

const globalForDb = globalThis as unknown as { stockroomDb?: Promise<DatabaseHandle> };

/**
 * The one database of this process: the server at DATABASE_URL, or embedded PGlite under
 * STOCKROOM_DATA_DIR. Migrations and the demo seed run once, on first use.
 */
export function getDatabase(): Promise<DatabaseHandle> {
  globalForDb.stockroomDb ??= (async () => {
    const env = getEnv();
    const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: `${env.STOCKROOM_DATA_DIR}/pglite` });
    // Other app instances on the same server revoke tokens and publish too: hear about it.
    if (env.DATABASE_URL) await listenForAgentAccessChanges(env.DATABASE_URL).ready;
    if (env.STOCKROOM_DEMO === "1") await seedDemo({ db: handle.db, password: env.STOCKROOM_DEMO_PASSWORD, log: console.log });
    return handle;
  })();
  return globalForDb.stockroomDb;
}

export async function getDb(): Promise<PrismaClient> {
  return (await getDatabase()).db;
}
