import { beforeAll, describe, expect, it } from "vitest";
import { sumDayCounter } from "../testing/day-counters";
import { useTestDatabase } from "../testing/use-test-database";
import { applyMigrations, loadMigrations } from "./migrate";

// 0015 turns the day counters' one row per metric into one row per (day, version, tool) with a column per metric
// and a histogram table. Counters stored before it must come through with the same sums.
describe("migration 0015 (day counter columns) on existing counters", () => {
  const { db, handle } = useTestDatabase();
  beforeAll(async () => {
    await handle.sql.exec(`DROP SCHEMA public CASCADE; CREATE SCHEMA public;`);
    await applyMigrations(
      handle.sql,
      (await loadMigrations()).filter((m) => m.name < "0015"),
    );
  }, 120_000);

  it("carries every counter over, summed into its day, version and tool", async () => {
    await handle.sql.exec(`INSERT INTO "AgentEventDaily" ("catalogId", "day", "snapshotVersion", "metric", "toolId", "bucket", "count")
      VALUES ('c1', '2026-11-30', 1, 'search', '', 0, 7), ('c1', '2026-11-30', 1, 'search.empty', '', 0, 2),
        ('c1', '2026-11-30', 2, 'search', '', 0, 3), ('c1', '2026-12-01', 1, 'call.ok', '', 0, 4),
        ('c1', '2026-12-01', 0, 'sdk.dropped', '', 0, 9), ('c1', '2026-11-30', 1, 'search.latency', '', 5, 6),
        ('c1', '2026-11-30', 1, 'search.latency', '', 6, 1), ('c1', '2026-11-30', 1, 'call.rank', '', 2, 3),
        ('c1', '2026-11-30', 1, 'tool.returned', 'a.x', 0, 5), ('c1', '2026-11-30', 1, 'tool.rankSum', 'a.x', 0, 8),
        ('c1', '2026-12-01', 1, 'tool.ok', 'a.x', 0, 2), ('c2', '2026-11-30', 1, 'search', '', 0, 1)`);

    expect(await applyMigrations(handle.sql)).toContain("0015_daily_counter_columns");
    expect(await sumDayCounter(db, "c1", "search")).toBe(10);
    expect(await sumDayCounter(db, "c1", "search.empty")).toBe(2);
    expect(await sumDayCounter(db, "c1", "call.ok")).toBe(4);
    expect(await sumDayCounter(db, "c1", "sdk.dropped")).toBe(9);
    expect(await sumDayCounter(db, "c1", "search.latency")).toBe(7);
    expect(await sumDayCounter(db, "c1", "call.rank")).toBe(3);
    expect(await sumDayCounter(db, "c1", "tool.returned", "a.x")).toBe(5);
    expect(await sumDayCounter(db, "c1", "tool.rankSum", "a.x")).toBe(8);
    expect(await sumDayCounter(db, "c1", "tool.ok", "a.x")).toBe(2);
    expect(await sumDayCounter(db, "c2", "search")).toBe(1);
    // One row per (catalog, day, version, tool): c1 has 1/11-30 v1 "" and a.x, v2 "", 12-01 v0 "", v1 "" and a.x.
    expect(await db.agentDailyCount.count({ where: { catalogId: "c1" } })).toBe(6);
    const latency = await db.agentDailyBucket.findMany({
      where: { catalogId: "c1", metric: "search.latency" },
      orderBy: { bucket: "asc" },
      select: { bucket: true, count: true },
    });
    expect(latency).toEqual([
      { bucket: 5, count: 6 },
      { bucket: 6, count: 1 },
    ]);
    const [gone] = await handle.sql.query<{ table: string | null }>(
      `SELECT to_regclass('"AgentEventDaily"')::text AS "table"`,
    );
    expect(gone?.table).toBeNull();
  });
});
