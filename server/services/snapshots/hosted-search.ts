import type { SearchIndex } from "@/search/index";
import { boundedCache } from "../../cache/bounded-cache";
import { toolReferenceResult } from "@/domain/providers/anthropic-tool-search";
import { flatToolNames, providerTool } from "@/domain/providers/first-request";
import type { Snapshot, SnapshotTool } from "@/domain/snapshot/verify";
import { createSnapshotIndex, toolsById } from "@/domain/snapshot/snapshot-index";
import { buildToolSearchOutput } from "@/domain/providers/tool-search-output";
import { resolveToolSearchPaths } from "@/domain/providers/tool-search-paths";
import type { SearchRequest, SearchResponse } from "@/domain/agent-api/schemas";

/** Everything search derives from one snapshot; built once per snapshot and process. */
export interface SearchableSnapshot {
  snapshot: Snapshot;
  index: SearchIndex;
  tools: Map<string, SnapshotTool>;
  /** OpenAI top-level names (direct tools and deferred tools without a namespace), as turn one sent them. */
  topLevelNames: Map<string, string>;
  /** Anthropic and MCP names: direct and deferred tools listed side by side, as turn one sent them. */
  listedNames: Map<string, string>;
}

export function searchableSnapshot(snapshot: Snapshot): SearchableSnapshot {
  const direct = snapshot.tools.filter((tool) => tool.exposure === "direct");
  const deferred = snapshot.tools.filter((tool) => tool.exposure === "deferred");
  return {
    snapshot,
    index: createSnapshotIndex(snapshot),
    tools: toolsById(snapshot),
    topLevelNames: flatToolNames(snapshot.tools.filter((tool) => tool.exposure === "direct" || !tool.namespace)),
    listedNames: flatToolNames([...direct, ...deferred]),
  };
}

// Snapshots never change, so an index keyed by the snapshot's row id and content hash is never stale and nothing
// clears it; the least recently used are dropped past 16 (a 5,000-tool index holds a few MB).
const searchIndexes = boundedCache<SearchableSnapshot>({ name: "hosted-search-indexes", max: 16 });

/** The searchable form of a snapshot from this process's bounded cache, built on first use. */
export function cachedSearchableSnapshot(key: string, snapshot: Snapshot): SearchableSnapshot {
  return searchIndexes.getOrSet(key, () => searchableSnapshot(snapshot));
}

/** The provider item for the loaded tools (none for `hits`). */
function outputFor(searchable: SearchableSnapshot, request: SearchRequest, found: SnapshotTool[]): unknown {
  const { snapshot, topLevelNames, listedNames } = searchable;
  if (request.format === "openai") return buildToolSearchOutput(snapshot, request.call_id!, found, topLevelNames);
  if (request.format === "anthropic") {
    // As the SDK's answerToolUse: an empty tool_result says nothing to Claude, so no match is said in words.
    if (found.length > 0)
      return toolReferenceResult(
        request.tool_use_id!,
        found.map((tool) => listedNames.get(tool.id)!),
      );
    const text = `No tool matched ${JSON.stringify(request.query ?? request.paths!.join(", "))}. Search again with other words.`;
    return { type: "tool_result", tool_use_id: request.tool_use_id!, content: [{ type: "text", text }] };
  }
  if (request.format === "mcp")
    return { tools: found.map((tool) => providerTool(tool, "mcp", { name: listedNames.get(tool.id)! })) };
  return undefined;
}

/**
 * One hosted `tool_search`: the hits exactly as the SDK's `catalog.search()` ranks them locally on the same
 * snapshot (same index code, same settings), or the tools a `paths` list names; plus the provider item.
 */
export function searchSnapshot(searchable: SearchableSnapshot, request: SearchRequest): SearchResponse {
  const { snapshot, index, tools } = searchable;
  let hits: SearchResponse["hits"] = [];
  let toolIds: string[];
  let unknown: string[] = [];
  if (request.paths !== undefined) {
    ({ toolIds, unknown } = resolveToolSearchPaths(snapshot, request.paths));
  } else {
    // Spread, not picked: whatever the engine adds to a hit (e.g. match strength) is answered too.
    hits = index.search(request.query!, request.limit).map((hit) => ({ ...hit }) as SearchResponse["hits"][number]);
    toolIds = hits.map((hit) => hit.id);
  }
  const output = outputFor(
    searchable,
    request,
    toolIds.map((id) => tools.get(id)!),
  );
  return {
    version: snapshot.version,
    contentHash: snapshot.contentHash,
    profile: snapshot.engine.profile,
    hits,
    toolIds,
    unknown,
    ...(output === undefined ? {} : { output }),
  };
}
