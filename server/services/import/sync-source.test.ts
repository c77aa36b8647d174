// Re-importing a source (issue 35, item 2): the preview is a change set — new, changed (field by field),
// conflict, removed, unchanged — the team's own edits survive, and applying it is one transaction and one
// History group.
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM test fixture without types
import { tinyTools } from "../../testing/tiny-mcp-server.mjs";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";

const { db } = useTestDatabase();

type Tool = { name: string; description: string; inputSchema: Record<string, unknown>; title?: string };
const OPTIONS = { namespace: "weather", mcpServer: "tiny-weather", exposure: "deferred" as const };
const v1 = (): Tool[] => tinyTools("1");
const textOf = (tools: Tool[]) => JSON.stringify({ tools });
/** v1 without list_alerts: the server dropped a tool. */
const dropped = () => v1().filter((t) => t.name !== "list_alerts");

async function setup() {
  const people = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, people.team.id);
  const ref = { team: people.team.slug, catalog: catalog.slug };
  const api = callerFor(db, people.editor);
  const preview = (tools: Tool[], options = OPTIONS) => api.import.preview({ ...ref, text: textOf(tools), options });
  type Decisions = { removed?: Record<string, "remove" | "keep">; conflicts?: Record<string, "upstream" | "ours"> };
  const commit = async (tools: Tool[], decisions: Decisions = {}, options = OPTIONS) => {
    const plan = await preview(tools, options);
    return api.import.commit({
      ...ref,
      text: textOf(tools),
      options,
      fingerprint: plan.fingerprint,
      decisions: { removed: decisions.removed ?? {}, conflicts: decisions.conflicts ?? {} },
    });
  };
  const toolOf = (key: string) => db.tool.findFirst({ where: { catalogId: catalog.id, key } });
  return { ...people, catalog, ref, api, preview, commit, toolOf };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("expected the call to fail");
}

describe("re-importing a source", () => {
  it("lists a tool the source no longer lists as removed, and writes nothing until the user decides", async () => {
    const { preview, commit, toolOf, api, ref, catalog } = await setup();
    await commit(v1());
    const plan = await preview(dropped());
    // The bug: "0 new · 0 changed · 2 unchanged", and the dropped tool stayed without a word.
    expect(plan.counts).toMatchObject({ new: 0, changed: 0, unchanged: 2, removed: 1, conflict: 0 });
    const alerts = await toolOf("weather.list_alerts");
    expect(plan.rows.find((r) => r.status === "removed")).toMatchObject({
      key: "weather.list_alerts",
      toolId: alerts!.id,
      revision: 1,
      messages: [expect.stringMatching(/no longer lists/)],
    });
    const undecided = await failure(
      api.import.commit({ ...ref, text: textOf(dropped()), options: OPTIONS, fingerprint: plan.fingerprint }),
    );
    expect(undecided.code).toBe("UNPROCESSABLE_CONTENT");
    expect(undecided.message).toMatch(/"weather.list_alerts": decide for each whether to remove it or keep it/);
    expect(await toolOf("weather.list_alerts")).not.toBeNull();

    expect(await commit(dropped(), { removed: { [alerts!.id]: "keep" } })).toMatchObject({ removed: 0, kept: 1 });
    expect(await toolOf("weather.list_alerts")).not.toBeNull();
    expect(await commit(dropped(), { removed: { [alerts!.id]: "remove" } })).toMatchObject({ removed: 1, kept: 0 });
    expect(await toolOf("weather.list_alerts")).toBeNull();
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(2);
    expect((await preview(dropped())).counts).toMatchObject({ removed: 0, unchanged: 2 });
  });

  it("applies new, changed and removed tools as one History group, or nothing when the catalog moved", async () => {
    const { preview, commit, toolOf, api, ref, catalog } = await setup();
    await commit(v1());
    const next = [...tinyTools("2").filter((t: Tool) => t.name !== "get_uv_index")];
    const plan = await preview(next);
    expect(plan.counts).toMatchObject({ new: 1, changed: 1, removed: 1, unchanged: 1 });
    const uv = (await toolOf("weather.get_uv_index"))!;

    // Someone edits the removed tool after the preview: the whole import is refused, nothing half-written.
    await api.tool.update({ ...ref, id: uv.id, revision: 1, patch: { searchTextExtra: "sunburn" } });
    const decisions = { removed: { [uv.id]: "remove" as const }, conflicts: {} };
    const stale = await failure(
      api.import.commit({ ...ref, text: textOf(next), options: OPTIONS, fingerprint: plan.fingerprint, decisions }),
    );
    expect(stale.code).toBe("CONFLICT");
    expect(await toolOf("weather.get_pollen")).toBeNull();
    expect((await toolOf("weather.get_forecast"))!.revision).toBe(1);

    const before = new Date();
    expect(await commit(next, { removed: { [uv.id]: "remove" } })).toMatchObject({
      created: 1,
      updated: 1,
      removed: 1,
    });
    const events = await db.$queryRawUnsafe<Array<{ action: string; groupId: string | null }>>(
      `SELECT "action", "groupId" FROM "AuditEvent" WHERE "catalogId" = $1 AND "at" >= $2 ORDER BY "action"`,
      catalog.id,
      before,
    );
    // The group also keeps the upstream bases it replaced, so reverting it rewinds them.
    expect(events.map((e) => e.action)).toEqual([
      "catalog.imported",
      "catalog.upstream_replaced",
      "tool.created",
      "tool.deleted",
      "tool.updated",
    ]);
    expect(new Set(events.map((e) => e.groupId)).size).toBe(1);
    expect(events[0]!.groupId).toMatch(/^c[0-9a-z]{12}/);
    // History lists them with their group id, so the page shows the import as one entry.
    const history = await api.history.list({ ...ref, limit: 5 });
    expect(history.events.map((e) => [e.action, e.groupId])).toEqual([
      ["catalog.imported", events[0]!.groupId],
      ...["catalog.upstream_replaced", "tool.deleted", "tool.updated", "tool.created"].map((a) => [
        a,
        events[0]!.groupId,
      ]),
    ]);
  });

  it("keeps the team's edits of fields upstream left alone, and never touches exposure, search text, namespace description or golden queries", async () => {
    const { preview, commit, toolOf, api, ref, catalog } = await setup();
    await commit(v1());
    const forecast = (await toolOf("weather.get_forecast"))!;
    await api.tool.update({
      ...ref,
      id: forecast.id,
      revision: 1,
      patch: {
        description: "Forecast for a city: temperature, rain and wind, by the hour.",
        exposure: "direct",
        searchTextMode: "generated+extra",
        searchTextExtra: "météo",
      },
    });
    const namespace = await db.namespace.findFirstOrThrow({ where: { catalogId: catalog.id, name: "weather" } });
    await api.namespace.update({
      ...ref,
      id: namespace.id,
      revision: namespace.revision,
      patch: { description: "Our weather tools." },
    });
    await api.golden.create({ ...ref, query: "will it rain in Paris", expected: ["weather.get_forecast"] });

    // Before: the same tools/list again showed "1 changed" and put the server's description back.
    const plan = await preview(v1());
    expect(plan.counts).toMatchObject({ changed: 0, conflict: 0, unchanged: 3, removed: 0 });
    expect(plan.rows.find((r) => r.key === "weather.get_forecast")!.messages).toEqual([
      "Keeps the team's description (the source did not change it).",
    ]);
    await commit(v1());
    expect(await toolOf("weather.get_forecast")).toMatchObject({
      description: "Forecast for a city: temperature, rain and wind, by the hour.",
      exposure: "direct",
      searchTextMode: "generated_extra",
      searchTextExtra: "météo",
    });
    expect((await db.namespace.findUniqueOrThrow({ where: { id: namespace.id } })).description).toBe(
      "Our weather tools.",
    );
    expect(await db.evalQuery.count({ where: { catalogId: catalog.id } })).toBe(1);
  });

  it("shows a field both sides changed as a conflict the user resolves: the team's value or upstream's", async () => {
    const { preview, commit, toolOf, api, ref } = await setup();
    await commit(v1());
    const forecast = (await toolOf("weather.get_forecast"))!;
    const ours = "Forecast for a city: temperature, rain and wind.";
    await api.tool.update({ ...ref, id: forecast.id, revision: 1, patch: { description: ours } });
    const v2 = tinyTools("2") as Tool[];
    const plan = await preview(v2);
    expect(plan.counts).toMatchObject({ new: 1, conflict: 1, changed: 0, unchanged: 2 });
    expect(plan.rows.find((r) => r.status === "conflict")).toMatchObject({
      toolId: forecast.id,
      changes: [
        { field: "description", before: ours, after: "Get the weather forecast for a city, hourly.", conflict: true },
      ],
    });
    const undecided = await failure(
      api.import.commit({ ...ref, text: textOf(v2), options: OPTIONS, fingerprint: plan.fingerprint }),
    );
    expect(undecided.message).toMatch(/"weather.get_forecast" changed both upstream and in the catalog/);
    expect(await toolOf("weather.get_pollen")).toBeNull();

    // Keeping ours: the description stays, the new tool comes in, and the same source again is no conflict.
    expect(await commit(v2, { conflicts: { [forecast.id]: "ours" } })).toMatchObject({ created: 1, updated: 0 });
    expect((await toolOf("weather.get_forecast"))!.description).toBe(ours);
    expect((await preview(v2)).counts).toMatchObject({ conflict: 0, changed: 0, unchanged: 4 });

    // Upstream changes it once more: a conflict again; taking upstream's value writes it.
    const v3 = v2.map((t) => (t.name === "get_forecast" ? { ...t, description: "Hourly forecast." } : t));
    expect((await preview(v3)).counts).toMatchObject({ conflict: 1 });
    expect(await commit(v3, { conflicts: { [forecast.id]: "upstream" } })).toMatchObject({ updated: 1 });
    expect((await toolOf("weather.get_forecast"))!.description).toBe("Hourly forecast.");
  });

  it("proposes only tools of this source: not another server's, nor hand-made tools elsewhere", async () => {
    const { preview, commit, catalog } = await setup();
    await commit(v1());
    await commit(
      [{ name: "ping", description: "Ping.", inputSchema: { type: "object" } }],
      {},
      {
        ...OPTIONS,
        mcpServer: "other-server",
      },
    );
    await createTools(db, catalog.id, [{ name: "refund", namespace: "billing" }]);
    const plan = await preview(v1().slice(0, 1));
    expect(plan.rows.filter((r) => r.status === "removed").map((r) => r.key)).toEqual([
      "weather.get_uv_index",
      "weather.list_alerts",
    ]);
    // Without an MCP server, the source is the namespace: its tools without a server.
    await createTools(db, catalog.id, [{ name: "invoice", namespace: "billing" }]);
    const billing = await preview([{ name: "refund", description: "Refund.", inputSchema: { type: "object" } }], {
      namespace: "billing",
      mcpServer: null,
      exposure: "deferred",
    } as never);
    expect(billing.rows.filter((r) => r.status === "removed").map((r) => r.key)).toEqual(["billing.invoice"]);
  });

  it("says how many golden queries expect a tool proposed for removal", async () => {
    const { preview, commit, api, ref } = await setup();
    await commit(v1());
    await api.golden.create({ ...ref, query: "storm warnings", expected: ["weather.list_alerts"] });
    const row = (await preview(dropped())).rows.find((r) => r.status === "removed")!;
    expect(row.messages).toContain("1 golden query expects it.");
  });
});
