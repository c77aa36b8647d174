import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySnapshot } from "@/domain/snapshot/verify";
import { openDatabase, type DatabaseHandle } from "../db/open";
import { createTestDatabase, testDbKind } from "../testing/test-db";
import { commitImport, previewImport } from "./import/import-tools";
import { publishSnapshot } from "./review/publish-snapshot";

/**
 * Restart safety: a process publishing or importing in a loop is killed with SIGKILL in the middle
 * of its work (several times, at varying moments). After each kill the database holds only whole
 * operations, and the operation succeeds when retried.
 */
const WORKER = path.resolve(import.meta.dirname, "../testing/crash-worker.ts");

/** Runs the worker until it has started `round` rounds, then kills it `delayMs` into that round. */
function runAndKill(mode: "publish" | "import", target: string, round: number, delayMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    // node itself (not npx) so that SIGKILL reaches the process doing the work
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", WORKER, mode, target], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let done = 0;
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdout.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        if (line.startsWith("DONE ")) done = Number(line.slice(5));
        if (line === `START ${round}`) setTimeout(() => child.kill("SIGKILL"), delayMs);
      }
    });
    child.on("exit", (code, signal) =>
      signal === "SIGKILL" ? resolve(done) : reject(new Error(`worker exited ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

async function seedCatalog(handle: DatabaseHandle) {
  const team = await handle.db.team.create({ data: { slug: "crash-team", name: "Crash" } });
  const catalog = await handle.db.catalog.create({ data: { teamId: team.id, slug: "crash", name: "Crash" } });
  await handle.db.tool.createMany({
    data: Array.from({ length: 2000 }, (_, i) => ({
      catalogId: catalog.id,
      key: `tool_${i}`,
      name: `tool_${i}`,
      description: `Tool number ${i}: list, create and delete things of kind ${i % 37}.`,
      parameters: { type: "object", properties: { id: { type: "string", description: `the id of thing ${i}` } } },
    })),
  });
}

const CRASH_WORKER = "stockroom_crash_worker";

describe(`restart safety (${testDbKind()})`, () => {
  let target: string;
  let open: () => Promise<DatabaseHandle>;
  let cleanup: () => Promise<void> = async () => {};

  beforeAll(async () => {
    if (testDbKind() === "postgres") {
      const handle = await createTestDatabase("postgres");
      await seedCatalog(handle);
      // The killed worker connects under its own name: a COMMIT it sent just before dying may still be
      // finishing on the server, so "restart" waits until its sessions are gone, as a real restart would.
      target = `${handle.url!}?application_name=${CRASH_WORKER}`;
      open = async () => {
        for (let i = 0; i < 100; i++) {
          const [{ n }] = (await handle.sql.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1`,
            [CRASH_WORKER],
          )) as [{ n: number }];
          if (n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return openDatabase({ url: handle.url! });
      };
      cleanup = () => handle.close();
    } else {
      target = await mkdtemp(path.join(os.tmpdir(), "stockroom-crash-"));
      const handle = await openDatabase({ dataDir: target });
      await seedCatalog(handle);
      await handle.close(); // PGlite on disk: one process at a time
      open = () => openDatabase({ dataDir: target });
    }
  }, 120_000);
  afterAll(() => cleanup());

  it("a publish killed mid-way leaves only whole, verifiable versions, and publishing again works", async () => {
    let interrupted = 0;
    for (const [round, delay] of [
      [2, 30],
      [1, 150],
      [2, 400],
    ] as const) {
      const completed = await runAndKill("publish", target, round, delay);
      if (completed < round) interrupted++; // killed after the round started, before it finished
      const handle = await open();
      try {
        const snapshots = await handle.db.snapshot.findMany({
          where: { catalog: { slug: "crash" } },
          orderBy: { version: "asc" },
        });
        expect(snapshots.length).toBeGreaterThanOrEqual(completed);
        expect(snapshots.map((s) => s.version)).toEqual(snapshots.map((_, i) => i + 1));
        for (const s of snapshots) {
          const verified = await verifySnapshot(s.payload);
          expect(verified.contentHash).toBe(s.contentHash);
          expect(verified.tools).toHaveLength(2000);
        }
        const catalog = await handle.db.catalog.findFirstOrThrow({ where: { slug: "crash" }, include: { team: true } });
        await handle.db.tool.updateMany({
          where: { catalogId: catalog.id, name: "tool_1" },
          data: { description: `retry ${round} ${delay}` },
        });
        const retried = await publishSnapshot({
          db: handle.db,
          team: catalog.team,
          catalog,
          actor: { id: null, label: "test" },
          note: "retry",
          reason: "retry",
        });
        expect(retried.version).toBe(snapshots.length + 1);
      } finally {
        await handle.close();
      }
    }
    expect(interrupted, "at least one kill landed inside a publish").toBeGreaterThan(0);
  }, 240_000);

  it("an import killed mid-way is all or nothing, and importing again works", async () => {
    let interrupted = 0;
    for (const [round, delay] of [
      [1, 100],
      [2, 250],
    ] as const) {
      const completed = await runAndKill("import", target, round, delay);
      if (completed < round) interrupted++;
      const handle = await open();
      try {
        const catalog = await handle.db.catalog.findFirstOrThrow({ where: { slug: "crash" }, include: { team: true } });
        const imported = await handle.db.tool.groupBy({
          by: ["mcpServer"],
          where: { catalogId: catalog.id, mcpServer: { startsWith: "server-" } },
          _count: { _all: true },
        });
        for (const group of imported) expect(group._count._all, `tools from ${group.mcpServer}`).toBe(1500);
        expect(imported.length).toBeGreaterThanOrEqual(completed);
        const text = JSON.stringify({
          tools: [
            {
              name: `after_crash_${round}`,
              description: "Imported after the crash.",
              inputSchema: { type: "object", properties: {} },
            },
          ],
        });
        const options = { namespace: "retry", mcpServer: `retry-${round}`, exposure: "deferred" as const };
        const preview = await previewImport({ db: handle.db, catalog, text, options });
        const result = await commitImport({
          db: handle.db,
          catalog,
          text,
          options,
          actor: { id: null, label: "test" },
          fingerprint: preview.fingerprint,
          skipInvalid: false,
        });
        expect(result.created).toBe(1);
      } finally {
        await handle.close();
      }
    }
    expect(interrupted, "at least one kill landed inside an import").toBeGreaterThan(0);
  }, 240_000);
});
