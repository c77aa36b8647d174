import {
  createSearchIndex,
  partsOfIndexedText,
  type IndexDoc,
  type SearchIndex,
  type SearchTextPart,
} from "../../search/index";
import type { SnapshotContent, SnapshotTool } from "./verify";

/** The documents `tool_search` ranks: deferred tools only, by their effective search text. */
export function snapshotIndexDocs(snapshot: SnapshotContent): IndexDoc[] {
  return snapshot.tools
    .filter((tool) => tool.exposure === "deferred")
    .map((tool) => ({
      id: tool.id,
      text: tool.searchText,
      name: tool.name,
      ...(tool.namespace ? { namespace: tool.namespace } : {}),
    }));
}

/** A search index over a snapshot (or draft) with its own engine settings: the one ranking path for app and agents. */
export function createSnapshotIndex(snapshot: SnapshotContent): SearchIndex {
  return createSearchIndex(snapshotIndexDocs(snapshot), snapshot.engine);
}

export function toolsById(snapshot: SnapshotContent): Map<string, SnapshotTool> {
  return new Map(snapshot.tools.map((tool) => [tool.id, tool]));
}

/**
 * A snapshot tool's search text field by field, from the fields the snapshot keeps (the mode is not kept: see
 * `partsOfIndexedText`); joined, the parts are exactly `tool.searchText`, the text its index holds.
 */
export function snapshotSearchTextParts(
  tool: SnapshotTool,
  namespaces: SnapshotContent["namespaces"],
): SearchTextPart[] {
  const namespace =
    tool.namespace === null
      ? null
      : { name: tool.namespace, description: namespaces.find((ns) => ns.name === tool.namespace)?.description ?? "" };
  return partsOfIndexedText(
    {
      name: tool.name,
      description: tool.spec.description,
      parameters: tool.spec.parameters,
      namespace,
      mcpServer: tool.mcp?.server ?? null,
      mcpTitle: tool.mcp?.title ?? null,
    },
    tool.searchText,
  );
}
