// One MCP server (the SDK's low-level `Server`) per client session, over a gateway shared by all sessions.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Gateway, GatewaySession } from "./gateway";

export function createGatewayServer(gateway: Gateway): { server: Server; session: GatewaySession } {
  const { catalog } = gateway;
  const { team, slug } = catalog.snapshot.catalog;
  const server = new Server(
    { name: "stockroom", title: `Stockroom ${team}/${slug}`, version: "1.0.0" },
    {
      capabilities: { tools: { listChanged: true } },
      instructions:
        `Tools of the Stockroom catalog ${team}/${slug}. More tools exist than are listed: search_tools finds them ` +
        "by task and loads them; call them by name, or with call_tool when your tool list does not update.",
    },
  );
  let ready = false;
  server.oninitialized = () => {
    ready = true;
  };
  const session = gateway.openSession(() => {
    if (ready) server.sendToolListChanged().catch(() => {});
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: session.listTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const loaded = session.foundCount;
    const result = await session.callTool(request.params.name, request.params.arguments ?? {}, extra.signal);
    // Sent with the search's answer (over HTTP, on the same stream), before it: the client reloads right away.
    if (session.foundCount > loaded) await extra.sendNotification({ method: "notifications/tools/list_changed" });
    return result;
  });
  server.onclose = () => gateway.closeSession(session);
  return { server, session };
}
