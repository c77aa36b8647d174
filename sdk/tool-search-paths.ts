// The `paths` form of a client-executed `tool_search` call: the model names what to load instead of a query.
import type { SnapshotContent } from "./snapshot";

/**
 * Which deferred tools a list of paths names: a namespace name loads that namespace's deferred tools (snapshot
 * order), `namespace.tool` that one deferred tool by id; anything else is reported in `unknown`. Each tool once.
 */
export function resolveToolSearchPaths(content: SnapshotContent, paths: readonly string[]): { toolIds: string[]; unknown: string[] } {
  const deferred = content.tools.filter((tool) => tool.exposure === "deferred");
  const byId = new Set(deferred.map((tool) => tool.id));
  const toolIds: string[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  const add = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    toolIds.push(id);
  };
  for (const path of paths) {
    const members = deferred.filter((tool) => tool.namespace === path);
    if (members.length > 0) members.forEach((tool) => add(tool.id));
    else if (byId.has(path)) add(path);
    else unknown.push(path);
  }
  return { toolIds, unknown };
}
