import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKind } from "../testing/test-db";
import { applyMigrations, loadMigrations, type SqlRunner } from "./migrate";
import { openDatabase, type DatabaseHandle } from "./open";

/** Everything Prisma describes: enums, columns, indexes and constraints (not our extra triggers). */
async function describeSchema(sql: SqlRunner) {
  const ignore = `'_stockroom_migrations'`;
  const [enums, columns, indexes, constraints] = await Promise.all([
    sql.query(`SELECT t.typname, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text AS labels
               FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname ORDER BY t.typname`),
    sql.query(`SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default
               FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> ${ignore}
               ORDER BY table_name, column_name`),
    sql.query(`SELECT tablename, indexname, indexdef FROM pg_indexes
               WHERE schemaname = 'public' AND tablename <> ${ignore} ORDER BY indexname`),
    sql.query(`SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
               WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_stockroom_migrations'
               AND contype <> 't'
               ORDER BY conname`),
  ]);
  return { enums, columns, indexes, constraints };
}

describe(`migrations (${testDbKind()})`, () => {
  let migrated: DatabaseHandle;
  let fromSchema: DatabaseHandle;

  beforeAll(async () => {
    migrated = await createTestDatabase();
    // What `schema.prisma` describes, straight from Prisma's own differ (offline, JS engine).
    const script = execFileSync(
      "npx",
      ["prisma", "migrate", "diff", "--from-empty", "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    fromSchema = await createTestDatabase();
    await fromSchema.sql.exec(`DROP SCHEMA public CASCADE; CREATE SCHEMA public;`);
    await fromSchema.sql.exec(script);
  }, 120_000);

  afterAll(async () => {
    await migrated?.close();
    await fromSchema?.close();
  });

  it("produce exactly the schema that schema.prisma describes", async () => {
    const actual = await describeSchema(migrated.sql);
    const expected = await describeSchema(fromSchema.sql);
    expect(actual.columns.length).toBeGreaterThan(50);
    expect(actual).toEqual(expected);
  });

  it("are idempotent: a second run applies nothing", async () => {
    expect(await applyMigrations(migrated.sql)).toEqual([]);
  });

  it("refuse to run when an applied migration file was edited", async () => {
    const migrations = await loadMigrations();
    const edited = migrations.map((m, i) => (i === 0 ? { ...m, checksum: "edited" } : m));
    await expect(applyMigrations(migrated.sql, edited)).rejects.toThrow(/was changed after it was applied/);
  });

  it("make snapshots immutable in the database itself", async () => {
    const { db } = migrated;
    const team = await db.team.create({ data: { slug: "imm", name: "Imm" } });
    const catalog = await db.catalog.create({ data: { teamId: team.id, slug: "c", name: "C" } });
    const snapshot = await db.snapshot.create({
      data: { catalogId: catalog.id, version: 1, contentHash: "sha256-x", payload: {}, metrics: {} },
    });
    await expect(db.snapshot.update({ where: { id: snapshot.id }, data: { note: "changed" } })).rejects.toThrow(
      /immutable/,
    );
    await expect(migrated.sql.exec(`DELETE FROM "Snapshot"`)).rejects.toThrow(/immutable/);
    expect(await db.snapshot.count()).toBe(1);
  });
});

describe("embedded PGlite on disk", () => {
  it("persists across reopen and migrates only once", async () => {
    if (testDbKind() !== "pglite") return;
    const { mkdtemp } = await import("node:fs/promises");
    const os = await import("node:os");
    const dir = await mkdtemp(`${os.tmpdir()}/stockroom-pglite-`);
    const first = await openDatabase({ dataDir: dir });
    await first.db.team.create({ data: { slug: "kept", name: "Kept" } });
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    expect(await second.db.team.count({ where: { slug: "kept" } })).toBe(1);
    expect(await applyMigrations(second.sql)).toEqual([]);
    await second.close();
  });
});

describe.runIf(testDbKind() === "postgres")("migrations of processes that start together", () => {
  it("let several runners open one empty database at once: one migrates, the others wait and find it done", async () => {
    const empty = await createTestDatabase();
    const url = empty.url!;
    await empty.sql.exec(`DROP SCHEMA public CASCADE; CREATE SCHEMA public;`);
    const opened = await Promise.allSettled(Array.from({ length: 6 }, () => openDatabase({ url })));
    try {
      const failures = opened.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []));
      expect(failures).toEqual([]);
      const [row] = await empty.sql.query<{ count: string }>(
        `SELECT count(*)::text AS count FROM "_stockroom_migrations"`,
      );
      expect(Number(row?.count)).toBe((await loadMigrations()).length);
    } finally {
      for (const o of opened) if (o.status === "fulfilled") await o.value.close();
      await empty.close();
    }
  }, 120_000);
});
