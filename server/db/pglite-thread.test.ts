import { messages } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKind } from "../testing/test-db";
import { PGliteThread } from "./pglite-thread";

// The embedded database in its own thread must answer exactly as in-thread PGlite did: values, errors,
// transactions and queueing. (Every PGlite test of the suite also runs through it.)
describe.skipIf(testDbKind() !== "pglite")("PGliteThread", () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = await PGliteThread.create("memory://");
    await db.exec(
      `CREATE TABLE item (id int PRIMARY KEY, label text UNIQUE, data jsonb, raw bytea, at timestamptz, big bigint)`,
    );
  });
  afterAll(() => db?.close());

  it("copies values both ways with PGlite's own types", async () => {
    const at = new Date("2026-11-30T03:04:05.678Z");
    const raw = new Uint8Array([0, 1, 254, 255]);
    await db.query(`INSERT INTO item VALUES ($1, $2, $3, $4, $5, $6)`, [
      1,
      "naïve 漢字 🚀",
      { nested: [1, "two"] },
      raw,
      at,
      9007199254740993n,
    ]);
    const { rows, fields } = await db.query<Record<string, unknown>>(`SELECT * FROM item WHERE id = $1`, [1]);
    expect(rows).toEqual([
      { id: 1, label: "naïve 漢字 🚀", data: { nested: [1, "two"] }, raw, at, big: 9007199254740993n },
    ]);
    expect(fields.map((f) => f.name)).toEqual(["id", "label", "data", "raw", "at", "big"]);
  });

  it("runs the caller's parsers on this side, in array row mode too", async () => {
    const parsers = { 25: (text: string) => `<${text}>`, 3802: (text: string) => `json:${text}` };
    const { rows } = await db.query<unknown[]>(`SELECT 'a'::text, '{"k":1}'::jsonb, NULL::text, 7::int`, [], {
      rowMode: "array",
      parsers,
    });
    expect(rows).toEqual([["<a>", 'json:{"k": 1}', null, 7]]);
  });

  it("rejects with a DatabaseError that carries the code and constraint", async () => {
    await db.query(`INSERT INTO item (id, label) VALUES (2, 'dup')`);
    const error = await db.query(`INSERT INTO item (id, label) VALUES (3, 'dup')`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({
      code: "23505",
      constraint: "item_label_key",
      message: expect.stringMatching(/duplicate key/),
    });
  });

  it("commits a transaction whose callback resolves, rolls back one that throws or calls rollback()", async () => {
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO item (id, label) VALUES (10, 'kept')`);
      expect(tx.closed).toBe(false);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO item (id, label) VALUES (11, 'thrown away')`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO item (id, label) VALUES (12, 'rolled back')`);
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM item WHERE id >= 10 ORDER BY id`);
    expect(rows.map((r) => r.id)).toEqual([10]);
  });

  it("queues a query from outside behind an open transaction instead of deadlocking", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO item (id, label) VALUES (20, 'in tx')`);
      await held;
      order.push("commit");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.query<{ n: number }>(`SELECT count(*)::int AS n FROM item WHERE id = 20`).then((r) => {
      order.push("outside");
      return r.rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toBe(1); // it ran after the commit, and saw it
    expect(order).toEqual(["commit", "outside"]);
  });

  it("says so when used after close", async () => {
    const other = await PGliteThread.create("memory://");
    await other.close();
    await expect(other.query("SELECT 1")).rejects.toThrow(/closed/);
  });
});
