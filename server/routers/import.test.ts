import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM test fixture without types
import { tinyTools } from "../testing/tiny-mcp-server.mjs";
import { callerFor, createCatalog, createTeamWithMembers } from "../testing/factories";
import { useTestDatabase } from "../testing/use-test-database";

const { db } = useTestDatabase();

type Options = {
  namespace: string | null;
  mcpServer: string | null;
  exposure: "direct" | "deferred" | "hidden";
  namespaceDescription?: string | null;
};
const MCP: Options = { namespace: "weather", mcpServer: "tiny-weather", exposure: "deferred" };

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("expected the call to fail");
}

async function setup() {
  const t = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, t.team.id);
  return { ...t, catalog, ref: { team: t.team.slug, catalog: catalog.slug }, api: callerFor(db, t.editor) };
}

type Api = Awaited<ReturnType<typeof setup>>["api"];
type Ref = Awaited<ReturnType<typeof setup>>["ref"];
async function importText(api: Api, ref: Ref, text: string, options: Options = MCP, skipInvalid = false) {
  const preview = await api.import.preview({ ...ref, text, options });
  return {
    preview,
    result: await api.import.commit({ ...ref, text, options, fingerprint: preview.fingerprint, skipInvalid }),
  };
}

describe("import", () => {
  it("previews an MCP tools/list, commits it, and a re-import of the same server updates instead of duplicating", async () => {
    const { ref, api, catalog } = await setup();
    const v1 = JSON.stringify({ tools: tinyTools("1") });
    const first = await api.import.preview({ ...ref, text: v1, options: MCP });
    expect(first.counts).toEqual({ new: 3, changed: 0, conflict: 0, removed: 0, unchanged: 0, invalid: 0, skipped: 0 });
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(0); // preview writes nothing
    expect(
      await api.import.commit({ ...ref, text: v1, options: MCP, fingerprint: first.fingerprint, skipInvalid: false }),
    ).toMatchObject({ created: 3, updated: 0 });
    const forecast = await db.tool.findFirstOrThrow({ where: { catalogId: catalog.id, key: "weather.get_forecast" } });
    expect(forecast).toMatchObject({ mcpServer: "tiny-weather", mcpTitle: "Get forecast", exposure: "deferred" });

    // Curation survives a re-import: exposure, search text, even a move to another namespace.
    await api.tool.update({
      ...ref,
      id: forecast.id,
      revision: 1,
      patch: { exposure: "direct", searchTextMode: "generated+extra", searchTextExtra: "météo", namespace: "meteo" },
    });
    const v2 = JSON.stringify({ tools: tinyTools("2") });
    const second = await api.import.preview({ ...ref, text: v2, options: MCP });
    expect(second.counts).toEqual({
      new: 1,
      changed: 1,
      conflict: 0,
      removed: 0,
      unchanged: 2,
      invalid: 0,
      skipped: 0,
    });
    const changed = second.rows.find((r) => r.status === "changed")!;
    expect(changed).toMatchObject({
      key: "meteo.get_forecast",
      revision: 2,
      changes: [
        {
          field: "description",
          before: "Get the weather forecast for a city.",
          after: "Get the weather forecast for a city, hourly.",
        },
      ],
    });
    await api.import.commit({ ...ref, text: v2, options: MCP, fingerprint: second.fingerprint, skipInvalid: false });
    const tools = await db.tool.findMany({ where: { catalogId: catalog.id }, orderBy: { key: "asc" } });
    expect(tools.map((t) => t.key)).toEqual([
      "meteo.get_forecast",
      "weather.get_pollen",
      "weather.get_uv_index",
      "weather.list_alerts",
    ]);
    expect(tools[0]).toMatchObject({
      exposure: "direct",
      searchTextExtra: "météo",
      revision: 3,
      description: "Get the weather forecast for a city, hourly.",
    });
    const history = await api.history.list({ ...ref, targetId: forecast.id });
    expect(history.events[0]).toMatchObject({
      action: "tool.updated",
      after: { import: "mcp", description: "Get the weather forecast for a city, hourly." },
    });
  });

  it("is all or nothing: invalid rows block the commit unless skipped; a stale preview is refused", async () => {
    const { ref, api, catalog } = await setup();
    const text = JSON.stringify({
      tools: [
        { name: "good", inputSchema: { type: "object", properties: {} } },
        { name: "bad.name", inputSchema: { type: "object" } },
        { name: "bad_type", inputSchema: { type: "object", properties: { n: { type: "int" } } } },
        { name: "good", inputSchema: { type: "object" } },
      ],
    });
    const preview = await api.import.preview({ ...ref, text, options: MCP });
    expect(preview.rows.map((r) => r.status)).toEqual(["new", "invalid", "invalid", "invalid"]);
    expect(preview.rows[1]!.messages[0]).toMatch(/OpenAI and Anthropic allow only letters/);
    expect(preview.rows[2]!.messages[0]).toMatch(/Unknown type "int"/);
    expect(preview.rows[3]!.messages[0]).toMatch(/appears more than once/);
    const blocked = await failure(
      api.import.commit({ ...ref, text, options: MCP, fingerprint: preview.fingerprint, skipInvalid: false }),
    );
    expect(blocked).toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message: "3 of the tools are invalid; fix them in the source, or choose to skip invalid tools.",
    });
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(0);
    expect(await db.namespace.count({ where: { catalogId: catalog.id } })).toBe(0);

    await api.tool.create({ ...ref, tool: { name: "good", namespace: "weather" } }); // the catalog moves on
    const stale = await failure(
      api.import.commit({ ...ref, text, options: MCP, fingerprint: preview.fingerprint, skipInvalid: true }),
    );
    expect(stale).toMatchObject({ code: "CONFLICT" });
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(1);
    const again = await api.import.preview({ ...ref, text, options: MCP });
    expect(
      await api.import.commit({ ...ref, text, options: MCP, fingerprint: again.fingerprint, skipInvalid: true }),
    ).toMatchObject({ created: 0, updated: 1, skipped: 3 });
  });

  it("refuses text that is not a tools list with a message that says what is expected", async () => {
    const { ref, api } = await setup();
    expect((await failure(api.import.preview({ ...ref, text: "{oops", options: MCP }))).message).toMatch(
      /not valid JSON/,
    );
    expect((await failure(api.import.preview({ ...ref, text: '{"a":1}', options: MCP }))).message).toMatch(
      /Expected an MCP tools\/list result/,
    );
    expect(
      (
        await failure(
          callerFor(db, (await createTeamWithMembers(db)).viewer).import.preview({
            ...ref,
            text: "[]",
            options: MCP,
          }),
        )
      ).code,
    ).toBe("NOT_FOUND");
  });
});

/** OpenAI tools with a namespace, a deferred tool and tool_search: the export gives back the same array. */
const OPENAI_TOOLS = [
  {
    type: "function",
    name: "ping",
    description: "Check the service is up.",
    parameters: { type: "object", properties: {} },
    strict: false,
  },
  {
    type: "namespace",
    name: "crm",
    description: "Customer tools.",
    tools: [
      {
        type: "function",
        name: "find_customer",
        description: "Find a customer.",
        defer_loading: true,
        parameters: { type: "object", properties: { q: { type: "string" } } },
        strict: false,
      },
    ],
  },
  { type: "tool_search" },
];

/** The same tools as Anthropic tools: the direct one first, then the deferred one and the BM25 tool search. */
const ANTHROPIC_TOOLS = [
  {
    name: "find_customer",
    description: "Find a customer.",
    input_schema: { type: "object", properties: { q: { type: "string" } } },
    defer_loading: true,
    strict: false,
  },
  {
    name: "ping",
    description: "Check the service is up.",
    input_schema: { type: "object", properties: {} },
    strict: false,
  },
  { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" },
].sort((a, b) => (a.name === "ping" ? -1 : b.name === "ping" ? 1 : 0));

describe("export", () => {
  it("exports OpenAI (namespaces, defer_loading, tool_search), Anthropic (defer_loading) and MCP, and round-trips", async () => {
    const { ref, api } = await setup();
    const { preview } = await importText(api, ref, JSON.stringify(OPENAI_TOOLS), {
      namespace: null,
      mcpServer: null,
      exposure: "hidden",
    });
    expect(preview.rows.map((r) => [r.key, r.status, r.exposure])).toEqual([
      ["ping", "new", "direct"],
      ["crm.find_customer", "new", "deferred"],
      [null, "skipped", null],
    ]);
    const out = await api.export.draft({ ...ref, format: "openai" });
    expect(JSON.parse(out.json)).toEqual(OPENAI_TOOLS);
    expect(out).toMatchObject({ usesToolSearch: true, counts: { direct: 1, deferred: 1, omitted: 0 } });
    const anthropicJson = (await api.export.draft({ ...ref, format: "anthropic" })).json;
    const anthropic = JSON.parse(anthropicJson);
    expect(anthropic).toEqual(ANTHROPIC_TOOLS);
    const mcp = JSON.parse((await api.export.draft({ ...ref, format: "mcp" })).json);
    expect(mcp.tools.map((t: { name: string }) => t.name)).toEqual(["ping", "find_customer"]);
    expect(mcp.tools[1]).toHaveProperty("inputSchema");

    // The OpenAI export imports into an empty catalog as the same tools.
    const other = await setup();
    await importText(other.api, other.ref, out.json, { namespace: null, mcpServer: null, exposure: "hidden" });
    expect((await other.api.export.draft({ ...other.ref, format: "openai" })).json).toBe(out.json);
    // So does the Anthropic export (strict included); it has no namespaces to keep.
    const third = await setup();
    await importText(third.api, third.ref, anthropicJson, { namespace: null, mcpServer: null, exposure: "hidden" });
    expect((await third.api.export.draft({ ...third.ref, format: "anthropic" })).json).toBe(anthropicJson);
  });
});
