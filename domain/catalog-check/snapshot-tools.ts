// A published snapshot (or a draft's snapshot content) as the check's input: every tool, direct and deferred, with
// its MCP hints and the search text the snapshot ranks with; the engine settings come along for findability.
import type { EngineSettings } from "../../search/index";
import type { SnapshotContent, SnapshotTool } from "../snapshot/format";
import type { CheckTool } from "./types";

export function checkToolOfSnapshot(tool: SnapshotTool): CheckTool {
  const annotations = tool.mcp?.annotations;
  return {
    id: tool.id,
    namespace: tool.namespace,
    name: tool.name,
    description: tool.spec.description,
    parameters: tool.spec.parameters,
    annotations: annotations && typeof annotations === "object" ? (annotations as Record<string, unknown>) : null,
    mcpServer: tool.mcp?.server ?? null,
    searchText: tool.searchText,
  };
}

export function checkInputOfSnapshot(snapshot: SnapshotContent): {
  tools: CheckTool[];
  engine: Partial<EngineSettings>;
} {
  return { tools: snapshot.tools.map(checkToolOfSnapshot), engine: snapshot.engine };
}
