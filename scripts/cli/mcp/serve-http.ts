// `stockroom mcp --http PORT`: Streamable HTTP on 127.0.0.1 at /mcp, one MCP session per client. Only this
// machine can connect; Host and Origin must name the loopback address (a web page cannot reach it by DNS rebinding).
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Gateway } from "./gateway";
import { createGatewayServer } from "./gateway-server";

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

function isLoopback(req: IncomingMessage, port: number): boolean {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!hosts.includes(req.headers.host ?? "")) return false;
  const origin = req.headers.origin;
  return origin === undefined || hosts.some((host) => origin === `http://${host}`);
}

export async function serveHttp(gateway: Gateway, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer((req, res) => {
    const address = http.address() as AddressInfo;
    if (!isLoopback(req, address.port)) return refuse(res, 403, "Only http://127.0.0.1 may connect.");
    if (new URL(req.url ?? "/", "http://127.0.0.1").pathname !== "/mcp") return refuse(res, 404, "The path is /mcp.");
    const sessionId = req.headers["mcp-session-id"];
    const known = typeof sessionId === "string" ? transports.get(sessionId) : undefined;
    if (known) return void known.handleRequest(req, res);
    if (sessionId !== undefined) return refuse(res, 404, "Unknown or closed session: initialize again.");
    if (req.method !== "POST") return refuse(res, 400, "Start a session with an initialize POST.");
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => void transports.set(id, transport),
    });
    const { server } = createGatewayServer(gateway);
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
      void server.close();
    };
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .then(() => {
        if (!transport.sessionId) void transport.close(); // not an initialize request: no session to keep
      })
      .catch(() => {
        if (!res.headersSent) refuse(res, 500, "The MCP session could not start.");
      });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, "127.0.0.1", resolve);
  });
  const bound = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    close: async () => {
      await Promise.allSettled([...transports.values()].map((t) => t.close()));
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
