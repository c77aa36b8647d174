// Answers for a client-executed `tool_search` (OpenAI Responses): the `tool_search_output` input item.
import { mergeHitsByNamespace } from "../../search/index";
import { namespaceDescriptionIn, providerTool } from "./first-request";
import type { OpenAIFunctionTool, OpenAINamespaceTool } from "./provider-types";
import type { SnapshotContent, SnapshotTool } from "../snapshot/verify";

/** Assignable to `ResponseInputItem` (`ResponseToolSearchOutputItemParam`) of the `openai` package. */
export type ToolSearchOutputItem = {
  type: "tool_search_output";
  /** The call's own `call_id`; `null` when the call had none (the `openai` types allow `call_id: null`). */
  call_id: string | null;
  status: "completed";
  execution: "client";
  tools: Array<OpenAIFunctionTool | OpenAINamespaceTool>;
};

/**
 * The output item for found tools, best first: hits of one namespace merged into one namespace entry (in
 * order of their best hit), tools without a namespace as top-level deferred functions under `topLevelNames`.
 */
export function buildToolSearchOutput(
  content: SnapshotContent,
  callId: string | null,
  tools: readonly SnapshotTool[],
  topLevelNames: ReadonlyMap<string, string> = new Map(),
): ToolSearchOutputItem {
  const entries: ToolSearchOutputItem["tools"] = [];
  for (const group of mergeHitsByNamespace(tools.map((tool) => ({ namespace: tool.namespace, tool })))) {
    if (group.namespace === null) {
      for (const { tool } of group.items)
        entries.push(
          providerTool(tool, "openai", { name: topLevelNames.get(tool.id) ?? tool.spec.name, deferred: true }),
        );
    } else {
      entries.push({
        type: "namespace",
        name: group.namespace,
        description: namespaceDescriptionIn(content, group.namespace),
        tools: group.items.map(({ tool }) => providerTool(tool, "openai", { deferred: true })),
      });
    }
  }
  return { type: "tool_search_output", call_id: callId, status: "completed", execution: "client", tools: entries };
}

/** A `tool_search_call` as the Responses API returns it (`ResponseToolSearchCall` of the `openai` package). */
export type ToolSearchCallLike = {
  call_id?: unknown;
  arguments?: unknown;
  query?: unknown;
  limit?: unknown;
};

/** What a call asks for: `{query, limit}` (the SDK's described entry), or `paths` (OpenAI's built-in loader). */
export type ToolSearchRequest = {
  /** The call's `call_id`, or `null` when it was `null` or absent (both allowed by the `openai` types). */
  callId: string | null;
  query: string;
  limit: number | undefined;
  /** Set when the call used the built-in loader's `{"paths": [...]}` form; `query` is then ignored. */
  paths: string[] | undefined;
};

/**
 * What a model's `tool_search_call` asks for: `arguments` may arrive as an object or as a JSON string. A
 * `paths` array means the built-in loader's form; its entries that are not strings are dropped. A `call_id` of
 * `null` or none (both allowed by the `openai` types) is answered with `call_id: null` (the output item's type,
 * `ResponseToolSearchOutputItemParam`, allows it too); a `call_id` of any other type is a programming error
 * (TypeError), and an empty string is echoed as it came.
 */
export function parseToolSearchCall(call: ToolSearchCallLike): ToolSearchRequest {
  const callId = call.call_id ?? null;
  if (callId !== null && typeof callId !== "string")
    throw new TypeError(`tool_search_call's call_id must be a string or null, got ${typeof callId}`);
  // Some clients flatten the arguments onto the call item itself.
  let args: unknown = call.arguments ?? { query: call.query, limit: call.limit };
  if (typeof args === "string") {
    try {
      args = JSON.parse(args);
    } catch {
      args = { query: args };
    }
  }
  const record = (args && typeof args === "object" ? args : {}) as Record<string, unknown>;
  const query = typeof record.query === "string" ? record.query : "";
  const limit = typeof record.limit === "number" ? record.limit : undefined;
  const paths = Array.isArray(record.paths)
    ? record.paths.filter((path): path is string => typeof path === "string")
    : undefined;
  return { callId, query, limit, paths };
}
