// Client-side tool search for Claude: a custom tool the agent answers with `tool_reference` blocks
// (https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool, "custom tool search"), so
// Claude's searches are ranked by the catalog's own engine, exactly as the playground ranks them. Deferred tools
// are still sent with `defer_loading: true`; a reference makes Claude see that tool's full definition.
import type { AnthropicCustomTool } from "./provider-types";

/** The custom search tool's name (a catalog tool of the same name would clash; rename that one). */
export const ANTHROPIC_SEARCH_TOOL_NAME = "tool_search";

export const ANTHROPIC_SEARCH_TOOL_DESCRIPTION =
  "Search the deferred tools of this agent by what you need to do. Returns the best matching tools, which you can " +
  "call right after. Search again with other words when none fits.";

/** The custom search tool offered on turn one; `defaultLimit` is the catalog's (the engine's `defaultLimit`). */
export function anthropicSearchTool(defaultLimit: number): AnthropicCustomTool {
  return {
    name: ANTHROPIC_SEARCH_TOOL_NAME,
    description: ANTHROPIC_SEARCH_TOOL_DESCRIPTION,
    input_schema: {
      type: "object",
      properties: {
        query: { type: "string", description: 'What the tool should do, in a few words (e.g. "refund a payment").' },
        limit: { type: "integer", minimum: 1, description: `How many tools to load (default ${defaultLimit}).` },
      },
      required: ["query"],
      additionalProperties: false,
    },
  };
}

export type ToolReferenceResult = {
  type: "tool_result";
  tool_use_id: string;
  content: Array<{ type: "tool_reference"; tool_name: string }>;
};

/** The `tool_result` answering a search `tool_use`: one `tool_reference` per tool, by its Anthropic-facing name. */
export function toolReferenceResult(toolUseId: string, toolNames: readonly string[]): ToolReferenceResult {
  return {
    type: "tool_result",
    tool_use_id: toolUseId,
    content: toolNames.map((name) => ({ type: "tool_reference", tool_name: name })),
  };
}

/** What a model's `tool_use` block (`ToolUseBlock` of `@anthropic-ai/sdk`) carries, as far as search needs it. */
export type ToolUseLike = {
  type?: string;
  id?: unknown;
  name?: unknown;
  input?: unknown;
};

/** True for a `tool_use` block that calls the custom search tool (route it to `answerToolUse`). */
export function isSearchToolUse(block: ToolUseLike): boolean {
  return (block.type === undefined || block.type === "tool_use") && block.name === ANTHROPIC_SEARCH_TOOL_NAME;
}

/**
 * The query and limit of a search `tool_use`. Throws for a block that is not one (a routing mistake of the
 * agent's code); never for what the model typed: a missing query searches for nothing, a bad limit is dropped.
 */
export function parseSearchToolUse(block: ToolUseLike): {
  toolUseId: string;
  query: string;
  limit: number | undefined;
} {
  if (!isSearchToolUse(block)) throw new TypeError(`not a tool_use of ${ANTHROPIC_SEARCH_TOOL_NAME}`);
  if (typeof block.id !== "string" || block.id.length === 0) throw new TypeError("tool_use block has no id");
  const input = (block.input && typeof block.input === "object" ? block.input : {}) as Record<string, unknown>;
  const query = typeof input.query === "string" ? input.query : typeof block.input === "string" ? block.input : "";
  const limit =
    typeof input.limit === "number" && Number.isInteger(input.limit) && input.limit >= 1 ? input.limit : undefined;
  return { toolUseId: block.id, query, limit };
}
