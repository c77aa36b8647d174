// The raw bytes of a real MCP server's tools/list answers, read from its stdout by hand (no MCP client), for
// tests that compare what Stockroom imported with what the server sent.
import { spawn } from "node:child_process";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { binOf, type RealMcpServer } from "./real-mcp-servers";

/** Starts the server and speaks JSON-RPC over its stdin/stdout by hand: the tools/list answers' lines, as sent. */
export async function rawToolsList(server: RealMcpServer, workDir: string): Promise<string[]> {
  const child = spawn(process.execPath, [binOf(server.pkg), ...server.args], {
    env: { PATH: process.env.PATH ?? "", HOME: workDir, ...server.env } as Record<string, string> as NodeJS.ProcessEnv,
    stdio: ["pipe", "pipe", "ignore"],
  });
  let pending = "";
  const waiting = new Map<number, (line: string) => void>();
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n")) {
      const line = pending.slice(0, end).replace(/\r$/, "");
      pending = pending.slice(end + 1);
      const id = line.startsWith("{") ? (JSON.parse(line) as { id?: number }).id : undefined;
      if (id !== undefined) waiting.get(id)?.(line);
    }
  });
  const call = (id: number, method: string, params: unknown) => {
    const answer = new Promise<string>((resolve) => waiting.set(id, resolve));
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    return answer;
  };
  try {
    const clientInfo = { name: "raw-bytes-test", version: "1.0.0" };
    await call(1, "initialize", { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo });
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    const lines: string[] = [];
    let cursor: string | undefined;
    do {
      const line = await call(lines.length + 2, "tools/list", cursor ? { cursor } : {});
      lines.push(line);
      cursor = (JSON.parse(line) as { result: { nextCursor?: string } }).result.nextCursor;
    } while (cursor);
    return lines;
  } finally {
    child.kill();
  }
}
