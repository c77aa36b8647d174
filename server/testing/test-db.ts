import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../db/open";

export type TestDbKind = "pglite" | "postgres";

/** The Postgres server the tests use (trust auth on this machine and in CI). */
export const TEST_PG_ADMIN_URL = process.env.STOCKROOM_TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function testDbKind(): TestDbKind {
  return process.env.STOCKROOM_TEST_DB === "postgres" ? "postgres" : "pglite";
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * Postgres server that `close()` drops again.
 */
export async function createTestDatabase(
  kind: TestDbKind = testDbKind(),
): Promise<DatabaseHandle & { url: string | null }> {
  if (kind === "pglite") return { ...(await openDatabase({ dataDir: "memory://" })), url: null };
  const name = `stockroom_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDatabase(TEST_PG_ADMIN_URL, name);
  const handle = await openDatabase({ url });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
