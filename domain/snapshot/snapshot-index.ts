import { createSearchIndex, type IndexDoc, type SearchIndex } from "../../search/index";
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
