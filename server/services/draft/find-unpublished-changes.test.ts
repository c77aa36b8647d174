import { describe, expect, it } from "vitest";
import { callerFor, createCatalog } from "../../testing/factories";
import { publishDraft, seedPlaygroundCatalog } from "../../testing/playground-fixtures";
import { useTestDatabase } from "../../testing/use-test-database";

const { db } = useTestDatabase();

// Issue 41 item 12: a catalog card says when the draft has changes not published yet.
describe("catalog.list's hasUnpublishedChanges", () => {
  it("follows edits, deletions, settings the snapshot carries and rollbacks, and clears on publish", async () => {
    const { owner, team, catalog, tools, input } = await seedPlaygroundCatalog(db);
    const api = callerFor(db, owner);
    const other = await createCatalog(db, team.id, { name: "Never published" });
    const marks = async () =>
      Object.fromEntries((await api.catalog.list({ team: team.slug })).map((c) => [c.id, c.hasUnpublishedChanges]));
    expect(await marks()).toEqual({ [catalog.id]: false, [other.id]: false }); // nothing published: no mark

    await publishDraft(db, team, catalog, 1);
    expect((await marks())[catalog.id]).toBe(false);

    const tool = tools[0]!;
    await api.tool.update({ ...input, id: tool.id, revision: tool.revision, patch: { description: "Edited." } });
    expect((await marks())[catalog.id]).toBe(true);
    await publishDraft(db, team, catalog, 2);
    expect((await marks())[catalog.id]).toBe(false);

    await api.tool.delete({ ...input, id: tools[1]!.id, revision: tools[1]!.revision });
    expect((await marks())[catalog.id]).toBe(true);
    await publishDraft(db, team, catalog, 3);

    // A description is not in the snapshot; the default limit is.
    const settings = await api.catalog.update({ ...input, revision: 1, patch: { description: "Our tools" } });
    expect((await marks())[catalog.id]).toBe(false);
    await api.catalog.update({ ...input, revision: settings.revision, patch: { defaultLimit: 5 } });
    expect((await marks())[catalog.id]).toBe(true);
    await publishDraft(db, team, catalog, 4);
    expect((await marks())[catalog.id]).toBe(false);

    // Rolling back publishes version 1's content; the draft (edited since) now differs from the latest.
    await api.snapshot.rollback({ ...input, version: 1, note: "back to v1", reason: "testing" });
    expect((await marks())[catalog.id]).toBe(true);
  });
});
