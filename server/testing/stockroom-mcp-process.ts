// `stockroom mcp` as an MCP client starts it: a child process (`tsx scripts/stockroom-cli.ts mcp …`) spoken to over
// stdio with the official SDK's Client. For the command's tests and its bench.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
const cli = path.join(repoRoot, "scripts/stockroom-cli.ts");

export interface StockroomMcpProcess {
  client: Client;
  /** What the process wrote to stderr so far (its log; stdout is the MCP channel). */
  stderr: () => string;
  close: () => Promise<void>;
}

/** Starts `stockroom mcp <args>` with `env` added and connects a client with the tools/list_changed capability. */
export async function startStockroomMcp(
  args: string[],
  env: Record<string, string>,
  options: { clientName?: string } = {},
): Promise<StockroomMcpProcess> {
  const transport = new StdioClientTransport({
    command: tsx,
    args: [cli, "mcp", ...args],
    cwd: repoRoot,
    env: { ...getDefaultEnvironment(), ...env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: options.clientName ?? "stockroom-mcp-test", version: "1.0.0" });
  try {
    await client.connect(transport, { timeout: 90_000 });
  } catch (error) {
    await transport.close().catch(() => {});
    throw new Error(`stockroom mcp did not start: ${(error as Error).message}\n${stderr}`);
  }
  return { client, stderr: () => stderr, close: () => client.close() };
}
