// Turn-one tool tokens of MCP clients (o200k over the tools' JSON): a client that lists every server of a catalog
// directly, against `stockroom mcp` with every tool deferred. bench:mcp prints them; docs/agents.md shows them
// (scripts/lib/agents-doc.ts).
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { providerTool } from "../../domain/providers/first-request";
import type { Snapshot } from "../../domain/snapshot/verify";
import { callToolDefinition, searchToolDefinition } from "../cli/mcp/meta-tools";

export const tokensOf = (value: unknown) => countTokens(JSON.stringify(value));

/** Turn one of a client with every server of the snapshot configured: each server's tools/list result, summed. */
export function directTurnOne(snapshot: Snapshot): { servers: number; tools: number; tokens: number } {
  const byServer = new Map<string, unknown[]>();
  for (const tool of snapshot.tools) {
    const list = byServer.get(tool.namespace ?? "") ?? [];
    list.push(providerTool(tool, "mcp"));
    byServer.set(tool.namespace ?? "", list);
  }
  const tokens = [...byServer.values()].reduce((sum, tools) => sum + tokensOf({ tools }), 0);
  return { servers: byServer.size, tools: snapshot.tools.length, tokens };
}

/** The tools/list of `stockroom mcp` serving the snapshot with every tool deferred: its search and call tools. */
export function deferredTurnOneTokens(snapshot: Snapshot): number {
  const deferred = { ...snapshot, tools: snapshot.tools.map((tool) => ({ ...tool, exposure: "deferred" as const })) };
  return tokensOf({ tools: [searchToolDefinition(deferred), callToolDefinition()] });
}
