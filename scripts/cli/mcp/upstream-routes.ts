// Which upstream MCP server answers a catalog tool. Resolvers are tried in order: the local `mcpServers` file, by
// the tool's namespace and then by the MCP server name its import recorded (`mcp.server`); then the source recorded
// for the tool's namespace (namespace-sources.ts), so that a local entry (with this machine's secrets) still wins.
import type { SnapshotTool } from "../../../domain/snapshot/verify";
import type { ServerEntry, ServersConfig } from "./servers-config";

export interface UpstreamRoute {
  /** The key the pool keeps the connection under (one process per server, however many tools use it). */
  key: string;
  /** The server's name, for messages. */
  name: string;
  entry: ServerEntry;
  /** The tool's name on that server (the snapshot keeps the name the server listed). */
  toolName: string;
}

export type UpstreamResolver = (tool: SnapshotTool) => UpstreamRoute | null;

/** The local file's entry named like the tool's namespace, else like its recorded MCP server. */
export function localServersResolver(servers: ServersConfig): UpstreamResolver {
  return (tool) => {
    for (const name of [tool.namespace, tool.mcp?.server]) {
      const entry = name ? servers.get(name) : undefined;
      if (name && entry) return { key: `local:${name}`, name, entry, toolName: tool.spec.name };
    }
    return null;
  };
}

/** The server the tool's namespace records as its source. */
export function sourcesResolver(servers: ServersConfig): UpstreamResolver {
  return (tool) => {
    const entry = tool.namespace ? servers.get(tool.namespace) : undefined;
    if (!tool.namespace || !entry) return null;
    return { key: `source:${tool.namespace}`, name: tool.namespace, entry, toolName: tool.spec.name };
  };
}

export function resolveUpstream(tool: SnapshotTool, resolvers: readonly UpstreamResolver[]): UpstreamRoute | null {
  for (const resolve of resolvers) {
    const route = resolve(tool);
    if (route) return route;
  }
  return null;
}

/** What to add to the servers file so `tool` can be called. */
export function missingUpstreamMessage(tool: SnapshotTool): string {
  const names = [...new Set([tool.namespace, tool.mcp?.server])].filter((n): n is string => Boolean(n));
  const which = names.length > 0 ? names.map((n) => JSON.stringify(n)).join(" or ") : "a name";
  return `No MCP server is configured for ${tool.id}: add ${which} to the mcpServers file given with --servers.`;
}
