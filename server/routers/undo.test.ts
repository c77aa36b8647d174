import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM test fixture without types
import { tinyTools } from "../testing/tiny-mcp-server.mjs";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../testing/factories";
import { outcomeCode } from "../testing/outcome";
import { useTestDatabase } from "../testing/use-test-database";

describe("undo: reset to a published version, rollback with reset, revert a History group", () => {
  const { db } = useTestDatabase();

  /** A catalog published as version 1 (crm.refund, crm.list_orders, ops.restart), then edited in every way. */
  async function editedCatalog() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id, { name: "Support" });
    await createTools(db, catalog.id, [
      { namespace: "crm", name: "refund", description: "Refund an order." },
      { namespace: "crm", name: "list_orders", description: "List open orders." },
      { namespace: "ops", name: "restart", description: "Restart a server." },
    ]);
    const input = { team: people.team.slug, catalog: catalog.slug };
    const editor = callerFor(db, people.editor);
    await editor.review.publish({ ...input, note: "first" });
    const byKey = async (key: string) => db.tool.findFirstOrThrow({ where: { catalogId: catalog.id, key } });
    const refund = await byKey("crm.refund");
    await editor.tool.update({ ...input, id: refund.id, revision: 1, patch: { description: "Refund badly." } });
    const list = await byKey("crm.list_orders");
    await editor.tool.delete({ ...input, id: list.id, revision: list.revision });
    await editor.tool.create({ ...input, tool: { namespace: "crm", name: "added", description: "New one." } });
    const restart = await byKey("ops.restart");
    await editor.tool.update({ ...input, id: restart.id, revision: 1, patch: { exposure: "direct" } });
    const crm = await db.namespace.findFirstOrThrow({ where: { catalogId: catalog.id, name: "crm" } });
    await editor.namespace.update({ ...input, id: crm.id, revision: crm.revision, patch: { description: "Changed." } });
    return { ...people, catalog, input, editor, byKey, refundId: refund.id, listId: list.id };
  }

  const draftRevision = async (catalogId: string) =>
    String((await db.draftRevision.findUniqueOrThrow({ where: { catalogId } })).revision);

  it("resets the whole draft: counts first, then one transaction, one History group, revisions moved", async () => {
    const { input, editor, catalog, byKey, refundId, listId } = await editedCatalog();
    const scope = { kind: "draft" as const };
    const preview = await editor.snapshot.resetDraftPreview({ ...input, version: 1, scope });
    expect(preview).toMatchObject({
      created: ["crm.list_orders"],
      updated: ["crm.refund", "ops.restart"],
      deleted: ["crm.added"],
      namespaces: ["crm"],
      groupId: null,
    });
    const revisionBefore = await draftRevision(catalog.id);
    expect(preview.draftRevision).toBe(revisionBefore);
    const done = await editor.snapshot.resetDraft({
      ...input,
      version: 1,
      scope,
      draftRevision: preview.draftRevision,
    });
    expect(done.groupId).toEqual(expect.any(String));
    expect(BigInt(await draftRevision(catalog.id))).toBeGreaterThan(BigInt(revisionBefore));
    // The draft is version 1 again: publishing it is refused as identical.
    await expect(editor.review.publish({ ...input, note: "again" })).rejects.toThrow(/identical to version 1/);
    expect((await byKey("crm.list_orders")).id).not.toBe(listId); // re-created from the snapshot
    const refund = await byKey("crm.refund");
    expect(refund.description).toBe("Refund an order.");
    // An editor still on the old revision gets the usual conflict.
    expect(
      await outcomeCode(editor.tool.update({ ...input, id: refundId, revision: 2, patch: { description: "x" } })),
    ).toBe("CONFLICT");
    const history = await editor.history.list(input);
    const group = history.events.filter((e) => e.groupId === done.groupId);
    expect(group.map((e) => e.action).sort()).toEqual([
      "catalog.draft_reset",
      "namespace.updated",
      "tool.created",
      "tool.deleted",
      "tool.updated",
      "tool.updated",
    ]);
    // Nothing left to reset, and a count shown for an older draft revision is refused.
    expect(await outcomeCode(editor.snapshot.resetDraft({ ...input, version: 1, scope }))).toBe(
      "UNPROCESSABLE_CONTENT",
    );
    expect(
      await outcomeCode(editor.snapshot.resetDraft({ ...input, version: 1, scope, draftRevision: revisionBefore })),
    ).toBe("CONFLICT");
  });

  it("resets one namespace or one tool and leaves the rest of the draft alone", async () => {
    const { input, editor, byKey } = await editedCatalog();
    const ns = await editor.snapshot.resetDraft({ ...input, version: 1, scope: { kind: "namespace", name: "crm" } });
    expect(ns).toMatchObject({ created: ["crm.list_orders"], updated: ["crm.refund"], deleted: ["crm.added"] });
    expect((await byKey("ops.restart")).exposure).toBe("direct"); // other namespace untouched
    const tool = await editor.snapshot.resetDraft({
      ...input,
      version: 1,
      scope: { kind: "tool", key: "ops.restart" },
    });
    expect(tool).toMatchObject({ created: [], updated: ["ops.restart"], deleted: [], namespaces: [] });
    expect((await byKey("ops.restart")).exposure).toBe("deferred");
    await expect(editor.review.publish({ ...input, note: "again" })).rejects.toThrow(/identical to version 1/);
  });

  it("refuses a scope the version lacks, an unknown version and a viewer; anyone outside sees nothing", async () => {
    const { input, editor, viewer, stranger } = await editedCatalog();
    await expect(
      editor.snapshot.resetDraft({ ...input, version: 1, scope: { kind: "tool", key: "crm.added" } }),
    ).rejects.toThrow(/Version 1 has no tool "crm.added"/);
    await expect(
      editor.snapshot.resetDraftPreview({ ...input, version: 1, scope: { kind: "namespace", name: "nope" } }),
    ).rejects.toThrow(/no namespace "nope"/);
    expect(await outcomeCode(editor.snapshot.resetDraft({ ...input, version: 7, scope: { kind: "draft" } }))).toBe(
      "NOT_FOUND",
    );
    const scope = { kind: "draft" as const };
    expect(await outcomeCode(callerFor(db, viewer).snapshot.resetDraft({ ...input, version: 1, scope }))).toBe(
      "FORBIDDEN",
    );
    expect(await outcomeCode(callerFor(db, stranger).snapshot.resetDraft({ ...input, version: 1, scope }))).toBe(
      "NOT_FOUND",
    );
    expect(
      await outcomeCode(
        editor.snapshot.resetDraft({ ...input, version: 1, scope: { kind: "tool", key: "" } } as never),
      ),
    ).toBe("BAD_REQUEST");
  });

  it("rolls back and resets the draft too when asked, so the next publish does not ship the change again", async () => {
    const { input, editor } = await editedCatalog();
    await editor.review.publish({ ...input, note: "second" });
    const plain = await editor.snapshot.rollback({ ...input, version: 1, note: "back" });
    expect(plain).toMatchObject({ version: 3, rolledBackFrom: 1, draftReset: null });
    await editor.review.publish({ ...input, note: "the draft still had version 2's change" });
    const both = await editor.snapshot.rollback({ ...input, version: 1, note: "back again", resetDraft: true });
    expect(both.version).toBe(5);
    expect(both.draftReset).toMatchObject({ version: 1, created: ["crm.list_orders"], deleted: ["crm.added"] });
    await expect(editor.review.publish({ ...input, note: "nothing" })).rejects.toThrow(/identical to version 5/);
  });

  it("reverts a bulk change as one group, refuses a second revert, and reverts the revert (redo)", async () => {
    const { input, editor, byKey } = await editedCatalog();
    const a = await byKey("crm.refund");
    const b = await byKey("crm.added");
    const items = [a, b].map((t) => ({ id: t.id, revision: t.revision }));
    const bulk = await editor.tool.bulkUpdate({ ...input, items, patch: { exposure: "hidden" } });
    const revert = await editor.history.revert({ ...input, groupId: bulk.groupId });
    expect(revert.tools).toBe(2);
    expect((await byKey("crm.refund")).exposure).toBe("deferred");
    expect((await byKey("crm.added")).exposure).toBe("deferred");
    await expect(editor.history.revert({ ...input, groupId: bulk.groupId })).rejects.toThrow(/already reverted/);
    await editor.history.revert({ ...input, groupId: revert.groupId });
    expect((await byKey("crm.refund")).exposure).toBe("hidden");
    const events = (await editor.history.list(input)).events;
    expect(events.filter((e) => e.action === "catalog.change_reverted")).toHaveLength(2);
    expect(events.find((e) => e.action === "catalog.bulk_changed")?.groupId).toBe(bulk.groupId);
  });

  it("reverting a bulk move into a new namespace moves the tools back and removes the namespace it made", async () => {
    const { input, editor, byKey, catalog } = await editedCatalog();
    const a = await byKey("crm.refund");
    const b = await byKey("ops.restart");
    const items = [a, b].map((t) => ({ id: t.id, revision: t.revision }));
    const bulk = await editor.tool.bulkUpdate({ ...input, items, patch: { namespace: "moved" } });
    const moved = await db.namespace.findFirstOrThrow({ where: { catalogId: catalog.id, name: "moved" } });
    expect((await byKey("moved.refund")).namespaceId).toBe(moved.id);
    const revert = await editor.history.revert({ ...input, groupId: bulk.groupId });
    expect(revert).toMatchObject({ tools: 2, namespaces: 1 });
    expect((await byKey("crm.refund")).id).toBe(a.id);
    expect((await byKey("ops.restart")).id).toBe(b.id);
    expect(await db.namespace.count({ where: { catalogId: catalog.id, name: "moved" } })).toBe(0);
  });

  it("refuses a group revert with 409 when a tool of the group changed since, and writes nothing", async () => {
    const { input, editor, byKey } = await editedCatalog();
    const a = await byKey("crm.refund");
    const b = await byKey("ops.restart");
    const items = [a, b].map((t) => ({ id: t.id, revision: t.revision }));
    const bulk = await editor.tool.bulkUpdate({ ...input, items, patch: { exposure: "hidden" } });
    const moved = await byKey("ops.restart");
    await editor.tool.update({ ...input, id: moved.id, revision: moved.revision, patch: { description: "Later." } });
    const attempt = editor.history.revert({ ...input, groupId: bulk.groupId });
    await expect(attempt).rejects.toThrow(/Nothing was reverted: "ops.restart" was changed since/);
    expect(await outcomeCode(editor.history.revert({ ...input, groupId: bulk.groupId }))).toBe("CONFLICT");
    expect((await byKey("crm.refund")).exposure).toBe("hidden");
    expect(await outcomeCode(editor.history.revert({ ...input, groupId: "no-such-group" }))).toBe("NOT_FOUND");
  });

  it("undoes a deletion and a reset through the same revert, with the tool's id and fields back", async () => {
    const { input, editor, byKey, viewer } = await editedCatalog();
    // Keys in an order jsonb would not keep (it sorts them): the revert must bring this exact text back.
    const parameters = { properties: { zeta: { type: "string" }, alpha: { type: "number" } }, type: "object" };
    const refund = await byKey("crm.refund");
    await editor.tool.update({ ...input, id: refund.id, revision: refund.revision, patch: { parameters } });
    const a = await byKey("crm.refund");
    const deleted = await editor.tool.delete({ ...input, id: a.id, revision: a.revision });
    expect(await outcomeCode(callerFor(db, viewer).history.revert({ ...input, groupId: deleted.groupId }))).toBe(
      "FORBIDDEN",
    );
    await editor.history.revert({ ...input, groupId: deleted.groupId });
    const back = await byKey("crm.refund");
    expect(JSON.stringify(back.parameters)).toBe(JSON.stringify(parameters));
    expect({ ...back, revision: 0, createdAt: 0, updatedAt: 0 }).toEqual({
      ...a,
      revision: 0,
      createdAt: 0,
      updatedAt: 0,
    });
    const reset = await editor.snapshot.resetDraft({ ...input, version: 1, scope: { kind: "draft" } });
    await editor.history.revert({ ...input, groupId: reset.groupId! });
    expect((await byKey("crm.added")).description).toBe("New one.");
    expect((await byKey("crm.refund")).description).toBe("Refund badly.");
    expect(await db.tool.count({ where: { key: "crm.list_orders", catalogId: back.catalogId } })).toBe(0);
    const crm = await db.namespace.findFirstOrThrow({ where: { catalogId: back.catalogId, name: "crm" } });
    expect(crm.description).toBe("Changed.");
  });

  it("keeps another team's groups out of reach", async () => {
    const { input, editor, byKey } = await editedCatalog();
    const a = await byKey("crm.refund");
    const deleted = await editor.tool.delete({ ...input, id: a.id, revision: a.revision });
    const other = await createTeamWithMembers(db);
    const otherCatalog = await createCatalog(db, other.team.id);
    const outsider = callerFor(db, other.owner);
    const otherInput = { team: other.team.slug, catalog: otherCatalog.slug };
    expect(await outcomeCode(outsider.history.revert({ ...otherInput, groupId: deleted.groupId }))).toBe("NOT_FOUND");
  });

  it("reverts an import as one group: new tools and their namespace go, updated tools get their fields back", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const input = { team: people.team.slug, catalog: catalog.slug };
    const editor = callerFor(db, people.editor);
    const options = { namespace: "weather", mcpServer: "tiny-weather", exposure: "deferred" as const };
    const importText = async (text: string) => {
      const preview = await editor.import.preview({ ...input, text, options });
      await editor.import.commit({ ...input, text, options, fingerprint: preview.fingerprint, skipInvalid: false });
      const events = (await editor.history.list(input)).events;
      return events.find((e) => e.action === "catalog.imported")!.groupId!;
    };
    const first = await importText(JSON.stringify({ tools: tinyTools("1") }));
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(3);
    await editor.history.revert({ ...input, groupId: first });
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(0);
    expect(await db.namespace.count({ where: { catalogId: catalog.id } })).toBe(0);

    await importText(JSON.stringify({ tools: tinyTools("1") }));
    const before = await db.tool.findMany({ where: { catalogId: catalog.id }, orderBy: { key: "asc" } });
    const second = await importText(JSON.stringify({ tools: tinyTools("2") }));
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(4);
    await editor.history.revert({ ...input, groupId: second });
    const after = await db.tool.findMany({ where: { catalogId: catalog.id }, orderBy: { key: "asc" } });
    const fields = (t: (typeof before)[number]) => ({
      key: t.key,
      description: t.description,
      parameters: t.parameters,
    });
    expect(after.map(fields)).toEqual(before.map(fields));
  });

  it("reverting an import rewinds each tool's upstream base, so the next sync sees the same change again", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const input = { team: people.team.slug, catalog: catalog.slug };
    const editor = callerFor(db, people.editor);
    const options = { namespace: "weather", mcpServer: "tiny-weather", exposure: "deferred" as const };
    const preview = (variant: string) =>
      editor.import.preview({ ...input, text: JSON.stringify({ tools: tinyTools(variant) }), options });
    /** Each tool's Tool.upstream as stored text (key order included), by key. */
    const bases = async () =>
      Object.fromEntries(
        (
          await db.$queryRaw<Array<{ key: string; upstream: string | null }>>`
            SELECT "key", "upstream"::text AS "upstream" FROM "Tool" WHERE "catalogId" = ${catalog.id} ORDER BY "key"`
        ).map((r) => [r.key, r.upstream]),
      );
    const first = await preview("1");
    const text1 = JSON.stringify({ tools: tinyTools("1") });
    await editor.import.commit({ ...input, text: text1, options, fingerprint: first.fingerprint });
    const before = await bases();
    expect(Object.keys(before)).toHaveLength(3);
    expect(before["weather.get_forecast"]).toContain('"description":"Get the weather forecast for a city."');

    // Upstream changes one tool, adds one and drops one (removed on purpose): bases move on.
    const change = await preview("3");
    expect(change.counts).toMatchObject({ new: 1, changed: 1, removed: 1, unchanged: 1 });
    const dropped = change.rows.find((r) => r.status === "removed")!.toolId!;
    const text3 = JSON.stringify({ tools: tinyTools("3") });
    const decisions = { removed: { [dropped]: "remove" as const }, conflicts: {} };
    await editor.import.commit({ ...input, text: text3, options, fingerprint: change.fingerprint, decisions });
    const after = await bases();
    expect(after["weather.get_forecast"]).toContain("hourly");
    const groupId = (await editor.history.list(input)).events.find((e) => e.action === "catalog.imported")!.groupId!;

    // Reverted: every base is as before the import, the dropped tool's included, byte for byte.
    const revert = await editor.history.revert({ ...input, groupId });
    expect(await bases()).toEqual(before);
    // So the same upstream is the same change again (not taken for the team's own edits and kept).
    const again = await preview("3");
    expect(again.counts).toEqual(change.counts);
    expect(again.rows.map((r) => [r.key, r.status])).toEqual(change.rows.map((r) => [r.key, r.status]));

    // Reverting the revert (redo) brings the import's bases back.
    await editor.history.revert({ ...input, groupId: revert.groupId });
    expect(await bases()).toEqual(after);
  });
});
