// The MCP client configurations of docs/agents.md, parsed as each client parses its file (JSON; TOML with smol-toml
// for Codex), with each client's shape checked and the arguments given to `stockroom mcp` run through its own flag
// parser. The Claude Desktop snippet's command is also run, to show npm keeps stdout (the MCP channel) clean.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../../server/testing/stockroom-mcp-process";
import { parseMcpOptions } from "../mcp";
import { parseServersConfig } from "./servers-config";

const DOC = readFileSync(path.join(repoRoot, "docs/agents.md"), "utf8");

/** The fenced block whose info string is `<language> <file>`. */
function snippet(language: string, file: string): string {
  const blocks = [...DOC.matchAll(/^```(\S+) (\S+)[ \t]*\n([\s\S]*?)^```[ \t]*$/gm)];
  const found = blocks.filter((m) => m[1] === language && m[2] === file);
  expect(found, `one \`\`\`${language} ${file} block in docs/agents.md`).toHaveLength(1);
  return found[0]![3]!;
}

interface StdioServer {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** What follows `mcp` in the args, checked by the command's own parser (with the token the env block sets). */
function expectStockroomMcp(server: StdioServer): ReturnType<typeof parseMcpOptions> {
  expect(server.command).toBe("npm");
  const at = server.args.indexOf("mcp");
  expect(server.args.slice(0, at)).toEqual(["--prefix", "/path/to/stockroom", "run", "-s", "stockroom", "--"]);
  expect(Object.keys(server.env)).toEqual(["STOCKROOM_TOKEN"]);
  const options = parseMcpOptions(server.args.slice(at + 1));
  expect(options).toMatchObject({
    target: { url: "https://stockroom.example.com", team: "demo", catalog: "mcp-tools" },
    serversFile: "/home/me/.config/stockroom/servers.json",
    version: "latest",
    port: null,
  });
  return options;
}

describe("docs/agents.md: MCP client configurations", () => {
  beforeAll(() => {
    process.env.STOCKROOM_TOKEN = "srk_docs"; // what each snippet's env block gives the process
  });

  it("Claude Desktop and Cursor: mcpServers JSON", () => {
    for (const file of ["claude_desktop_config.json", ".cursor/mcp.json"]) {
      const config = JSON.parse(snippet("json", file)) as { mcpServers: Record<string, StdioServer> };
      expect(Object.keys(config.mcpServers)).toEqual(["stockroom"]);
      expectStockroomMcp(config.mcpServers.stockroom!);
      expect(config.mcpServers.stockroom!.env.STOCKROOM_TOKEN).toBe("srk_…");
    }
  });

  it("VS Code: .vscode/mcp.json with servers, the token from a declared input", () => {
    const config = JSON.parse(snippet("json", ".vscode/mcp.json")) as {
      inputs: Array<{ type: string; id: string; password?: boolean }>;
      servers: Record<string, StdioServer & { type: string }>;
    };
    const server = config.servers.stockroom!;
    expect(server.type).toBe("stdio");
    expectStockroomMcp(server);
    const input = server.env.STOCKROOM_TOKEN!.match(/^\$\{input:([\w-]+)\}$/)?.[1];
    expect(config.inputs).toEqual([expect.objectContaining({ type: "promptString", id: input, password: true })]);
  });

  it("Codex CLI: [mcp_servers.stockroom] in config.toml", () => {
    const config = parseToml(snippet("toml", "~/.codex/config.toml")) as unknown as {
      mcp_servers: Record<string, StdioServer & { startup_timeout_sec: number; tool_timeout_sec: number }>;
    };
    const server = config.mcp_servers.stockroom!;
    const { timeoutMs, startTimeoutMs } = expectStockroomMcp(server);
    expect(server.startup_timeout_sec).toBeGreaterThan(10);
    // Longer than stockroom mcp's own bound on a first call (starting its upstream, then the call).
    expect(server.tool_timeout_sec * 1000).toBeGreaterThan(timeoutMs + startTimeoutMs);
  });

  it("the servers file example is one stockroom mcp reads", () => {
    const servers = parseServersConfig(snippet("json", "servers.json"), "servers.json");
    expect([...servers.keys()]).toEqual(["github", "filesystem", "linear"]);
  });

  it("the Claude Desktop command runs stockroom mcp through npm with nothing of npm's on stdout", {
    timeout: 60_000,
  }, async () => {
    const server = (
      JSON.parse(snippet("json", "claude_desktop_config.json")) as { mcpServers: Record<string, StdioServer> }
    ).mcpServers.stockroom!;
    const args = server.args.map((arg) =>
      arg === "/path/to/stockroom"
        ? repoRoot
        : arg === "https://stockroom.example.com"
          ? "http://127.0.0.1:9"
          : arg.endsWith("servers.json")
            ? path.join(repoRoot, "server/testing/no-such-servers.json")
            : arg,
    );
    const cache = mkdtempSync(path.join(tmpdir(), "stockroom-docs-"));
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        server.command,
        [...args, "--cache-dir", cache],
        { cwd: tmpdir(), env: { ...process.env, STOCKROOM_TOKEN: "srk_docs" } },
        (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out, stderr: err }),
      ),
    );
    expect(stdout).toBe("");
    expect(code).toBe(2); // the servers file does not exist: a usage error, said on stderr
    expect(stderr).toMatch(/no-such-servers.json: ENOENT/);
  });
});
