// The local mcpServers file: the shapes Claude Desktop and Cursor write, and a clear message for each mistake.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../server/testing/stockroom-mcp-process";
import { parseMcpOptions } from "../mcp";
import { expandEnvironment, parseServersConfig, ServersConfigError } from "./servers-config";
import { localServersResolver, resolveUpstream } from "./upstream-routes";
import type { SnapshotTool } from "../../../domain/snapshot/verify";

const problem = (text: string) => {
  try {
    parseServersConfig(text, "servers.json");
  } catch (error) {
    expect(error).toBeInstanceOf(ServersConfigError);
    return (error as Error).message;
  }
  throw new Error("parsed");
};

describe("mcpServers file", () => {
  it("reads stdio and HTTP servers as Claude Desktop and Cursor write them, ignoring their other keys", () => {
    const servers = parseServersConfig(
      JSON.stringify({
        mcpServers: {
          fs: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], disabled: false },
          github: { url: "https://api.example.com/mcp", headers: { Authorization: "Bearer ${env:GH_TOKEN}" } },
          bare: { command: "server" },
        },
      }),
      "servers.json",
    );
    expect(Object.fromEntries(servers)).toEqual({
      fs: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], env: {} },
      github: { url: "https://api.example.com/mcp", headers: { Authorization: "Bearer ${env:GH_TOKEN}" } },
      bare: { command: "server", args: [], env: {} },
    });
  });

  it("says what to fix", () => {
    expect(problem("{")).toMatch(/^servers.json: not JSON/);
    expect(problem("{}")).toMatch(/^servers.json at mcpServers: /);
    expect(problem('{"mcpServers":{"x":{}}}')).toBe(
      'servers.json at mcpServers.x: each server needs either "command" (stdio) or "url" (Streamable HTTP)',
    );
    expect(problem('{"mcpServers":{"x":{"url":"ftp://host/mcp"}}}')).toMatch(
      /mcpServers.x.*url must be an http\(s\) URL/,
    );
    expect(problem('{"mcpServers":{"x":{"command":"a","args":"--flag"}}}')).toMatch(/^servers.json at mcpServers.x/);
  });

  it("takes secrets from the environment as ${VAR} or ${env:VAR}, and names one that is not set", () => {
    const env = { TOKEN: "s3cret", HOME: "/home/me" };
    expect(expandEnvironment({ A: "Bearer ${env:TOKEN}", B: "${HOME}/x", C: "$TOKEN" }, env, "gh")).toEqual({
      A: "Bearer s3cret",
      B: "/home/me/x",
      C: "$TOKEN",
    });
    expect(() => expandEnvironment({ A: "${MISSING}" }, env, "gh")).toThrow(
      'MCP server "gh": A names ${MISSING}, which is not set here',
    );
  });

  it("routes a tool by its namespace first, then by the MCP server its import recorded", () => {
    const servers = parseServersConfig(
      JSON.stringify({
        mcpServers: { crm: { command: "crm-server" }, "acme-mail": { url: "http://127.0.0.1:1/mcp" } },
      }),
      "s.json",
    );
    const tool = (namespace: string | null, server: string | null) =>
      ({
        id: `${namespace}.send`,
        namespace,
        spec: { name: "send" },
        mcp: { server, title: null },
      }) as unknown as SnapshotTool;
    const resolvers = [localServersResolver(servers)];
    expect(resolveUpstream(tool("crm", "acme-mail"), resolvers)).toMatchObject({ name: "crm", toolName: "send" });
    expect(resolveUpstream(tool("mail", "acme-mail"), resolvers)).toMatchObject({ name: "acme-mail" });
    expect(resolveUpstream(tool("mail", null), resolvers)).toBeNull();
  });
});

describe("stockroom mcp usage", { timeout: 60_000 }, () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        path.join(repoRoot, "node_modules/.bin/tsx"),
        [path.join(repoRoot, "scripts/stockroom-cli.ts"), "mcp", ...args],
        { cwd: repoRoot, env: { ...process.env, STOCKROOM_TOKEN: "", ...env } },
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      );
    });

  it("bounds an upstream's start by --start-timeout, by default the --timeout", () => {
    const target = ["--url", "http://127.0.0.1:9", "--team", "t", "--catalog", "c", "--token", "srk_x"];
    expect(parseMcpOptions(target)).toMatchObject({ timeoutMs: 60_000, startTimeoutMs: 60_000 });
    expect(parseMcpOptions([...target, "--timeout", "5"])).toMatchObject({ timeoutMs: 5000, startTimeoutMs: 5000 });
    expect(parseMcpOptions([...target, "--start-timeout", "90"])).toMatchObject({ startTimeoutMs: 90_000 });
    expect(() => parseMcpOptions([...target, "--start-timeout", "soon"])).toThrow(
      /--start-timeout must be a positive number of seconds/,
    );
  });

  it("refuses bad flags and a bad servers file before starting anything", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "stockroom-mcp-usage-"));
    const bad = path.join(dir, "servers.json");
    writeFileSync(bad, '{"mcpServers":{"x":{"command":""}}}');
    const target = ["--url", "http://127.0.0.1:9", "--team", "t", "--catalog", "c"];
    expect(await run(target)).toMatchObject({ code: 2, stderr: expect.stringMatching(/STOCKROOM_TOKEN/) });
    const token = { STOCKROOM_TOKEN: "srk_x" };
    expect(await run([...target, "--servers", bad], token)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/servers.json at mcpServers.x.command: command must not be empty/),
    });
    expect(await run([...target, "--timeout", "0"], token)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--timeout must be a positive number of seconds/),
    });
    expect(await run([...target, "--http", "99999"], token)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--http must be a port/),
    });
    // Nothing cached and nothing listening: it says so and exits, instead of serving nothing.
    const offline = await run([...target, "--cache-dir", dir], token);
    expect(offline.code).toBe(1);
    expect(offline.stderr).toMatch(
      /cannot reach http:\/\/127.0.0.1:9 \(fetch failed\) and .* holds no verified snapshot of t\/c latest/,
    );
  });
});
