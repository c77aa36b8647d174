import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { REAL_CLIENT, type DatabaseHandle } from "../db/open";
import { TokenBucketLimiter } from "../services/tokens/rate-limit";
import { createTestDatabase, type TestDbKind } from "./test-db";

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * A stand-in for an object that exists only once `beforeAll` ran: property reads go to the real one (methods
 * bound to it, so Prisma's private fields still work). Lets a test file name `db` at the top, as before.
 * `REAL_CLIENT` reads give the real object, so `sqlRunnerOf(db)` finds the driver under it.
 */
export function forwardTo<T extends object>(target: () => T): T {
  return new Proxy({} as T, {
    get(_, property) {
      const real = target();
      if (property === REAL_CLIENT) return real;
      const value = Reflect.get(real, property, real);
      return typeof value === "function" ? value.bind(real) : value;
    },
    set(_, property, value) {
      return Reflect.set(target(), property, value);
    },
  });
}

export interface TestDatabaseOptions {
  /** Default: the vitest project's (STOCKROOM_TEST_DB); "postgres" for tests that need the server. */
  kind?: TestDbKind;
  /**
   * Make it the app's own database, the one `getDatabase()` returns (route handlers, the agent API), with a
   * fresh agent rate limiter of `agentRequestsPerMinute` (default 1000) before all and before each test.
   */
  asAppDatabase?: boolean;
  agentRequestsPerMinute?: number;
}

const appGlobals = globalThis as unknown as {
  stockroomDb?: Promise<DatabaseHandle>;
  stockroomAgentLimiter?: TokenBucketLimiter;
};

/**
 * The one database fixture: a fresh, migrated database (in-memory PGlite, or a new database on the Postgres
 * server) for the tests of the calling file or describe block, opened before them, closed and dropped after.
 *
 *     const { db, handle } = useTestDatabase();
 *     const { db } = useTestDatabase({ asAppDatabase: true }); // the route handlers read it too
 */
export function useTestDatabase(options: TestDatabaseOptions = {}): { db: PrismaClient; handle: TestDatabase } {
  let opened: TestDatabase | undefined;
  const freshLimiter = () => {
    if (options.asAppDatabase)
      appGlobals.stockroomAgentLimiter = new TokenBucketLimiter(options.agentRequestsPerMinute ?? 1000);
  };
  beforeAll(async () => {
    opened = await createTestDatabase(options.kind);
    if (options.asAppDatabase) appGlobals.stockroomDb = Promise.resolve(opened);
    freshLimiter();
  });
  beforeEach(freshLimiter);
  afterAll(() => opened?.close());
  const current = () => {
    if (!opened) throw new Error("useTestDatabase(): the database opens in beforeAll; use it inside tests and hooks.");
    return opened;
  };
  return { db: forwardTo(() => current().db), handle: forwardTo(current) };
}
