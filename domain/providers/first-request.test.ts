import type { ToolUnion } from "@anthropic-ai/sdk/resources/messages";
import fc from "fast-check";
import type { Tool as McpSdkTool } from "@modelcontextprotocol/sdk/types.js";
import type { Tool as OpenAITool } from "openai/resources/responses/responses";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { anthropicSearchTool } from "./anthropic-tool-search";
import { OPENAI_TOOL_SEARCH_DESCRIPTION, openaiToolSearchParameters } from "./openai-tool-search";
import {
  ANTHROPIC_TOOL_SEARCH_TOOL,
  firstRequestCost,
  firstRequestTools,
  flatToolNames,
  planFirstRequest,
} from "./first-request";
import { SNAPSHOT_FORMAT, type SnapshotContent, type SnapshotTool } from "../snapshot/verify";

const params = (prop: string) => ({
  type: "object",
  properties: { [prop]: { type: "string" } },
  required: [prop],
  additionalProperties: false,
});

function tool(id: string, exposure: "direct" | "deferred", extra: Partial<SnapshotTool> = {}): SnapshotTool {
  const [namespace, name] = id.includes(".") ? (id.split(".") as [string, string]) : [null, id];
  return {
    id,
    namespace,
    name,
    exposure,
    ...(exposure === "deferred" ? { fallback: "direct" as const } : {}),
    searchText: name,
    spec: {
      type: "function",
      name,
      description: `${name} description`,
      parameters: params(`${name}_id`),
      strict: true,
    },
    ...extra,
  };
}

function catalog(tools: SnapshotTool[], defaultLimit = 8): SnapshotContent {
  return {
    format: SNAPSHOT_FORMAT,
    catalog: { team: "acme", slug: "support", name: "Support" },
    engine: { profile: "stockroom", k1: 1.2, b: 0.75, defaultLimit },
    namespaces: [
      { name: "crm", description: "Customer profile and order tools." },
      { name: "mail", description: "Send and read mail." },
    ],
    tools,
  };
}

const content = catalog([
  tool("crm.list_open_orders", "deferred"),
  tool("crm.lookup_customer", "deferred", { fallback: "hidden" }),
  tool("echo", "direct"),
  tool("mail.send", "deferred"),
  tool("ping", "deferred"),
]);

const fn = (t: SnapshotTool, deferred = false) => ({
  type: "function",
  name: t.spec.name,
  description: t.spec.description,
  ...(deferred ? { defer_loading: true } : {}),
  parameters: t.spec.parameters,
  strict: true,
});
const byId = (id: string) => content.tools.find((t) => t.id === id)!;

describe("firstRequestTools: OpenAI Responses", () => {
  it("sends direct tools top level, deferred ones in namespaces with defer_loading, and tool_search last", () => {
    expect(firstRequestTools(content, { provider: "openai", supportsToolSearch: true })).toEqual([
      fn(byId("echo")),
      {
        type: "namespace",
        name: "crm",
        description: "Customer profile and order tools.",
        tools: [fn(byId("crm.list_open_orders"), true), fn(byId("crm.lookup_customer"), true)],
      },
      { type: "namespace", name: "mail", description: "Send and read mail.", tools: [fn(byId("mail.send"), true)] },
      fn(byId("ping"), true),
      { type: "tool_search" },
    ]);
  });

  it("offers client search with a description and {query, limit} parameters, or bare for the built-in {paths} loader", () => {
    const described = {
      type: "tool_search",
      execution: "client",
      description: OPENAI_TOOL_SEARCH_DESCRIPTION,
      parameters: openaiToolSearchParameters(8),
    };
    const tools: OpenAITool[] = firstRequestTools(content, { provider: "openai", toolSearch: "client" });
    expect(tools.at(-1)).toEqual(described);
    expect(described.parameters).toMatchObject({
      properties: { query: { type: "string" }, limit: { type: "integer", minimum: 1 } },
      required: ["query"],
    });
    expect(
      JSON.stringify(firstRequestTools(catalog(content.tools, 3), { provider: "openai", toolSearch: "client" }).at(-1)),
    ).toContain("default 3");
    expect(
      firstRequestTools(content, { provider: "openai", toolSearch: "client", toolSearchArguments: "paths" }).at(-1),
    ).toEqual({ type: "tool_search", execution: "client" });
    // The option of earlier versions still works.
    expect(
      firstRequestTools(content, { provider: "openai", supportsToolSearch: true, toolSearchExecution: "client" }).at(
        -1,
      ),
    ).toEqual(described);
    expect(firstRequestTools(content, { provider: "openai", toolSearchExecution: "hosted" }).at(-1)).toEqual({
      type: "tool_search",
    });
    expect(
      firstRequestTools(content, { provider: "openai", toolSearch: "server", toolSearchArguments: "paths" }).at(-1),
    ).toEqual({ type: "tool_search" });
  });

  it("follows each deferred tool's fallback when the client cannot search", () => {
    const plan = planFirstRequest(content, { provider: "openai", supportsToolSearch: false });
    expect(plan.tools).toEqual([
      fn(byId("echo")),
      fn(byId("crm.list_open_orders")),
      fn(byId("mail.send")),
      fn(byId("ping")),
    ]);
    expect(plan.omittedIds).toEqual(["crm.lookup_customer"]);
    expect(plan.usesToolSearch).toBe(false);
  });

  it("offers no tool_search when nothing is deferred", () => {
    const onlyDirect = catalog([tool("echo", "direct")]);
    expect(firstRequestTools(onlyDirect, { provider: "openai", supportsToolSearch: true })).toEqual([
      fn(onlyDirect.tools[0]!),
    ]);
  });
});

describe("firstRequestTools: Anthropic", () => {
  it("sends input_schema tools with strict, defer_loading on deferred ones, and the BM25 tool search tool", () => {
    const tools = firstRequestTools(content, { provider: "anthropic", supportsToolSearch: true });
    const official: ToolUnion[] = tools; // assignable to @anthropic-ai/sdk's request type without a cast
    expect(tools.map((t) => t.name)).toEqual([
      "echo",
      "list_open_orders",
      "lookup_customer",
      "send",
      "ping",
      "tool_search_tool_bm25",
    ]);
    expect(tools[1]).toEqual({
      name: "list_open_orders",
      description: "list_open_orders description",
      input_schema: params("list_open_orders_id"),
      defer_loading: true,
      strict: true,
    });
    expect(tools.find((t) => t.name === "echo")).toEqual({
      name: "echo",
      description: "echo description",
      input_schema: params("echo_id"),
      strict: true,
    });
    expect(official.at(-1)).toEqual(ANTHROPIC_TOOL_SEARCH_TOOL);
    expect(firstRequestTools(content, { provider: "anthropic", toolSearch: "server" })).toEqual(tools);
    expect(tools.filter((t) => "defer_loading" in t && t.defer_loading === true).map((t) => t.name)).toEqual([
      "list_open_orders",
      "lookup_customer",
      "send",
      "ping",
    ]);
  });

  it("offers Stockroom's ranking as a custom search tool with toolSearch: client, deferred tools kept deferred", () => {
    const server = firstRequestTools(content, { provider: "anthropic" });
    const client: ToolUnion[] = firstRequestTools(content, { provider: "anthropic", toolSearch: "client" });
    expect(client.slice(0, -1)).toEqual(server.slice(0, -1));
    expect(client.at(-1)).toEqual(anthropicSearchTool(8));
    expect(client.at(-1)).toMatchObject({ name: "tool_search", input_schema: { required: ["query"] } });
    expect(client.at(-1)).not.toHaveProperty("defer_loading");
    const clash = catalog([tool("ops.tool_search", "direct"), tool("crm.a", "deferred")]);
    expect(() => firstRequestTools(clash, { provider: "anthropic", toolSearch: "client" })).toThrow(
      /named "tool_search".*rename it/,
    );
    expect(firstRequestTools(clash, { provider: "anthropic" }).map((t) => t.name)).toEqual([
      "tool_search",
      "a",
      "tool_search_tool_bm25",
    ]);
  });

  it("drops defer_loading and the search tool without search support", () => {
    const tools = firstRequestTools(content, {
      provider: "anthropic",
      supportsToolSearch: false,
      toolSearch: "client",
    });
    expect(tools.map((t) => t.name)).toEqual(["echo", "list_open_orders", "send", "ping"]);
    expect(tools.some((t) => "defer_loading" in t || "type" in t)).toBe(false);
  });
});

describe("firstRequestTools: MCP tools/list", () => {
  it("lists name, title, description and inputSchema; no deferral even when search is supported", () => {
    const withTitle = catalog([
      tool("echo", "direct", { mcp: { server: "util", title: "Echo" } }),
      tool("crm.lookup_customer", "deferred", { fallback: "hidden" }),
      tool("ping", "deferred"),
    ]);
    const expected = [
      { name: "echo", title: "Echo", description: "echo description", inputSchema: params("echo_id") },
      { name: "ping", description: "ping description", inputSchema: params("ping_id") },
    ];
    const listed: McpSdkTool[] = firstRequestTools(withTitle, { provider: "mcp", supportsToolSearch: true });
    expect(listed).toEqual(expected);
    expect(firstRequestTools(withTitle, { provider: "mcp", supportsToolSearch: false })).toEqual(expected);
  });
});

describe("flatToolNames", () => {
  it("qualifies only names that collide across namespaces", () => {
    const clash = [
      tool("github.search", "direct"),
      tool("jira.search", "deferred"),
      tool("search", "deferred"),
      tool("jira.create", "deferred"),
    ];
    expect([...flatToolNames(clash).values()]).toEqual(["github__search", "jira__search", "search", "create"]);
    const names = firstRequestTools(catalog(clash), { provider: "openai", supportsToolSearch: false }).map((t) =>
      "name" in t ? t.name : t.type,
    );
    expect(new Set(names).size).toBe(names.length);
    // Inside OpenAI namespaces, names are scoped: no renaming needed there.
    const jira = firstRequestTools(catalog(clash), { provider: "openai", supportsToolSearch: true }).find(
      (t) => t.type === "namespace" && t.name === "jira",
    );
    expect(jira?.type === "namespace" && jira.tools.map((t) => t.name)).toEqual(["search", "create"]);
  });
});

describe("every tool lands exactly once (property)", () => {
  const arbTool = fc.record({
    ns: fc.constantFrom(null, "crm", "mail", "ops"),
    name: fc.constantFrom("a", "b", "c", "d", "e", "f"),
    exposure: fc.constantFrom("direct" as const, "deferred" as const),
    fallback: fc.constantFrom("direct" as const, "hidden" as const),
  });
  it("direct + deferred + omitted partitions the catalog for every profile", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbTool, { selector: (t) => `${t.ns}.${t.name}`, maxLength: 20 }),
        fc.constantFrom("openai" as const, "anthropic" as const, "mcp" as const),
        fc.boolean(),
        (seeds, provider, supportsToolSearch) => {
          const tools = seeds.map((s) =>
            tool(
              s.ns ? `${s.ns}.${s.name}` : s.name,
              s.exposure,
              s.exposure === "deferred" ? { fallback: s.fallback } : {},
            ),
          );
          const plan = planFirstRequest(catalog(tools), { provider, supportsToolSearch });
          const all = [...plan.directIds, ...plan.deferredIds, ...plan.omittedIds].sort();
          expect(all).toEqual(tools.map((t) => t.id).sort());
          const hasSearch = plan.tools.some((t) => "type" in t && /tool_search/.test(t.type ?? ""));
          expect(hasSearch).toBe(
            supportsToolSearch && provider !== "mcp" && tools.some((t) => t.exposure === "deferred"),
          );
          const serialized = JSON.stringify(plan.tools);
          expect((serialized.match(/"defer_loading":true/g) ?? []).length).toBe(plan.deferredIds.length);
        },
      ),
    );
  });
});

describe("firstRequestCost", () => {
  const chars = (text: string) => text.length;

  it("counts N × S against summary + search tool + K × S with the given tokenizer", () => {
    const cost = firstRequestCost(content, { provider: "openai", supportsToolSearch: true, countTokens: chars, k: 2 });
    const everything = content.tools.map((t) => fn(t));
    expect(cost.everythingDirect).toBe(JSON.stringify(everything).length);
    expect(cost.toolCount).toBe(5);
    expect(cost.tokensPerTool).toBeCloseTo(cost.everythingDirect / 5, 1);
    expect(cost.firstRequest.direct).toBe(JSON.stringify([fn(byId("echo"))]).length);
    expect(cost.firstRequest.searchTool).toBe(JSON.stringify([{ type: "tool_search" }]).length);
    const summary = [
      { type: "namespace", name: "crm", description: "Customer profile and order tools." },
      { type: "namespace", name: "mail", description: "Send and read mail." },
      { type: "function", name: "ping", description: "ping description" },
    ];
    expect(cost.firstRequest.summary).toBe(JSON.stringify(summary).length);
    const deferred = ["crm.list_open_orders", "crm.lookup_customer", "mail.send", "ping"].map(
      (id) => JSON.stringify(fn(byId(id), true)).length,
    );
    expect(cost.loaded).toBe(Math.round((2 * deferred.reduce((a, b) => a + b, 0)) / 4));
    expect(cost.withSearch).toBe(cost.firstRequest.total + cost.loaded);
    expect(cost.saved).toBe(cost.everythingDirect - cost.withSearch);
    expect(cost.payload).toBe(
      JSON.stringify(firstRequestTools(content, { provider: "openai", supportsToolSearch: true })).length,
    );
  });

  it("counts the search tool turn one sends: the described client entry, the custom Anthropic tool", () => {
    const openai = firstRequestCost(content, { provider: "openai", toolSearch: "client", countTokens: chars });
    expect(openai.firstRequest.searchTool).toBe(
      JSON.stringify([firstRequestTools(content, { provider: "openai", toolSearch: "client" }).at(-1)]).length,
    );
    const anthropic = firstRequestCost(content, { provider: "anthropic", toolSearch: "client", countTokens: chars });
    expect(anthropic.firstRequest.searchTool).toBe(JSON.stringify([anthropicSearchTool(8)]).length);
  });

  it("without search there is no summary, search tool or loading; hidden fallbacks are not counted", () => {
    const cost = firstRequestCost(content, { provider: "anthropic", supportsToolSearch: false, countTokens: chars });
    expect(cost).toMatchObject({ usesToolSearch: false, k: 0, loaded: 0, omittedCount: 1, directCount: 4 });
    expect(cost.firstRequest).toMatchObject({ summary: 0, searchTool: 0 });
    expect(cost.firstRequest.direct).toBe(cost.payload);
  });

  it("with the o200k tokenizer a large deferred catalog costs far less than sending everything", () => {
    const big = catalog(Array.from({ length: 200 }, (_, i) => tool(`crm.tool_${i}`, i < 3 ? "direct" : "deferred")));
    const cost = firstRequestCost(big, { provider: "openai", supportsToolSearch: true, countTokens });
    expect(cost.k).toBe(8);
    expect(cost.everythingDirect).toBeGreaterThan(cost.withSearch * 5);
    expect(cost.everythingDirect).toBeLessThan(JSON.stringify(big.tools.map((t) => fn(t))).length);
    // A tiny catalog gains nothing: the search tool and K loads outweigh two schemas.
    const tiny = catalog([tool("crm.a", "deferred"), tool("crm.b", "deferred")]);
    expect(firstRequestCost(tiny, { provider: "anthropic", supportsToolSearch: true, countTokens }).saved).toBeLessThan(
      0,
    );
  });
});
