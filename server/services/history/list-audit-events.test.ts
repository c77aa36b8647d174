import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { recordAuditEvent } from "./record-audit-event";

const { db } = useTestDatabase();

describe("history.list filters", () => {
  it("filters by person, type and tool id (a deleted tool's too), and leaves out updates that changed nothing", async () => {
    const { team, owner, editor, viewer } = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, team.id);
    const ref = { team: team.slug, catalog: catalog.slug };
    const asEditor = callerFor(db, editor);
    const asOwner = callerFor(db, owner);
    const lookup = await asEditor.tool.create({ ...ref, tool: { namespace: "crm", name: "lookup" } });
    await asEditor.tool.update({ ...ref, id: lookup.id, revision: 1, patch: { description: "Find a customer." } });
    const doomed = await asOwner.tool.create({ ...ref, tool: { namespace: "ops", name: "restart" } });
    await asOwner.tool.delete({ ...ref, id: doomed.id, revision: 1 });
    await asOwner.golden.create({ ...ref, query: "find a customer", expected: ["crm.lookup"] });
    // An update that changed nothing, as older versions recorded for a save without edits.
    const actor = { id: editor.id, label: editor.email };
    const same = { key: "crm.lookup", description: "Find a customer.", revision: 2 };
    await recordAuditEvent({
      db,
      teamId: team.id,
      catalogId: catalog.id,
      actor,
      action: "tool.updated",
      targetType: "tool",
      targetId: lookup.id,
      before: same,
      after: { ...same, revision: 3 },
    });

    const api = callerFor(db, viewer);
    const all = await api.history.list(ref);
    // Events of one transaction share a timestamp, so compare as sets (with counts): the no-op update is gone.
    const actions = (events: Array<{ action: string }>) => events.map((e) => e.action).sort();
    expect(actions(all.events)).toEqual([
      "golden.created",
      "namespace.created",
      "namespace.created",
      "tool.created",
      "tool.created",
      "tool.deleted",
      "tool.updated",
    ]);
    expect(all.people).toEqual([editor.email, owner.email].sort());

    const byEditor = await api.history.list({ ...ref, actor: editor.email });
    expect(actions(byEditor.events)).toEqual(["namespace.created", "tool.created", "tool.updated"]);
    expect((await api.history.list({ ...ref, type: "golden" })).events.map((e) => e.action)).toEqual([
      "golden.created",
    ]);
    expect((await api.history.list({ ...ref, type: "namespaces", actor: owner.email })).events).toHaveLength(1);
    expect((await api.history.list({ ...ref, toolKey: "ops.restart" })).events.map((e) => e.action)).toEqual([
      "tool.deleted",
      "tool.created",
    ]);
    expect((await api.history.list({ ...ref, toolKey: " crm.lookup " })).events.map((e) => e.action)).toEqual([
      "tool.updated",
      "tool.created",
    ]);
    expect(all.events.find((e) => e.action === "tool.updated")?.after).toMatchObject({
      description: "Find a customer.",
      revision: 2,
    });
    expect((await api.history.list({ ...ref, toolKey: "crm" })).events).toEqual([]);
    await expect(api.history.list({ ...ref, type: "bogus" as never })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
