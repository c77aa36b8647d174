// The `tool_search` entry of an OpenAI Responses request. Client-executed, it comes in the two forms the API
// offers: with `description` and `parameters` the model calls it with those arguments (here `{query, limit}`,
// ranked by the catalog's engine); without them it calls the built-in loader with `{paths: [...]}` naming
// namespaces and tools (see domain/providers/tool-search-paths.ts). `answerToolSearchCall` answers both.
import type { OpenAIToolSearchTool } from "./provider-types";

export const OPENAI_SEARCH_ARGUMENTS = ["query", "paths"] as const;
export type OpenAISearchArguments = (typeof OPENAI_SEARCH_ARGUMENTS)[number];

export const OPENAI_TOOL_SEARCH_DESCRIPTION =
  "Search the deferred tools (the namespaces listed above) by what you need to do, and load the best matches so " +
  "you can call them. Search again with other words when none fits.";

/** The `parameters` of the query form; `defaultLimit` is the catalog's (the engine's `defaultLimit`). */
export function openaiToolSearchParameters(defaultLimit: number): Record<string, unknown> {
  return {
    type: "object",
    properties: {
      query: { type: "string", description: 'What the tool should do, in a few words (e.g. "refund a payment").' },
      limit: { type: "integer", minimum: 1, description: `How many tools to load (default ${defaultLimit}).` },
    },
    required: ["query"],
    additionalProperties: false,
  };
}

/** Hosted search (`server`), or the client-executed entry in the `query` (default) or `paths` form. */
export function openaiToolSearchTool(
  execution: "server" | "client",
  args: OpenAISearchArguments,
  defaultLimit: number,
): OpenAIToolSearchTool {
  if (execution === "server") return { type: "tool_search" };
  if (args === "paths") return { type: "tool_search", execution: "client" };
  return {
    type: "tool_search",
    execution: "client",
    description: OPENAI_TOOL_SEARCH_DESCRIPTION,
    parameters: openaiToolSearchParameters(defaultLimit),
  };
}
