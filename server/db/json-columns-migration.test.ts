import { beforeAll, describe, expect, it } from "vitest";
import { sealSnapshot, verifySnapshot, type SnapshotContent } from "@/domain/snapshot/verify";
import { useTestDatabase } from "../testing/use-test-database";
import { applyMigrations, loadMigrations } from "./migrate";

// 0005 turns jsonb columns into json (text kept as written). Data written before it must come through intact,
// and a v1 snapshot (hashed with the legacy canonical form, stored as jsonb) must still verify.
const parameters = {
  type: "object",
  properties: { "10": { type: "string" }, "9": { type: "string" }, ratio: { type: "number", default: 1e-7 } },
};

const v1Content = (): SnapshotContent => ({
  format: "stockroom.snapshot/v1",
  catalog: { team: "t", slug: "c", name: "C" },
  engine: { profile: "stockroom", k1: 1.2, b: 0.75, defaultLimit: 8 },
  namespaces: [],
  tools: [
    {
      id: "pick",
      namespace: null,
      name: "pick",
      exposure: "direct",
      searchText: "pick",
      spec: { type: "function", name: "pick", description: "Pick 🗓 \u2028", parameters, strict: false },
    },
  ],
});

describe("migration 0005 (json columns) on existing data", () => {
  const { handle } = useTestDatabase();
  beforeAll(async () => {
    await handle.sql.exec(`DROP SCHEMA public CASCADE; CREATE SCHEMA public;`);
    await applyMigrations(
      handle.sql,
      (await loadMigrations()).filter((m) => m.name < "0005"),
    );
  }, 120_000);

  it("keeps tools and published v1 snapshots, which still verify", async () => {
    const sealed = await sealSnapshot(v1Content(), 1, "2026-11-01T00:00:00.000Z");
    await handle.sql.exec(`INSERT INTO "Team" ("id", "slug", "name") VALUES ('t1', 't', 'T');
      INSERT INTO "Catalog" ("id", "teamId", "slug", "name", "updatedAt") VALUES ('c1', 't1', 'c', 'C', now());`);
    await handle.sql.query(
      `INSERT INTO "Tool" ("id", "catalogId", "key", "name", "parameters", "updatedAt") VALUES ('x1', 'c1', 'pick', 'pick', $1::jsonb, now())`,
      [JSON.stringify(parameters)],
    );
    await handle.sql.query(
      `INSERT INTO "Snapshot" ("id", "catalogId", "version", "contentHash", "payload", "metrics") VALUES ('s1', 'c1', 1, $1, $2::jsonb, '{}')`,
      [sealed.contentHash, JSON.stringify(sealed)],
    );

    expect(await applyMigrations(handle.sql)).toContain("0005_json_key_order_mcp_metadata");
    const [types] = await handle.sql.query<{ tool: string; snapshot: string }>(
      `SELECT (SELECT data_type FROM information_schema.columns WHERE table_name = 'Tool' AND column_name = 'parameters') AS tool,
              (SELECT data_type FROM information_schema.columns WHERE table_name = 'Snapshot' AND column_name = 'payload') AS snapshot`,
    );
    expect(types).toEqual({ tool: "json", snapshot: "json" });
    const tool = await handle.db.tool.findUniqueOrThrow({ where: { id: "x1" } });
    expect(tool.parameters).toEqual(parameters);
    expect(tool.mcpMetadata).toBeNull();
    const row = await handle.db.snapshot.findUniqueOrThrow({ where: { id: "s1" } });
    await expect(verifySnapshot(row.payload)).resolves.toMatchObject({
      format: "stockroom.snapshot/v1",
      contentHash: sealed.contentHash,
    });
    // Still immutable after the column change.
    await expect(handle.sql.exec(`UPDATE "Snapshot" SET "note" = 'x' WHERE "id" = 's1'`)).rejects.toThrow(/immutable/);
  });
});
