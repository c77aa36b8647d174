// What `stockroom mcp` serves, apart from the transport: the catalog's tools as MCP tools (the direct ones, one
// search tool and one call tool), each session's found tools, and calls routed to the upstream servers.
// Ranking is the SDK's (`StockroomCatalog.search`, the snapshot's own index: what the playground ranks), and so is
// telemetry (search, call and outcome events, queued and sent in the background).
import { randomUUID } from "node:crypto";
import { ErrorCode, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { flatToolNames, providerTool } from "../../../domain/providers/first-request";
import type { SnapshotTool } from "../../../domain/snapshot/verify";
import { SearchQueryError } from "../../../search/index";
import type { StockroomCatalog } from "../../../sdk/catalog";
import { errorResult, type UpstreamPool } from "./upstream-pool";
import { missingUpstreamMessage, resolveUpstream, type UpstreamResolver } from "./upstream-routes";
import {
  CALL_TOOL,
  callToolDefinition,
  parseCallToolArguments,
  parseSearchArguments,
  SEARCH_TOOL,
  searchToolDefinition,
} from "./meta-tools";

const RESERVED = new Set([SEARCH_TOOL, CALL_TOOL]);

export interface GatewayOptions {
  catalog: StockroomCatalog;
  pool: UpstreamPool;
  resolvers: readonly UpstreamResolver[];
}

/** The names tools go by here: the tool's own, `namespace__name` where two share one or it is a meta tool's. */
function namesOf(tools: readonly SnapshotTool[]): { byId: Map<string, string>; byName: Map<string, string> } {
  const byId = flatToolNames(tools);
  for (const tool of tools) {
    if (RESERVED.has(byId.get(tool.id)!)) byId.set(tool.id, `${tool.namespace ?? "catalog"}__${tool.spec.name}`);
  }
  return { byId, byName: new Map([...byId].map(([id, name]) => [name, id])) };
}

export class Gateway {
  private names: ReturnType<typeof namesOf>;
  private readonly sessions = new Set<GatewaySession>();

  constructor(readonly options: GatewayOptions) {
    this.names = namesOf(options.catalog.snapshot.tools);
  }

  get catalog(): StockroomCatalog {
    return this.options.catalog;
  }

  openSession(onToolsChanged: () => void): GatewaySession {
    const session = new GatewaySession(this, onToolsChanged);
    this.sessions.add(session);
    return session;
  }

  closeSession(session: GatewaySession): void {
    this.sessions.delete(session);
  }

  nameOf(tool: SnapshotTool): string {
    return this.names.byId.get(tool.id)!;
  }

  /** A tool by the name it goes by here, or by its id (`namespace.name`). */
  toolNamed(name: string): SnapshotTool | undefined {
    return this.catalog.tool(this.names.byName.get(name) ?? name);
  }

  mcpTool(tool: SnapshotTool): Tool {
    return providerTool(tool, "mcp", { name: this.nameOf(tool) }) as Tool;
  }

  /** Revalidates `latest` (ETag); on a new version every session drops what is gone and hears list_changed. */
  async refresh(): Promise<boolean> {
    const { changed } = await this.catalog.refresh();
    if (!changed) return false;
    this.names = namesOf(this.catalog.snapshot.tools);
    for (const session of this.sessions) session.snapshotChanged();
    return true;
  }
}

export class GatewaySession {
  /** Ids of the deferred tools this session's searches returned, in the order first found. */
  private readonly found = new Set<string>();
  readonly conversationId = randomUUID();

  constructor(
    private readonly gateway: Gateway,
    /** Called when the catalog's new version changed this session's tools (a search's answer says so itself). */
    private readonly onToolsChanged: () => void,
  ) {}

  /** How many tools this session's searches loaded: it grows when tools/list changes by a search. */
  get foundCount(): number {
    return this.found.size;
  }

  listTools(): Tool[] {
    const { catalog } = this.gateway;
    const direct = catalog.snapshot.tools.filter((tool) => tool.exposure === "direct");
    const found = [...this.found].map((id) => catalog.tool(id)!);
    return [
      ...direct.map((tool) => this.gateway.mcpTool(tool)),
      searchToolDefinition(catalog.snapshot),
      callToolDefinition(),
      ...found.map((tool) => this.gateway.mcpTool(tool)),
    ];
  }

  snapshotChanged(): void {
    for (const id of this.found) if (this.gateway.catalog.tool(id)?.exposure !== "deferred") this.found.delete(id);
    this.onToolsChanged();
  }

  /** tools/call: a meta tool, or a catalog tool this session lists; anything else is the client's error. */
  callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult> {
    if (name === SEARCH_TOOL) return Promise.resolve(this.search(args));
    if (name === CALL_TOOL) {
      const parsed = parseCallToolArguments(args);
      if (typeof parsed === "string") return Promise.resolve(errorResult(parsed));
      const problem = this.refusal(parsed.name);
      if (problem) return Promise.resolve(errorResult(problem));
      return this.forward(this.gateway.toolNamed(parsed.name)!, parsed.arguments, signal);
    }
    const problem = this.refusal(name);
    if (problem) throw new McpError(ErrorCode.InvalidParams, problem);
    return this.forward(this.gateway.toolNamed(name)!, args, signal);
  }

  /** Why `name` cannot be called in this session, or null when it can. */
  private refusal(name: string): string | null {
    const tool = this.gateway.toolNamed(name);
    if (!tool) return `Unknown tool ${JSON.stringify(name)}: find tools with ${SEARCH_TOOL}.`;
    if (tool.exposure === "deferred" && !this.found.has(tool.id))
      return `${JSON.stringify(name)} is not loaded yet: find it with ${SEARCH_TOOL} first, then call it.`;
    return null;
  }

  private search(args: Record<string, unknown>): CallToolResult {
    const parsed = parseSearchArguments(args);
    if (typeof parsed === "string") return errorResult(parsed);
    const { catalog } = this.gateway;
    catalog.setConversationId(this.conversationId);
    let hits: ReturnType<StockroomCatalog["search"]>;
    try {
      hits = catalog.search(parsed.query, parsed.limit);
    } catch (error) {
      if (error instanceof SearchQueryError) return errorResult(`${SEARCH_TOOL}: ${error.message}`);
      throw error;
    }
    for (const hit of hits) this.found.add(hit.id);
    const tools = hits.map((hit) => {
      const { name, description, inputSchema } = this.gateway.mcpTool(hit.tool);
      return { name, description, inputSchema };
    });
    const lead =
      tools.length === 0
        ? `No tool matched ${JSON.stringify(parsed.query)}. Search again with other words.`
        : `${tools.length} tools found and loaded: call them by name (or through ${CALL_TOOL} with name and arguments).`;
    return { content: [{ type: "text", text: `${lead}\n${JSON.stringify(tools)}` }], structuredContent: { tools } };
  }

  private async forward(tool: SnapshotTool, args: unknown, signal?: AbortSignal): Promise<CallToolResult> {
    const { catalog, options } = this.gateway;
    const callId = randomUUID();
    catalog.setConversationId(this.conversationId);
    const observed = catalog.observe([
      { type: "function_call", call_id: callId, name: tool.spec.name, namespace: tool.namespace },
    ]);
    const route = resolveUpstream(tool, options.resolvers);
    const result = route
      ? await options.pool.call(route, (args ?? {}) as Record<string, unknown>, signal)
      : errorResult(missingUpstreamMessage(tool));
    if (observed > 0) {
      catalog.setConversationId(this.conversationId); // another session may have reported while this call ran
      catalog.recordOutcome(callId, outcomeOf(result));
    }
    return result;
  }
}

function outcomeOf(result: CallToolResult): { ok: boolean; error?: string } {
  if (!result.isError) return { ok: true };
  const text = result.content?.find((block) => block.type === "text");
  return { ok: false, error: text && "text" in text ? String(text.text) : "isError" };
}
