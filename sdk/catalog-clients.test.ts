// The catalog's answers to real clients' searches, typed by the official `openai` and `@anthropic-ai/sdk` packages
// (type-only imports: `npx tsc --noEmit` checks the assignments, the SDK never loads those packages).
import type {
  ContentBlockParam,
  ToolResultBlockParam,
  ToolUnion,
  ToolUseBlock,
} from "@anthropic-ai/sdk/resources/messages";
import type { ResponseInputItem, ResponseToolSearchCall, Tool } from "openai/resources/responses/responses";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toolReferenceResult } from "../domain/providers/anthropic-tool-search";
import { connect } from "./catalog";
import type { SnapshotTool } from "../domain/snapshot/verify";
import { sampleContent, startSnapshotServer, TEST_TOKEN, type SnapshotServer } from "./testing/snapshot-server";

let server: SnapshotServer;
beforeEach(async () => {
  server = await startSnapshotServer();
});
afterEach(() => server.close());

const open = () => connect({ url: server.url, token: TEST_TOKEN, team: "acme", catalog: "support" });

const searchCall = (args: unknown): ResponseToolSearchCall => ({
  type: "tool_search_call",
  id: "tsc_1",
  call_id: "search-1",
  execution: "client",
  status: "completed",
  arguments: args,
});

const toolUse = (input: unknown, name = "tool_search"): ToolUseBlock => ({
  type: "tool_use",
  id: "toolu_1",
  name,
  input,
  caller: { type: "direct" },
});

describe("OpenAI client tool_search, both forms the API offers", () => {
  it("query form: the described entry's {query, limit} arguments are ranked by the snapshot's engine", async () => {
    const catalog = await open();
    const tools: Tool[] = catalog.firstRequestTools({ provider: "openai", toolSearch: "client" });
    expect(tools.at(-1)).toMatchObject({
      type: "tool_search",
      execution: "client",
      parameters: { required: ["query"] },
    });
    const item: ResponseInputItem = catalog.answerToolSearchCall(searchCall({ query: "cancel order", limit: 1 }));
    expect(item).toEqual(catalog.toolSearchOutput("search-1", "cancel order", 1));
    expect(catalog.resolveToolSearchCall(searchCall('{"query":"cancel order"}'))).toMatchObject({
      toolIds: catalog.search("cancel order").map((h) => h.id),
      unknownPaths: [],
    });
  });

  it("call_id null, as the official type allows: answered with call_id null, an item the API accepts", async () => {
    const catalog = await open();
    const call: ResponseToolSearchCall = { ...searchCall({ query: "cancel order", limit: 1 }), call_id: null };
    const item: ResponseInputItem = catalog.answerToolSearchCall(call);
    expect(item).toEqual({ ...catalog.toolSearchOutput("search-1", "cancel order", 1), call_id: null });
  });

  it("paths form: a namespace loads its deferred tools, namespace.tool one tool, unknown paths are reported", async () => {
    const catalog = await open();
    const answer = catalog.resolveToolSearchCall(
      searchCall({ paths: ["calendar", "crm.cancel_order", "stripe", "ping", "stripe.create_refund", "calendar"] }),
    );
    expect(answer.toolIds).toEqual(["calendar.create_event", "calendar.list_events", "crm.cancel_order"]);
    expect(answer.unknownPaths).toEqual(["stripe", "stripe.create_refund"]);
    const item: ResponseInputItem = answer.output;
    // The item carries exactly the fields the API accepts; what went unknown stays outside it.
    expect(Object.keys(item)).toEqual(["type", "call_id", "status", "execution", "tools"]);
    const turnOne = catalog.firstRequestTools({
      provider: "openai",
      toolSearch: "client",
      toolSearchArguments: "paths",
    });
    expect(turnOne.at(-1)).toEqual({ type: "tool_search", execution: "client" });
    // Each namespace entry loads the very definitions turn one deferred.
    const calendar = turnOne.find((t) => t.type === "namespace" && t.name === "calendar");
    const crm = turnOne.find((t) => t.type === "namespace" && t.name === "crm");
    if (calendar?.type !== "namespace" || crm?.type !== "namespace") throw new Error("turn one lacks the namespaces");
    expect(answer.output.tools).toEqual([
      calendar,
      { ...crm, tools: crm.tools.filter((t) => t.name === "cancel_order") },
    ]);
    expect(catalog.answerToolSearchCall(searchCall({ paths: ["calendar", "crm.cancel_order", "stripe"] }))).toEqual(
      answer.output,
    );
  });

  it("paths form: string arguments parse, a top-level deferred tool loads by name, non-strings are dropped", async () => {
    const catalog = await open();
    const weather = catalog.answerToolSearchCall(searchCall('{"paths":["weather_lookup"]}'));
    expect(weather.tools).toEqual([
      {
        type: "function",
        name: "weather_lookup",
        description: "Weather forecast for a city.",
        defer_loading: true,
        parameters: { type: "object", properties: {} },
        strict: false,
      },
    ]);
    expect(catalog.resolveToolSearchCall(searchCall({ paths: ["crm.cancel_order", 3, null] })).toolIds).toEqual([
      "crm.cancel_order",
    ]);
    expect(catalog.resolveToolSearchCall(searchCall({ paths: [] }))).toMatchObject({
      toolIds: [],
      unknownPaths: [],
      output: { tools: [] },
    });
  });
});

describe("Anthropic client tool search: answerToolUse", () => {
  it("answers the custom search tool with tool_reference blocks for the top K, named as turn one sent them", async () => {
    const catalog = await open();
    const tools = catalog.firstRequestTools({ provider: "anthropic", toolSearch: "client" });
    const official: ToolUnion[] = tools;
    expect(official.at(-1)).toMatchObject({ name: "tool_search" });
    const result: ToolResultBlockParam = catalog.answerToolUse(toolUse({ query: "meeting orders weather", limit: 3 }));
    const ranked = catalog.search("meeting orders weather", 3);
    expect(ranked).toHaveLength(3);
    expect(result).toEqual(
      toolReferenceResult(
        "toolu_1",
        ranked.map((hit) => hit.tool.spec.name),
      ),
    );
    const deferredNames = tools.filter((t) => "defer_loading" in t && t.defer_loading).map((t) => t.name);
    for (const block of result.content as ContentBlockParam[])
      expect(deferredNames).toContain("tool_name" in block ? block.tool_name : null);
    // Without a limit, the catalog's default K.
    expect((catalog.answerToolUse(toolUse({ query: "meeting orders weather" })).content as unknown[]).length).toBe(
      Math.min(5, catalog.search("meeting orders weather").length),
    );
  });

  it("references flat names where two listed tools share a name", async () => {
    const clash: SnapshotTool = {
      id: "calendar.cancel_order",
      namespace: "calendar",
      name: "cancel_order",
      exposure: "deferred",
      fallback: "hidden",
      searchText: "cancel_order cancel a meeting order",
      spec: {
        type: "function",
        name: "cancel_order",
        description: "Cancel a booked meeting.",
        parameters: { type: "object" },
        strict: true,
      },
    };
    await server.publish(sampleContent([clash]));
    const catalog = await open();
    const names = catalog.firstRequestTools({ provider: "anthropic", toolSearch: "client" }).map((t) => t.name);
    const referenced = catalog
      .answerToolUse(toolUse({ query: "cancel order" }))
      .content.map((block) => ("tool_name" in block ? block.tool_name : ""));
    expect(referenced).toEqual(expect.arrayContaining(["crm__cancel_order", "calendar__cancel_order"]));
    for (const name of referenced) expect(names).toContain(name);
  });

  it("tells the model when nothing matched, and refuses a tool_use of another tool", async () => {
    const catalog = await open();
    const empty: ToolResultBlockParam = catalog.answerToolUse(toolUse({ query: "zzzz qqqq" }));
    expect(empty).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: [{ type: "text", text: 'No tool matched "zzzz qqqq". Search again with other words.' }],
    });
    expect(catalog.answerToolUse(toolUse({})).content).toHaveLength(1);
    expect(() => catalog.answerToolUse(toolUse({ query: "x" }, "cancel_order"))).toThrow(
      /not a tool_use of tool_search/,
    );
  });
});
