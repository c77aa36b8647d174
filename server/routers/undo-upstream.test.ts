// Issue 35, item 6: a History group is reverted whole, upstream bases (Tool.upstream, what the next sync compares
// with) included. Here the two cases an import's own group does not cover: a tool deleted by hand (or by a reset)
// comes back with its base, and a sync that changed only bases (the team's edits kept) can be reverted.
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM test fixture without types
import { tinyTools } from "../testing/tiny-mcp-server.mjs";
import { callerFor, createCatalog, createTeamWithMembers } from "../testing/factories";
import { outcomeCode } from "../testing/outcome";
import { useTestDatabase } from "../testing/use-test-database";

type Tool = { name: string; description: string; inputSchema: Record<string, unknown> };
const OPTIONS = { namespace: "weather", mcpServer: "tiny-weather", exposure: "deferred" as const };
const OURS = "Forecast for a city: temperature, rain and wind.";

describe("reverting restores upstream bases", () => {
  const { db } = useTestDatabase();

  /** A catalog with tiny-weather imported (every tool has a base) and the forecast's description edited by the team. */
  async function importedCatalog() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const input = { team: people.team.slug, catalog: catalog.slug };
    const editor = callerFor(db, people.editor);
    const preview = (tools: Tool[]) =>
      editor.import.preview({ ...input, text: JSON.stringify({ tools }), options: OPTIONS });
    const commit = async (tools: Tool[], conflicts: Record<string, "upstream" | "ours"> = {}) => {
      const plan = await preview(tools);
      await editor.import.commit({
        ...input,
        text: JSON.stringify({ tools }),
        options: OPTIONS,
        fingerprint: plan.fingerprint,
        decisions: { removed: {}, conflicts },
      });
      return (await editor.history.list(input)).events.find((e) => e.action === "catalog.imported")!.groupId!;
    };
    const byKey = (key: string) => db.tool.findFirstOrThrow({ where: { catalogId: catalog.id, key } });
    /** Each tool's Tool.upstream as stored text (key order included), by key. */
    const bases = async () =>
      Object.fromEntries(
        (
          await db.$queryRaw<Array<{ key: string; upstream: string | null }>>`
            SELECT "key", "upstream"::text AS "upstream" FROM "Tool" WHERE "catalogId" = ${catalog.id} ORDER BY "key"`
        ).map((r) => [r.key, r.upstream]),
      );
    const groupOf = async (groupId: string) =>
      (await editor.history.list(input)).events.filter((e) => e.groupId === groupId);
    await commit(tinyTools("1"));
    const forecast = await byKey("weather.get_forecast");
    await editor.tool.update({ ...input, id: forecast.id, revision: 1, patch: { description: OURS } });
    return { ...people, catalog, input, editor, preview, commit, byKey, bases, groupOf };
  }

  it("brings a tool deleted by hand back with its upstream base, so the next sync still keeps the team's edit", async () => {
    const { input, editor, preview, byKey, bases, groupOf } = await importedCatalog();
    const before = await bases();
    expect(before["weather.get_forecast"]).toContain('"description":"Get the weather forecast for a city."');
    const forecast = await byKey("weather.get_forecast");
    const deleted = await editor.tool.delete({ ...input, id: forecast.id, revision: forecast.revision });
    // The deletion's group keeps the base beside the deleted tool.
    const group = await groupOf(deleted.groupId);
    expect(group.map((e) => e.action).sort()).toEqual(["catalog.upstream_replaced", "tool.deleted"]);
    expect(group.find((e) => e.action === "catalog.upstream_replaced")!.after).toEqual({
      tools: 1,
      reason: "deletion",
    });

    const undo = await editor.history.revert({ ...input, groupId: deleted.groupId });
    expect((await byKey("weather.get_forecast")).id).toBe(forecast.id);
    expect(await bases()).toEqual(before);
    // The same source again: the team's description is kept, not taken for an upstream change to write back.
    const again = await preview(tinyTools("1"));
    expect(again.counts).toMatchObject({ changed: 0, conflict: 0, unchanged: 3 });
    expect(again.rows.find((r) => r.key === "weather.get_forecast")!.messages).toEqual([
      "Keeps the team's description (the source did not change it).",
    ]);

    // Redo deletes it again (its base kept in the redo's group), and undoing the redo brings both back once more.
    const redo = await editor.history.revert({ ...input, groupId: undo.groupId });
    expect(await db.tool.count({ where: { id: forecast.id } })).toBe(0);
    expect((await groupOf(redo.groupId)).find((e) => e.action === "catalog.upstream_replaced")!.after).toEqual({
      tools: 1,
      reason: "revert",
    });
    await editor.history.revert({ ...input, groupId: redo.groupId });
    expect(await bases()).toEqual(before);
  });

  it("brings the tools a reset deleted back with their upstream bases", async () => {
    const { input, editor, commit, byKey, bases, groupOf } = await importedCatalog();
    await editor.review.publish({ ...input, note: "three tools" });
    await commit(tinyTools("2"), { [(await byKey("weather.get_forecast")).id]: "ours" });
    const before = await bases();
    expect(before["weather.get_pollen"]).toContain("Pollen count for today.");
    const reset = await editor.snapshot.resetDraft({ ...input, version: 1, scope: { kind: "draft" } });
    expect(reset.deleted).toEqual(["weather.get_pollen"]);
    const kept = (await groupOf(reset.groupId!)).find((e) => e.action === "catalog.upstream_replaced");
    expect(kept?.after).toEqual({ tools: 1, reason: "deletion" });
    await editor.history.revert({ ...input, groupId: reset.groupId! });
    expect(await bases()).toEqual(before);
  });

  it("reverts a sync that changed only upstream bases (the team's edit kept), and redoes it", async () => {
    const { input, editor, preview, commit, byKey, bases, groupOf } = await importedCatalog();
    const forecast = await byKey("weather.get_forecast");
    /** The tool row without its base. */
    const row = async () => ({ ...(await byKey("weather.get_forecast")), upstream: null });
    const changed = tinyTools("1").map((t: Tool) =>
      t.name === "get_forecast" ? { ...t, description: "Forecast by the hour." } : t,
    );
    const plan = await preview(changed);
    expect(plan.counts).toMatchObject({ conflict: 1, changed: 0, new: 0, removed: 0 });
    const before = await bases();
    const groupId = await commit(changed, { [forecast.id]: "ours" });
    // Nothing but the base moved: the tool row is as it was.
    expect(await row()).toEqual({ ...forecast, upstream: null });
    const after = await bases();
    expect(after["weather.get_forecast"]).toContain("Forecast by the hour.");
    expect((await groupOf(groupId)).map((e) => e.action).sort()).toEqual([
      "catalog.imported",
      "catalog.upstream_replaced",
    ]);

    const undo = await editor.history.revert({ ...input, groupId });
    expect(undo.tools).toBe(1);
    expect(await bases()).toEqual(before);
    expect(await row()).toEqual({ ...forecast, upstream: null });
    // So the same upstream is the same conflict again.
    expect((await preview(changed)).counts).toEqual(plan.counts);
    await editor.history.revert({ ...input, groupId: undo.groupId });
    expect(await bases()).toEqual(after);
  });

  it("refuses to rewind a base a later sync replaced again, and writes nothing", async () => {
    const { input, editor, commit, byKey, bases } = await importedCatalog();
    const forecast = await byKey("weather.get_forecast");
    const described = (description: string) =>
      tinyTools("1").map((t: Tool) => (t.name === "get_forecast" ? { ...t, description } : t));
    const first = await commit(described("Forecast by the hour."), { [forecast.id]: "ours" });
    await commit(described("Forecast by the minute."), { [forecast.id]: "ours" });
    const now = await bases();
    const attempt = editor.history.revert({ ...input, groupId: first });
    await expect(attempt).rejects.toThrow(
      /Nothing was reverted: the upstream copy of "weather.get_forecast" was replaced since/,
    );
    expect(await outcomeCode(editor.history.revert({ ...input, groupId: first }))).toBe("CONFLICT");
    expect(await bases()).toEqual(now);
    // A change with nothing to revert at all (an import that found everything unchanged) is still refused.
    const idle = await commit(described("Forecast by the minute."));
    expect(await outcomeCode(editor.history.revert({ ...input, groupId: idle }))).toBe("UNPROCESSABLE_CONTENT");
  });
});
