// `npm run db:backup` against a running server (online, through POST /ops/backup), then `npm run db:restore` into
// a fresh data directory: the restored database holds the catalog's tools, versions, golden queries, tokens and
// events as they were at the backup, and not what came after; event batches sent during the backup are in it whole
// or not at all.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/open";
import { createOpsDatabase, type OpsDatabase, startOpsProcess } from "../testing/ops-process";
import { testDbKind } from "../testing/test-db";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const BACKUP_TOKEN = "backup-token-abcdefghijklmnopqrstuvwxyz";

/** Runs a script as `npm run` would (tsx), with the app's environment plus `env`. */
function script(name: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", name), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
}

/** What must survive, per table, in a stable order (timestamps a later request may touch are left out). */
async function contentOf(handle: DatabaseHandle, catalog: string) {
  const where = `WHERE "catalogId" = (SELECT id FROM "Catalog" WHERE slug = $1)`;
  const rows = (sql: string) => handle.sql.query(sql, [catalog]);
  return {
    tools: await rows(`SELECT id, key, name, description, parameters FROM "Tool" ${where} ORDER BY id`),
    snapshots: await rows(`SELECT version, "contentHash", payload FROM "Snapshot" ${where} ORDER BY version`),
    golden: await rows(`SELECT id, query, expected FROM "EvalQuery" ${where} ORDER BY id`),
    tokens: await rows(
      `SELECT id, name, hash, prefix, scopes::text[] AS scopes FROM "AgentToken" ${where} ORDER BY id`,
    ),
    events: await rows(`SELECT "clientEventId" FROM "AgentEvent" ${where} ORDER BY "clientEventId"`),
  };
}

describe.runIf(testDbKind() === "pglite")("backup and restore of the embedded database", () => {
  let database: OpsDatabase | undefined;
  let scratch: string | undefined;
  afterAll(async () => {
    await database?.dispose();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it("backs up a running server and restores into a fresh directory, as it was at the backup", async () => {
    database = await createOpsDatabase("pglite");
    scratch = await mkdtemp(path.join(os.tmpdir(), "stockroom-backup-"));
    const server = await startOpsProcess({ ...database.env, STOCKROOM_BACKUP_TOKEN: BACKUP_TOKEN });
    const { fixture } = server;
    const post = (prefix: string) =>
      fetch(`${server.url}/api/v1/catalogs/${fixture.team}/${fixture.catalog}/events`, {
        method: "POST",
        headers: { authorization: `Bearer ${fixture.secret}`, "content-type": "application/json" },
        body: JSON.stringify({
          events: Array.from({ length: 10 }, (_, i) => ({
            type: "call",
            id: `${prefix}-${i}`,
            callId: `${prefix}-${i}`,
            toolId: "crm.refund_order",
          })),
        }),
      });
    expect((await post("before")).status).toBe(202);
    const refused = await fetch(`${server.url}/ops/backup`, {
      method: "POST",
      headers: { authorization: "Bearer no" },
    });
    expect(refused.status).toBe(401);

    const file = path.join(scratch, "backup.tar.gz");
    // Batches keep coming while the copy is taken: each is in the backup whole or not at all.
    let backingUp = true;
    const during: string[] = [];
    const writer = (async () => {
      for (let n = 0; backingUp; n++) {
        expect((await post(`during${n}`)).status).toBe(202);
        during.push(`during${n}`);
      }
    })();
    const backup = await script("db-backup.ts", ["--url", server.url, "--out", file], {
      STOCKROOM_BACKUP_TOKEN: BACKUP_TOKEN,
    }).finally(() => (backingUp = false));
    await writer;
    expect(backup.stdout).toContain("Backed up");
    expect((await post("after")).status).toBe(202); // after the backup: not in it
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const fresh = path.join(scratch, "restored");
    const restore = await script("db-restore.ts", [file, "--data-dir", fresh], {});
    expect(restore.stdout).toContain("Restored");
    const again = script("db-restore.ts", [file, "--data-dir", fresh], {});
    await expect(again).rejects.toThrow(/not empty/);

    const original = await openDatabase({ dataDir: database.pgliteDir!, migrate: false });
    const restored = await openDatabase({ dataDir: path.join(fresh, "pglite"), migrate: false });
    try {
      const was = await contentOf(original, fixture.catalog);
      const is = await contentOf(restored, fixture.catalog);
      expect(is.snapshots.length).toBe(1);
      expect(is.golden.length).toBe(5);
      expect(is.tokens.length).toBe(1);
      const { events: wasEvents, ...wasRest } = was;
      const { events: isEvents, ...isRest } = is;
      expect(isRest).toEqual(wasRest);
      const ids = (rows: unknown[]) => rows.map((row) => (row as { clientEventId: string }).clientEventId);
      expect(ids(wasEvents)).toHaveLength(20 + 10 * during.length);
      const restoredIds = ids(isEvents);
      expect(restoredIds.filter((id) => id.startsWith("before-"))).toHaveLength(10);
      expect(restoredIds.some((id) => id.startsWith("after-"))).toBe(false);
      const perBatch = new Map<string, number>();
      for (const batch of restoredIds.map((id) => id.split("-", 1)[0]!))
        perBatch.set(batch, (perBatch.get(batch) ?? 0) + 1);
      for (const [batch, count] of perBatch) expect(count, batch).toBe(10);
      console.log(`backup under writes: ${perBatch.size - 1} of ${during.length} batches sent meanwhile in it`);
      const migrations = `SELECT name FROM "_stockroom_migrations" ORDER BY name`;
      expect(await restored.sql.query(migrations)).toEqual(await original.sql.query(migrations));
    } finally {
      await original.close();
      await restored.close();
    }
  }, 400_000);
});
