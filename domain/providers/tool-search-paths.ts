// The arguments of OpenAI's built-in client `tool_search` loader: `{"paths": ["stripe", "stripe.create_refund"]}`.
// A client-executed `tool_search` entry sent without `parameters` makes the model name what to load instead of
// describing it (openai-agents-js, `packages/agents-core/src/runner/toolSearch.ts`), so the agent resolves
// names, not queries. Pure: the snapshot alone decides.
import type { SnapshotContent } from "../snapshot/verify";

/**
 * Which deferred tools `paths` load, by id, in order of first mention:
 * - a namespace name loads that namespace's deferred tools, in snapshot order;
 * - `namespace.tool` (a tool id) loads that one tool; so does the name of a deferred tool without a namespace
 *   (its id is its name);
 * - a path that names both a namespace and a tool without a namespace loads both;
 * - a path to a direct tool (its id), or to a namespace without deferred tools, loads nothing and is not unknown:
 *   direct tools already are in every request with their full schema, and a second copy in the search output
 *   would declare the same function twice;
 * - anything else is returned in `unknown` (deduplicated, in order of first mention) and loads nothing.
 * A tool named by several paths is loaded once, at its first mention.
 */
export function resolveToolSearchPaths(
  content: SnapshotContent,
  paths: readonly string[],
): { toolIds: string[]; unknown: string[] } {
  const byNamespace = new Map<string, string[]>();
  const toolIds = new Set<string>();
  const deferredIds = new Set<string>();
  for (const tool of content.tools) {
    toolIds.add(tool.id);
    if (tool.exposure === "deferred") deferredIds.add(tool.id);
    if (!tool.namespace) continue;
    const members = byNamespace.get(tool.namespace) ?? [];
    if (tool.exposure === "deferred") members.push(tool.id);
    byNamespace.set(tool.namespace, members);
  }
  for (const ns of content.namespaces) if (!byNamespace.has(ns.name)) byNamespace.set(ns.name, []);

  const loaded = new Set<string>();
  const unknown = new Set<string>();
  for (const path of paths) {
    const members = byNamespace.get(path);
    const isTool = toolIds.has(path);
    if (!members && !isTool) {
      unknown.add(path);
      continue;
    }
    for (const id of members ?? []) loaded.add(id);
    if (isTool && deferredIds.has(path)) loaded.add(path);
  }
  return { toolIds: [...loaded], unknown: [...unknown] };
}
