// The running syncs other processes read (issue 35, item 8): what one process writes to the shared store is what
// a poll or a cancel reaching another process works with. A "process" here is trackSync with the store on one
// side and the store alone on the other (the registry in memory is this test process's, so the other side reads
// only the database, as another process would).
import { describe, expect, it } from "vitest";
import { sqlRunnerOf } from "../../db/open";
import { createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { assertNotCancelled, report } from "../import/import-progress";
import { trackSync } from "./running-syncs";
import { sqlSyncRuns } from "./shared-sync-runs";

const { db } = useTestDatabase();

async function starterOf() {
  const people = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, people.team.id);
  return { userId: people.editor.id, teamSlug: people.team.slug, catalog };
}

describe("the shared store of running syncs", () => {
  it("carries a sync's phase, counts and end to another process, and that process's cancel back", async () => {
    const store = sqlSyncRuns(sqlRunnerOf(db));
    const starter = await starterOf();
    const id = starter.catalog.id;
    let release: () => void = () => {};
    const paused = new Promise<void>((resolve) => {
      release = resolve;
    });
    const running = trackSync(
      starter,
      "shared-sync-1",
      async (control) => {
        report(control, "apply", 100, 1000);
        await paused;
        report(control, "apply", 1000, 1000); // the last step is always written
        for (let i = 0; i < 200 && !control?.signal?.aborted; i++) await new Promise((r) => setTimeout(r, 20));
        assertNotCancelled(control);
        return "written";
      },
      store,
    ).catch((error: unknown) => error);

    await expect
      .poll(() => store.read(id, "shared-sync-1"))
      .toEqual({
        state: "running",
        progress: { phase: "apply", done: 100, total: 1000 },
      });
    release();
    await expect.poll(() => store.read(id, "shared-sync-1")).toMatchObject({ progress: { done: 1000 } });
    // The other process asks to cancel; the running one reads it on its next write and stops, rolled back.
    expect(await store.cancel(id, "shared-sync-1")).toBe(true);
    const outcome = await running;
    expect(outcome).toMatchObject({ code: "CONFLICT", details: { cancelled: true } });
    expect(await store.read(id, "shared-sync-1")).toMatchObject({ state: "cancelled" });
    expect(await store.cancel(id, "shared-sync-1")).toBe(false); // ended: nothing to stop
  });

  it("stops a sync that another process cancelled before it started, and starts an ended id afresh", async () => {
    const store = sqlSyncRuns(sqlRunnerOf(db));
    const starter = await starterOf();
    const id = starter.catalog.id;
    expect(await store.cancel(id, "early-cancel-1")).toBe(true);
    let ran = false;
    const early = await trackSync(
      starter,
      "early-cancel-1",
      async (control) => {
        assertNotCancelled(control);
        ran = true;
      },
      store,
    ).catch((error: unknown) => error);
    expect(ran).toBe(false);
    expect(early).toMatchObject({ code: "CONFLICT" });
    expect(await store.read(id, "early-cancel-1")).toMatchObject({ state: "cancelled" });

    // The same id again, after it ended: a new sync, not cancelled by the old request.
    const again = await trackSync(starter, "early-cancel-1", async () => "done", store);
    expect(again).toBe("done");
    expect(await store.read(id, "early-cancel-1")).toEqual({ state: "done", progress: null });
    // Another catalog's id of the same name is another sync.
    const other = await createCatalog(db, (await db.catalog.findUniqueOrThrow({ where: { id } })).teamId, {
      name: "Other",
    });
    expect(await store.read(other.id, "early-cancel-1")).toBeNull();
  });
});
