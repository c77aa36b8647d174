import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** The two statements the migration runner needs, over PGlite or a pg pool. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` inside one transaction on one connection. */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /** How many statements can run at once through this runner (absent: one, as on PGlite or one connection). */
  readonly concurrency?: number;
  /**
   * The same database for statements that may wait (agent-event ingest): they run behind other work, a bounded
   * number at once (server/db/background-lane.ts). Absent (a transaction's runner, a test's stand-in): `query`.
   */
  readonly background?: Pick<SqlRunner, "query">;
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");
const LOCK_KEY = 7_303_778; // any constant: serialises concurrent runners on one server

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(/* turbopackIgnore: true */ dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/**
 * Applies every migration not yet recorded in `_stockroom_migrations`, each in its own transaction.
 * Idempotent; refuses to continue when an applied migration's file has changed since.
 */
export async function applyMigrations(runner: SqlRunner, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  return runner.transaction(async (tx) => {
    // The lock first: two processes starting on an empty database both ran the CREATE TABLE IF NOT EXISTS, and
    // Postgres lets only one of two concurrent ones succeed (a duplicate key in pg_type for the other).
    await tx.query("SELECT pg_advisory_xact_lock($1)", [LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS "_stockroom_migrations" (
      "name" TEXT PRIMARY KEY, "checksum" TEXT NOT NULL, "appliedAt" TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const rows = await tx.query<{ name: string; checksum: string }>(
      `SELECT "name", "checksum" FROM "_stockroom_migrations"`,
    );
    const applied = new Map(rows.map((r) => [r.name, r.checksum]));
    const done: string[] = [];
    for (const migration of all) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead.`);
        }
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query(`INSERT INTO "_stockroom_migrations" ("name", "checksum") VALUES ($1, $2)`, [
        migration.name,
        migration.checksum,
      ]);
      done.push(migration.name);
    }
    return done;
  });
}
