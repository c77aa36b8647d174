// An MCP server that misbehaves on request, for `stockroom mcp` tests: `flaky_echo` answers (text, structured
// content, and isError when asked; FLAKY_SECRET, when set, is echoed too), `crash` exits the process mid-call, `hang`
// never answers. Over stdio, or over Streamable HTTP with `--http` (stateless, JSON answers; FLAKY_TOKEN makes it
// require that bearer token).
import http from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";

export const flakyTools = [
  {
    name: "flaky_echo",
    description: "Echo a message back, with its length.",
    inputSchema: {
      type: "object",
      properties: { message: { type: "string" }, fail: { type: "boolean" } },
      required: ["message"],
    },
  },
  { name: "crash", description: "Exit the server process in the middle of the call.", inputSchema: { type: "object" } },
  { name: "hang", description: "Never answer.", inputSchema: { type: "object" } },
];

function createServer() {
  const server = new Server({ name: "flaky", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: flakyTools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
    if (name === "crash") {
      process.stderr.write("flaky: crashing on purpose\n");
      process.exit(3);
    }
    if (name === "hang") return new Promise(() => {});
    if (name !== "flaky_echo") throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const message = String(args.message ?? "");
    return {
      content: [{ type: "text", text: `echo: ${message}` }],
      structuredContent: {
        message,
        length: message.length,
        pid: process.pid,
        ...(process.env.FLAKY_SECRET ? { secret: process.env.FLAKY_SECRET } : {}),
      },
      ...(args.fail === true ? { isError: true } : {}),
    };
  });
  return server;
}

async function startHttp() {
  const token = process.env.FLAKY_TOKEN;
  const httpServer = http.createServer(async (req, res) => {
    if (token && req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { "content-type": "application/json" }).end('{"error":"unauthorized"}');
      return;
    }
    const server = createServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  console.log(`http://127.0.0.1:${httpServer.address().port}/mcp`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--http")) await startHttp();
  else await createServer().connect(new StdioServerTransport());
}
