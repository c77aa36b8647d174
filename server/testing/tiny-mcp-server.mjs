// A tiny MCP server for tests: serves `tools/list` (two tools per page) over stdio, or over Streamable HTTP
// when started with `--http`. TINY_MCP_VARIANT=2 changes one description and adds a tool (for re-imports), 3 then drops a tool;
// `--hang` never answers (for timeouts). Plain ESM so `node` starts it in a blink.
import http from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

export function tinyTools(variant = "1") {
  // Variant 3: variant 2 after the server dropped list_alerts.
  if (variant === "3") return tinyTools("2").filter((tool) => tool.name !== "list_alerts");
  const tools = [
    {
      name: "get_forecast",
      title: "Get forecast",
      description:
        variant === "2" ? "Get the weather forecast for a city, hourly." : "Get the weather forecast for a city.",
      inputSchema: {
        type: "object",
        properties: { city: { type: "string", description: "City name" } },
        required: ["city"],
      },
    },
    {
      name: "list_alerts",
      description: "List active weather alerts for a region.",
      inputSchema: { type: "object", properties: { region: { type: "string" } } },
    },
    {
      name: "get_uv_index",
      description: "Current UV index at a location.",
      inputSchema: { type: "object", properties: { lat: { type: "number" }, lon: { type: "number" } } },
    },
  ];
  if (variant === "2")
    tools.push({
      name: "get_pollen",
      description: "Pollen count for today.",
      inputSchema: { type: "object", properties: {} },
    });
  return tools;
}

function createServer(variant) {
  const server = new Server(
    { name: "tiny-weather", title: "Tiny Weather", version: "1.0.0" },
    {
      capabilities: { tools: {} },
      instructions: "Weather forecasts, alerts and UV index for any city.\n\nCall get_forecast first.",
    },
  );
  const tools = tinyTools(variant);
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const next = start + 2 < tools.length ? String(start + 2) : undefined;
    return { tools: tools.slice(start, start + 2), ...(next ? { nextCursor: next } : {}) };
  });
  return server;
}

/**
 * Starts the HTTP flavour on 127.0.0.1 (port 0 = any); `token` makes it require `Authorization: Bearer <token>`.
 * `variant` may be a function, read on each request: upstream changes while the server keeps its address.
 */
export async function startHttpServer({ port = 0, variant = "1", token = null } = {}) {
  const httpServer = http.createServer(async (req, res) => {
    if (token && req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "unauthorized" }));
      return;
    }
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    const server = createServer(typeof variant === "function" ? variant() : variant);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise((resolve) => httpServer.listen(port, "127.0.0.1", resolve));
  const address = httpServer.address();
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    close: () => new Promise((resolve) => httpServer.close(resolve)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const variant = process.env.TINY_MCP_VARIANT ?? "1";
  if (process.argv.includes("--hang")) {
    setInterval(() => {}, 1000);
  } else if (process.argv.includes("--http")) {
    const port = Number(process.argv[process.argv.indexOf("--http") + 1] ?? 0);
    const { url } = await startHttpServer({ port, variant });
    console.log(url);
  } else {
    await createServer(variant).connect(new StdioServerTransport());
  }
}
