import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerTool } from "@/domain/providers/first-request";
import { verifySnapshot, type Snapshot } from "@/domain/snapshot/verify";
import { useAgentApiServer } from "../../testing/use-agent-api-server";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { describeServer } from "./fetch-mcp-tools";
import { binOf, realMcpServers, versionOf, type RealMcpServer } from "../../testing/real-mcp-servers";

interface Listed {
  server: RealMcpServer;
  namespace: string;
  info: { name: string; version: string; title?: string };
  instructions: string | undefined;
  tools: Array<Record<string, unknown> & { name: string }>;
}

const NAMESPACES: Record<string, string> = {
  "@modelcontextprotocol/server-everything": "everything",
  "@modelcontextprotocol/server-filesystem": "filesystem",
  "@modelcontextprotocol/server-memory": "memory",
  "@modelcontextprotocol/server-sequential-thinking": "sequential-thinking",
  "@playwright/mcp": "playwright",
  "@notionhq/notion-mcp-server": "notion",
  "@antv/mcp-server-chart": "antv-chart",
  "@amap/amap-maps-mcp-server": "amap",
};

/** Starts the package's server over stdio (node on its bin, nothing fetched) and reads every page of tools/list. */
async function listTools(server: RealMcpServer, workDir: string): Promise<Listed> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [binOf(server.pkg), ...server.args],
    env: { PATH: process.env.PATH ?? "", HOME: workDir, ...server.env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const client = new Client({ name: "stockroom-contract-test", version: "1.0.0" });
  try {
    await client.connect(transport, { timeout: 60_000 });
    const tools: Listed["tools"] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: 60_000 });
      tools.push(...(page.tools as Listed["tools"]));
      cursor = page.nextCursor;
    } while (cursor);
    return {
      server,
      namespace: NAMESPACES[server.pkg]!,
      info: client.getServerVersion()!,
      instructions: client.getInstructions(),
      tools,
    };
  } catch (error) {
    throw new Error(
      `${server.pkg} ${versionOf(server.pkg)} did not list its tools: ${(error as Error).message} ${stderr}`,
    );
  } finally {
    await client.close();
  }
}

describe("contract: tools of real MCP servers come out of Stockroom exactly as they went in", () => {
  const api = useAgentApiServer({ agentRequestsPerMinute: 10_000 });
  const { db } = api;
  let workDir: string;
  let listed: Listed[];
  let snapshot: Snapshot;
  let mcpExport: Array<Record<string, unknown>>;

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), "stockroom-mcp-contract-"));
    listed = await Promise.all(realMcpServers(workDir).map((s) => listTools(s, workDir)));

    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const at = { team: people.team.slug, catalog: catalog.slug };
    const editor = callerFor(db, people.editor);
    for (const server of listed) {
      const text = JSON.stringify({ tools: server.tools });
      const options = {
        namespace: server.namespace,
        mcpServer: server.info.name,
        exposure: "deferred" as const,
        namespaceDescription: describeServer(server.info, server.instructions),
      };
      const preview = await editor.import.preview({ ...at, text, options });
      const refused = preview.rows.filter((row) => row.status !== "new");
      expect(refused, `${server.server.pkg}: ${JSON.stringify(refused.slice(0, 3))}`).toEqual([]);
      await editor.import.commit({ ...at, text, options, fingerprint: preview.fingerprint });
    }
    await editor.review.publish({ ...at, note: "eight real MCP servers" });
    const { secret } = await callerFor(db, people.owner).token.create({ ...at, name: "contract" });
    snapshot = await verifySnapshot(JSON.parse(await api.fetchSnapshotText(at.team, at.catalog, secret)));
    mcpExport = (
      JSON.parse((await editor.export.draft({ ...at, format: "mcp", supportsToolSearch: false })).json) as {
        tools: Array<Record<string, unknown>>;
      }
    ).tools;
  }, 240_000);

  afterAll(async () => {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("imports all 125 tools of the eight packages and describes each namespace from its server", () => {
    // The versions package-lock.json pins list 125 tools between them.
    expect(listed.reduce((n, s) => n + s.tools.length, 0)).toBe(125);
    expect(snapshot.tools).toHaveLength(125);
    console.log(
      `MCP contract: ${listed.map((s) => `${s.server.pkg}@${versionOf(s.server.pkg)} ${s.tools.length}`).join(", ")}`,
    );
    for (const server of listed)
      expect(snapshot.namespaces.find((ns) => ns.name === server.namespace)?.description).toMatch(
        /^Tools of the .+ MCP server/,
      );
  });

  it.each(Object.values(NAMESPACES))(
    "%s: every tool deep-equal, key order included, in the snapshot and the MCP export",
    (namespace) => {
      const server = listed.find((s) => s.namespace === namespace)!;
      for (const tool of server.tools) {
        const published = snapshot.tools.find((t) => t.id === `${namespace}.${tool.name}`);
        expect(published, `${namespace}.${tool.name} published`).toBeDefined();
        expect(JSON.stringify(published!.spec.parameters)).toBe(JSON.stringify(tool.inputSchema));
        // The published tool, back in MCP's format, is the server's entry byte for byte.
        expect(JSON.stringify(providerTool(published!, "mcp"))).toBe(JSON.stringify(tool));
        const exported = mcpExport.find((t) => t.name === tool.name || t.name === `${namespace}__${tool.name}`);
        expect(JSON.stringify({ ...exported, name: tool.name })).toBe(JSON.stringify(tool));
      }
    },
  );
});
