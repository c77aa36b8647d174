import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/test-db";
import { applyMigrations, loadMigrations } from "./migrate";
import type { DatabaseHandle } from "./open";

/** Issue 33, item 3: writing events became the `events` scope; tokens made before keep what they could do. */
describe("migration 0016_events_scope_and_usage", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.sql.exec(`DROP SCHEMA public CASCADE; CREATE SCHEMA public;`);
  }, 120_000);
  afterAll(() => database?.close());

  it("gives every existing token the events scope, and new rows read and events by default", async () => {
    const migrations = await loadMigrations();
    await applyMigrations(
      database.sql,
      migrations.filter((migration) => migration.name < "0016"),
    );
    await database.sql.exec(`
      INSERT INTO "Team" ("id", "slug", "name") VALUES ('t1', 'team', 'Team');
      INSERT INTO "Catalog" ("id", "teamId", "slug", "name", "updatedAt") VALUES ('c1', 't1', 'cat', 'Cat', now());
      INSERT INTO "AgentToken" ("id", "catalogId", "name", "hash", "prefix", "scopes") VALUES
        ('read', 'c1', 'read', 'h1', 'p', ARRAY['read']::"AgentTokenScope"[]),
        ('import', 'c1', 'import', 'h2', 'p', ARRAY['read', 'import']::"AgentTokenScope"[]);`);
    expect(await applyMigrations(database.sql)).toContain("0016_events_scope_and_usage");
    await database.sql.exec(`INSERT INTO "AgentToken" ("id", "catalogId", "name", "hash", "prefix")
      VALUES ('new', 'c1', 'new', 'h3', 'p')`);
    const rows = await database.sql.query<{ id: string; scopes: string[] }>(
      `SELECT "id", "scopes"::text[] AS "scopes" FROM "AgentToken" ORDER BY "id"`,
    );
    expect(rows).toEqual([
      { id: "import", scopes: ["read", "import", "events"] },
      { id: "new", scopes: ["read", "events"] },
      { id: "read", scopes: ["read", "events"] },
    ]);
  });
});
