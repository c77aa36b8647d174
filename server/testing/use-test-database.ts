import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll } from "vitest";
import { REAL_CLIENT } from "../db/open";
import { createTestDatabase } from "./test-db";

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

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

/**
 * A fresh database (in-memory PGlite, or a new database on the Postgres server) for the tests of the calling
 * file or describe block: opened before them, closed and dropped after them.
 *
 *     const { db, handle } = useTestDatabase();
 */
export function useTestDatabase(): { db: PrismaClient; handle: TestDatabase } {
  let opened: TestDatabase | undefined;
  beforeAll(async () => {
    opened = await createTestDatabase();
  });
  afterAll(() => opened?.close());
  const current = () => {
    if (!opened) throw new Error("useTestDatabase(): the database opens in beforeAll; use it inside tests and hooks.");
    return opened;
  };
  return { db: forwardTo(() => current().db), handle: forwardTo(current) };
}
