import { describe, expect, it } from "vitest";
import { parseJsonText, parseToolSource } from "./parse-tool-source";

const schema = { type: "object", properties: { q: { type: "string" } } };

describe("parseToolSource", () => {
  it("reads an MCP tools/list result, bare or as a JSON-RPC response", () => {
    const tools = [{ name: "search", title: "Search", description: "Find things", inputSchema: schema }];
    for (const doc of [{ tools }, { jsonrpc: "2.0", id: 1, result: { tools } }, tools]) {
      expect(parseToolSource(doc)).toEqual({
        format: "mcp",
        items: [
          {
            index: 0,
            label: "search",
            tool: {
              name: "search",
              description: "Find things",
              parameters: schema,
              mcpTitle: "Search",
              mcpMetadata: null,
            },
          },
        ],
      });
    }
  });

  it("reads OpenAI Responses and Chat Completions functions, namespaces and defer_loading; skips built-ins", () => {
    const parsed = parseToolSource([
      { type: "function", name: "a", description: "A", parameters: schema, strict: true },
      { type: "function", function: { name: "b", description: "B", parameters: schema } },
      {
        type: "namespace",
        name: "crm",
        description: "CRM tools",
        tools: [{ type: "function", name: "c", defer_loading: true }],
      },
      { type: "tool_search" },
    ]);
    expect(parsed.format).toBe("openai");
    expect(parsed.items.map((i) => i.label)).toEqual(["a", "b", "crm.c", "#4"]);
    expect(parsed.items[0]!.tool).toMatchObject({ name: "a", strict: true });
    expect(parsed.items[1]!.tool).toMatchObject({ name: "b", description: "B", parameters: schema });
    expect(parsed.items[2]!.tool).toMatchObject({
      name: "c",
      namespace: "crm",
      namespaceDescription: "CRM tools",
      deferLoading: true,
      parameters: { type: "object", properties: {} },
    });
    expect(parsed.items[3]!.skipped).toMatch(/tool_search is a built-in OpenAI tool/);
  });

  it("reads Anthropic tools and skips server tools", () => {
    const parsed = parseToolSource([
      { name: "x", description: "X", input_schema: schema, defer_loading: true, strict: true },
      { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" },
    ]);
    expect(parsed.format).toBe("anthropic");
    expect(parsed.items[0]!.tool).toMatchObject({ name: "x", deferLoading: true, strict: true });
    expect(parsed.items[1]!.skipped).toMatch(/Anthropic server tool/);
  });

  it("turns unreadable entries into rows with a message and refuses what is not a tools list", () => {
    const parsed = parseToolSource({
      tools: [{ name: "ok", inputSchema: schema }, 42, { description: "no name", inputSchema: schema }],
    });
    expect(parsed.items.map((i) => i.error ?? "ok")).toEqual([
      "ok",
      "Entry 2 is not an object.",
      'MCP tool without a "name".',
    ]);
    expect(() => parseToolSource({ hello: 1 })).toThrow(/No tools list found/);
    expect(() => parseToolSource([{ foo: 1 }])).toThrow(/no known format/);
    expect(() => parseJsonText("{ nope")).toThrow(/not valid JSON/);
    expect(() => parseJsonText("  ")).toThrow(/empty/);
  });
});
