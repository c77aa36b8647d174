// Issue 35, item 8 (the dialog's part): an apply started with a sync id is followed through source.syncProgress
// while it runs and stopped by source.cancelSync, which rolls it back whole; only editors of that catalog can.
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers } from "../testing/factories";
import { generatedOpenApi } from "../testing/generated-openapi";
import { useDocumentServer } from "../testing/use-document-server";
import { useTestDatabase } from "../testing/use-test-database";

const { db } = useTestDatabase();
const OPERATIONS = 1000;

type Api = ReturnType<typeof callerFor>;
type Ref = { team: string; catalog: string };
type Status = Awaited<ReturnType<Api["source"]["syncProgress"]>>;

/** Polls the apply's progress until `stop` holds for one answer or the apply is no longer running. */
async function pollUntil(api: Api, ref: Ref, syncId: string, stop: (status: Status) => boolean) {
  const seen: Status[] = [];
  for (;;) {
    const status = await api.source.syncProgress({ ...ref, syncId });
    seen.push(status);
    if (stop(status) || (status.state !== "running" && status.state !== "unknown")) return seen;
    await nextTurn();
  }
}

describe("following and cancelling a sync from the dialog", { timeout: 600_000 }, () => {
  const body = generatedOpenApi(OPERATIONS);
  const upstream = useDocumentServer(() => body, "/items.json");

  /** A catalog whose namespace "items" has the served document as its source, previewed by an editor. */
  async function previewedSource() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const ref = { team: people.team.slug, catalog: catalog.slug };
    const api = callerFor(db, people.editor);
    await api.source.set({ ...ref, namespace: "items", source: { kind: "openapi", url: upstream.url() } });
    const preview = await api.source.syncPreview({ ...ref, namespace: "items" });
    return { people, catalog, ref, api, preview };
  }

  it("shows the apply's phase and counts while it runs; a cancel leaves nothing written", async () => {
    const { people, catalog, ref, api, preview } = await previewedSource();
    expect(preview.counts.new).toBe(OPERATIONS);
    const apply = { ...ref, namespace: "items", fingerprint: preview.fingerprint, skipInvalid: true };

    // Before it starts, the id is unknown; a viewer may not follow or cancel, nor may an editor of another catalog.
    expect(await api.source.syncProgress({ ...ref, syncId: "first-sync-1" })).toEqual({
      state: "unknown",
      progress: null,
    });
    const viewer = callerFor(db, people.viewer);
    await expect(viewer.source.syncProgress({ ...ref, syncId: "first-sync-1" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(viewer.source.cancelSync({ ...ref, syncId: "first-sync-1" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const other = await createCatalog(db, people.team.id, { name: "Other" });
    const otherRef = { team: people.team.slug, catalog: other.slug };

    const running = api.source.syncApply({ ...apply, syncId: "first-sync-1" }).catch((error: unknown) => error);
    const seen = await pollUntil(api, ref, "first-sync-1", (s) => s.progress?.phase === "apply" && s.progress.done > 0);
    const during = seen.at(-1)!;
    expect(during).toMatchObject({ state: "running", progress: { phase: "apply", total: OPERATIONS } });
    expect(during.progress!.done).toBeLessThan(OPERATIONS);
    // While the sync's transaction is open, nothing here reads the database (PGlite would answer only after it).
    expect(await api.source.cancelSync({ ...ref, syncId: "first-sync-1" })).toEqual({ cancelled: true });
    expect(await running).toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/cancelled; nothing was written/),
    });
    expect(await api.source.syncProgress({ ...ref, syncId: "first-sync-1" })).toMatchObject({ state: "cancelled" });
    // The same id in another catalog is another sync: nothing to see there.
    expect(await api.source.syncProgress({ ...otherRef, syncId: "first-sync-1" })).toMatchObject({ state: "unknown" });
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(0);
    expect(
      await db.auditEvent.count({ where: { catalogId: catalog.id, action: { not: "namespace.source_set" } } }),
    ).toBe(0);
    expect((await db.namespaceSource.findFirstOrThrow({ where: { catalogId: catalog.id } })).lastSyncedAt).toBeNull();

    // Not cancelled, it runs to the end: every tool written, the end state readable, a late cancel stops nothing.
    await api.source.cancelSync({ ...otherRef, syncId: "second-sync-2" });
    const result = await api.source.syncApply({ ...apply, syncId: "second-sync-2" });
    expect(result.created).toBe(OPERATIONS);
    expect(await api.source.syncProgress({ ...ref, syncId: "second-sync-2" })).toEqual({
      state: "done",
      progress: { phase: "apply", done: OPERATIONS, total: OPERATIONS },
    });
    expect(await api.source.cancelSync({ ...ref, syncId: "second-sync-2" })).toEqual({ cancelled: false });
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(OPERATIONS);
  });

  it("a cancel that arrives before the apply starts stops it before it reads the source", async () => {
    const { catalog, ref, api, preview } = await previewedSource();
    expect(await api.source.cancelSync({ ...ref, syncId: "early-cancel" })).toEqual({ cancelled: true });
    await expect(
      api.source.syncApply({ ...ref, namespace: "items", fingerprint: preview.fingerprint, syncId: "early-cancel" }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/cancelled/) });
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(0);
    await expect(api.source.syncProgress({ ...ref, syncId: "bad id!" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("follows and cancels an import of the Import page the same way", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const ref = { team: people.team.slug, catalog: catalog.slug };
    const api = callerFor(db, people.editor);
    const options = { namespace: "items", mcpServer: null, exposure: "deferred" as const };
    const tools = Array.from({ length: OPERATIONS }, (_, i) => ({
      name: `get_item_${i}`,
      description: `Reads item number ${i} by its id.`,
      inputSchema: { type: "object", properties: { id: { type: "string" } } },
    }));
    const text = JSON.stringify({ tools });
    const preview = await api.import.preview({ ...ref, text, options });
    const commit = { ...ref, text, options, fingerprint: preview.fingerprint, skipInvalid: true };

    const running = api.import.commit({ ...commit, syncId: "import-run-1" }).catch((error: unknown) => error);
    const seen = await pollUntil(api, ref, "import-run-1", (s) => s.progress?.phase === "apply" && s.progress.done > 0);
    expect(seen.at(-1)).toMatchObject({ state: "running", progress: { phase: "apply", total: OPERATIONS } });
    expect(await api.source.cancelSync({ ...ref, syncId: "import-run-1" })).toEqual({ cancelled: true });
    expect(await running).toMatchObject({
      code: "CONFLICT",
      message: "The import was cancelled; nothing was written.",
    });
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(0);

    expect((await api.import.commit({ ...commit, syncId: "import-run-2" })).created).toBe(OPERATIONS);
    expect(await api.source.syncProgress({ ...ref, syncId: "import-run-2" })).toMatchObject({ state: "done" });
    await expect(api.import.commit({ ...commit, syncId: "no" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
