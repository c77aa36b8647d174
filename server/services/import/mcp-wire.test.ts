// Import keeps each server's own key order (issue 35, item 5): the tools fetchMcpTools reads, and the tools the
// catalog stores and publishes, are compared with the raw bytes of the server's JSON-RPC answer, read here from
// the server's stdout by hand, not with an MCP client's parsed copy (which moves `$schema` to the end).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { rawToolsList } from "../../testing/raw-tools-list";
import { binOf, realMcpServers, type RealMcpServer } from "../../testing/real-mcp-servers";
import { useTestDatabase } from "../../testing/use-test-database";
import { fetchMcpTools } from "./fetch-mcp-tools";

const { db } = useTestDatabase();
type Tool = Record<string, unknown> & { name: string };

/** What an MCP client hands over: the SDK's parsed, zod-validated copy of the same answer. */
async function clientCopy(server: RealMcpServer, workDir: string): Promise<Tool[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [binOf(server.pkg), ...server.args],
    env: { PATH: process.env.PATH ?? "", HOME: workDir, ...server.env },
    stderr: "pipe",
  });
  const client = new Client({ name: "raw-bytes-test", version: "1.0.0" });
  try {
    await client.connect(transport, { timeout: 60_000 });
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: 60_000 });
      tools.push(...(page.tools as Tool[]));
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  } finally {
    await client.close();
  }
}

interface Listed {
  server: RealMcpServer;
  raw: string;
  fetched: Tool[];
  client: Tool[];
}

/** Every schema-like part of a tool whose key order the import must keep. */
const PARTS = ["inputSchema", "outputSchema", "annotations", "_meta", "icons"] as const;

describe("MCP import keeps the server's key order, as sent on the wire", () => {
  let workDir: string;
  let listed: Listed[];
  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), "stockroom-mcp-wire-"));
    const settings = { stdioCommands: [process.execPath], allowPrivateNetworks: false };
    listed = [];
    for (const server of realMcpServers(workDir)) {
      const raw = (await rawToolsList(server, workDir)).join("\n");
      const connection = {
        transport: "stdio" as const,
        command: process.execPath,
        args: [binOf(server.pkg), ...server.args],
        env: { HOME: workDir, ...server.env },
      };
      const fetched = await fetchMcpTools(connection, { settings, timeoutMs: 60_000 });
      const tools = (JSON.parse(fetched.text) as { tools: Tool[] }).tools;
      listed.push({ server, raw, fetched: tools, client: await clientCopy(server, workDir) });
    }
  }, 240_000);
  afterAll(() => {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("fetchMcpTools gives every tool of the eight real servers byte for byte as the server wrote it", () => {
    for (const { server, raw, fetched } of listed) {
      expect(fetched.length, server.pkg).toBeGreaterThan(0);
      // The server writes compact JSON: each tool, serialized again, is a verbatim slice of its answer.
      for (const tool of fetched) expect(raw.includes(JSON.stringify(tool)), `${server.pkg} ${tool.name}`).toBe(true);
    }
  });

  it("where an MCP client's parsed copy reorders keys ($schema last), the import does not", () => {
    const reordered = listed.filter(({ raw, client }) =>
      client.some((tool) =>
        PARTS.some((part) => tool[part] !== undefined && !raw.includes(`"${part}":${JSON.stringify(tool[part])}`)),
      ),
    );
    // The client's copy of most of these servers is not what they sent (this is what imports stored before).
    console.log(
      `MCP wire order: the client's copy reorders ${reordered.length} of ${listed.length} servers (${reordered.map((l) => l.server.pkg).join(", ")})`,
    );
    expect(reordered.length).toBeGreaterThanOrEqual(5);
    const movedSchema = reordered.filter(({ client }) =>
      client.some((t) => Object.keys((t.inputSchema as object) ?? {}).at(-1) === "$schema"),
    );
    expect(movedSchema.length).toBeGreaterThanOrEqual(5);
    for (const { server, raw, fetched } of reordered)
      for (const tool of fetched)
        for (const part of PARTS)
          if (tool[part] !== undefined)
            expect(raw, `${server.pkg} ${tool.name} ${part}`).toContain(`"${part}":${JSON.stringify(tool[part])}`);
  });

  it("the catalog stores and exports each tool's schema and metadata in the wire's order", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const at = { team: people.team.slug, catalog: catalog.slug };
    const editor = callerFor(db, people.editor);
    const sample = listed.filter(({ client, raw }) =>
      client.some((t) => !raw.includes(`"inputSchema":${JSON.stringify(t.inputSchema)}`)),
    );
    for (const [i, { fetched }] of sample.entries()) {
      const text = JSON.stringify({ tools: fetched });
      const options = { namespace: `s${i}`, mcpServer: `server-${i}`, exposure: "deferred" as const };
      const preview = await editor.import.preview({ ...at, text, options });
      await editor.import.commit({ ...at, text, options, fingerprint: preview.fingerprint });
    }
    const exported = JSON.parse((await editor.export.draft({ ...at, format: "mcp", supportsToolSearch: false })).json)
      .tools as Tool[];
    for (const [i, { raw, fetched }] of sample.entries())
      for (const tool of fetched) {
        const out = exported.find((t) => t.name === tool.name || t.name === `s${i}__${tool.name}`)!;
        for (const part of PARTS)
          if (tool[part] !== undefined) expect(raw).toContain(`"${part}":${JSON.stringify(out[part])}`);
      }
  }, 60_000);
});

/** The data of each server-sent event of a body, or the body itself when it is plain JSON. */
const messagesOf = (body: string, type: string) =>
  type.includes("text/event-stream")
    ? body
        .split(/\n\n/)
        .map((event) =>
          event
            .split("\n")
            .filter((l) => l.startsWith("data:"))
            .map((l) => l.slice(5).trim())
            .join("\n"),
        )
        .filter(Boolean)
    : [body];

describe("over Streamable HTTP (server-everything on loopback)", () => {
  let child: ReturnType<typeof import("node:child_process").spawn>;
  let url: string;
  beforeAll(async () => {
    const { spawn } = await import("node:child_process");
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    child = spawn(process.execPath, [binOf("@modelcontextprotocol/server-everything"), "streamableHttp"], {
      env: { PATH: process.env.PATH ?? "", PORT: String(port) } as Record<string, string> as NodeJS.ProcessEnv,
      stdio: ["ignore", "ignore", "pipe"],
    });
    await new Promise<void>((resolve) =>
      child.stderr!.on("data", (c: Buffer) => c.toString().includes("listening") && resolve()),
    );
    url = `http://127.0.0.1:${port}/mcp`;
  }, 60_000);
  afterAll(() => child?.kill());

  /** initialize, then tools/list, posted by hand: the tools/list answer's text as sent. */
  async function rawHttpToolsList(): Promise<string> {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    const post = async (body: unknown) => {
      const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
      const session = response.headers.get("mcp-session-id");
      if (session) headers["mcp-session-id"] = session;
      return messagesOf(await response.text(), response.headers.get("content-type") ?? "");
    };
    const clientInfo = { name: "raw-bytes-test", version: "1.0.0" };
    await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo },
    });
    await post({ jsonrpc: "2.0", method: "notifications/initialized" });
    return (await post({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} })).find((m) =>
      m.includes('"tools"'),
    )!;
  }

  it("fetchMcpTools gives every tool as the server's HTTP answer had it", async () => {
    const raw = await rawHttpToolsList();
    const fetched = await fetchMcpTools(
      { transport: "http", url, headers: {} },
      { settings: { stdioCommands: [], allowPrivateNetworks: true }, timeoutMs: 30_000 },
    );
    const tools = (JSON.parse(fetched.text) as { tools: Tool[] }).tools;
    expect(tools.length).toBeGreaterThan(5);
    for (const tool of tools) expect(raw, tool.name).toContain(JSON.stringify(tool));
  }, 60_000);
});
