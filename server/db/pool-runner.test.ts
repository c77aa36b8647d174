import { describe, expect, it } from "vitest";
import { testDbKind } from "../testing/test-db";
import { useTestDatabase } from "../testing/use-test-database";

// A transaction whose connection dies mid-way: the caller gets its own error, and the dead connection is
// dropped from the pool instead of being handed to the next query.
describe.skipIf(testDbKind() !== "postgres")("the Postgres runner's transactions", () => {
  const { handle } = useTestDatabase({ kind: "postgres" });

  it("reports the caller's error when the connection is lost, and the pool keeps working", async () => {
    const failure = handle.sql.transaction(async (tx) => {
      const [{ pid }] = (await tx.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)) as [{ pid: number }];
      await handle.sql.query(`SELECT pg_terminate_backend($1)`, [pid]); // from another connection
      await tx.query(`SELECT 1`);
    });
    await expect(failure).rejects.toThrow(/terminat|Connection/i);
    // Every connection the pool hands out now works (the dead one was not returned to it).
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => handle.sql.query<{ one: number }>(`SELECT 1 AS one`)),
    );
    expect(answers.every((rows) => rows[0]!.one === 1)).toBe(true);
  });
});
