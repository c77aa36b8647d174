import type { ToolResultBlockParam, ToolUnion, ToolUseBlock } from "@anthropic-ai/sdk/resources/messages";
import { describe, expect, it } from "vitest";
import {
  ANTHROPIC_SEARCH_TOOL_NAME,
  anthropicSearchTool,
  isSearchToolUse,
  parseSearchToolUse,
  toolReferenceResult,
} from "./anthropic-tool-search";

const toolUse = (input: unknown, name: string = ANTHROPIC_SEARCH_TOOL_NAME): ToolUseBlock => ({
  type: "tool_use",
  id: "toolu_01",
  name,
  input,
  caller: { type: "direct" },
});

describe("Anthropic client-side tool search", () => {
  it("offers a custom tool taking a query and an optional limit, typed as the official ToolUnion", () => {
    const tool: ToolUnion = anthropicSearchTool(5);
    expect(tool).toMatchObject({
      name: "tool_search",
      input_schema: { type: "object", required: ["query"], additionalProperties: false },
    });
    expect(JSON.stringify(anthropicSearchTool(7))).toContain("default 7");
  });

  it("answers with one tool_reference per name, a ToolResultBlockParam", () => {
    const result: ToolResultBlockParam = toolReferenceResult("toolu_01", ["create_refund", "stripe__list_disputes"]);
    expect(result).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_01",
      content: [
        { type: "tool_reference", tool_name: "create_refund" },
        { type: "tool_reference", tool_name: "stripe__list_disputes" },
      ],
    });
    expect(toolReferenceResult("toolu_02", []).content).toEqual([]);
  });

  it("reads query and limit from the model's ToolUseBlock, tolerating what a model may send", () => {
    expect(parseSearchToolUse(toolUse({ query: "refund a payment", limit: 3 }))).toEqual({
      toolUseId: "toolu_01",
      query: "refund a payment",
      limit: 3,
    });
    expect(parseSearchToolUse(toolUse({ query: "refund", limit: 0 })).limit).toBeUndefined();
    expect(parseSearchToolUse(toolUse({ query: "refund", limit: 2.5 })).limit).toBeUndefined();
    expect(parseSearchToolUse(toolUse({ limit: "3" }))).toEqual({ toolUseId: "toolu_01", query: "", limit: undefined });
    expect(parseSearchToolUse(toolUse("refund")).query).toBe("refund");
  });

  it("routes only tool_use blocks of the search tool, and refuses others", () => {
    expect(isSearchToolUse(toolUse({}))).toBe(true);
    expect(isSearchToolUse(toolUse({}, "create_refund"))).toBe(false);
    expect(() => parseSearchToolUse(toolUse({}, "create_refund"))).toThrow(/not a tool_use of tool_search/);
    expect(() => parseSearchToolUse({ type: "tool_use", name: ANTHROPIC_SEARCH_TOOL_NAME, input: {} })).toThrow(
      /no id/,
    );
  });
});
