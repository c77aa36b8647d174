// The two tools `stockroom mcp` adds to a catalog's: the search (ranked by the snapshot's engine) and the call
// tool for clients that do not reload their tool list on `notifications/tools/list_changed`.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Snapshot } from "../../../domain/snapshot/verify";

export const SEARCH_TOOL = "search_tools";
export const CALL_TOOL = "call_tool";
export const MAX_SEARCH_LIMIT = 50;

export function searchToolDefinition(snapshot: Snapshot): Tool {
  const namespaces = [
    ...new Set(snapshot.tools.filter((t) => t.exposure === "deferred" && t.namespace).map((t) => t.namespace!)),
  ];
  const where = namespaces.length > 0 ? ` (namespaces: ${namespaces.join(", ")})` : "";
  return {
    name: SEARCH_TOOL,
    description:
      `Search the tool catalog${where} for tools not listed yet. Describe the task in a few words; ` +
      "the best matches are returned with their input schemas and can then be called by name.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "What the tool should do, in a few words." },
        limit: {
          type: "integer",
          minimum: 1,
          maximum: MAX_SEARCH_LIMIT,
          description: `How many tools to return (default ${snapshot.engine.defaultLimit}).`,
        },
      },
      required: ["query"],
    },
  };
}

export function callToolDefinition(): Tool {
  return {
    name: CALL_TOOL,
    description: "Call a tool that search_tools returned, by its name, when it does not appear in your tool list yet.",
    inputSchema: {
      type: "object",
      properties: {
        name: { type: "string", description: "The tool's name, as search_tools returned it." },
        arguments: { type: "object", description: "The tool's arguments, matching its input schema." },
      },
      required: ["name"],
    },
  };
}

/** The search's arguments, or what is wrong with them (said to the model, which can try again). */
export function parseSearchArguments(args: Record<string, unknown>): { query: string; limit?: number } | string {
  const { query, limit } = args;
  if (typeof query !== "string" || query.trim() === "")
    return "search_tools needs a non-empty string query describing the task.";
  if (limit === undefined) return { query };
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT)
    return `search_tools: limit must be an integer from 1 to ${MAX_SEARCH_LIMIT}.`;
  return { query, limit };
}

export function parseCallToolArguments(
  args: Record<string, unknown>,
): { name: string; arguments: Record<string, unknown> } | string {
  const { name, arguments: toolArguments } = args;
  if (typeof name !== "string" || name === "") return "call_tool needs the tool's name (a string).";
  if (toolArguments === undefined) return { name, arguments: {} };
  if (typeof toolArguments !== "object" || toolArguments === null || Array.isArray(toolArguments))
    return "call_tool: arguments must be a JSON object.";
  return { name, arguments: toolArguments as Record<string, unknown> };
}
