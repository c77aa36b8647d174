// Provider exports that keep a catalog's structure where the format has room for it, so an export imports back
// into the same tools: OpenAI namespaces hold direct tools too (without defer_loading), and an MCP tools/list
// result says, in its result-level `_meta`, which namespace, name and server each flat tool name stands for.
import {
  flatToolNames,
  namespaceDescriptionIn,
  providerTool,
  type FirstRequestPlan,
} from "@/domain/providers/first-request";
import type { SnapshotContent, SnapshotTool } from "@/domain/snapshot/verify";

/** The `_meta` key of an MCP export: flat tool name → { namespace, name, server }. */
export const MCP_EXPORT_META_KEY = "stockroom/tools";

export interface McpExportOrigin {
  namespace: string | null;
  name: string;
  server: string | null;
}

const toolsOf = (content: SnapshotContent, ids: readonly string[]) => {
  const byId = new Map(content.tools.map((tool) => [tool.id, tool]));
  return ids.map((id) => byId.get(id)!);
};

/**
 * OpenAI Responses tools: top-level direct functions without a namespace, then one namespace entry per
 * namespace holding its direct functions and its deferred ones (`defer_loading`), then deferred functions
 * without a namespace and `tool_search` when the plan searches.
 */
export function openAiExport(content: SnapshotContent, plan: FirstRequestPlan): unknown[] {
  const direct = toolsOf(content, plan.directIds);
  const deferred = toolsOf(content, plan.deferredIds);
  const topLevel = [...direct, ...deferred].filter((tool) => !tool.namespace);
  const names = flatToolNames(topLevel);
  const order = [
    ...content.namespaces.map((ns) => ns.name),
    ...[...direct, ...deferred]
      .map((tool) => tool.namespace!)
      .filter(Boolean)
      .sort(),
  ];
  const namespaces = [...new Set(order)].filter((name) =>
    [...direct, ...deferred].some((tool) => tool.namespace === name),
  );
  const member = (tool: SnapshotTool) =>
    providerTool(tool, "openai", { deferred: tool.exposure === "deferred" && plan.deferredIds.includes(tool.id) });
  return [
    ...direct
      .filter((tool) => !tool.namespace)
      .map((tool) => providerTool(tool, "openai", { name: names.get(tool.id)! })),
    ...namespaces.map((name) => ({
      type: "namespace",
      name,
      description: namespaceDescriptionIn(content, name),
      tools: [...direct, ...deferred].filter((tool) => tool.namespace === name).map(member),
    })),
    ...deferred
      .filter((tool) => !tool.namespace)
      .map((tool) => providerTool(tool, "openai", { name: names.get(tool.id)!, deferred: true })),
    ...(plan.usesToolSearch ? [plan.tools.at(-1)] : []),
  ];
}

/** An MCP tools/list result, with where each listed tool came from in `_meta` (MCP has no namespaces). */
export function mcpExport(
  content: SnapshotContent,
  plan: FirstRequestPlan,
): { tools: unknown[]; _meta: Record<string, unknown> } {
  const listed = toolsOf(content, plan.directIds);
  const names = flatToolNames(listed);
  const origins = Object.fromEntries(
    listed.map((tool) => [
      names.get(tool.id)!,
      { namespace: tool.namespace, name: tool.spec.name, server: tool.mcp?.server ?? null } satisfies McpExportOrigin,
    ]),
  );
  return { tools: plan.tools, _meta: { [MCP_EXPORT_META_KEY]: origins } };
}
