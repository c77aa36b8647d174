// The upstream pool on its own: every way an upstream can fail to be reached ends as an error result, in time.
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../../server/testing/stockroom-mcp-process";
import { UpstreamPool } from "./upstream-pool";
import type { UpstreamRoute } from "./upstream-routes";

const FLAKY = path.join(repoRoot, "server/testing/flaky-mcp-server.mjs");
const pool = new UpstreamPool({ timeoutMs: 5000, env: { FLAKY_NAME: "from-env" }, cooldownMs: 60_000 });
afterAll(() => pool.close());

const route = (name: string, entry: UpstreamRoute["entry"], toolName = "flaky_echo"): UpstreamRoute => ({
  key: `test:${name}`,
  name,
  entry,
  toolName,
});
const textOf = (result: { content: Array<{ type: string; text?: string }> }) => result.content[0]?.text ?? "";

describe("UpstreamPool", { timeout: 30_000 }, () => {
  it("starts a stdio server on the first call and keeps it for the next", async () => {
    const flaky = route("flaky", { command: process.execPath, args: [FLAKY], env: {} });
    const first = await pool.call(flaky, { message: "one" });
    const second = await pool.call(flaky, { message: "two" });
    expect(first).toMatchObject({ content: [{ type: "text", text: "echo: one" }] });
    expect((second.structuredContent as { pid: number }).pid).toBe((first.structuredContent as { pid: number }).pid);
  });

  it("answers with an error result when the command does not exist, the environment lacks a variable or nothing listens", async () => {
    const missing = await pool.call(route("ghost", { command: "/nonexistent/mcp-server", args: [], env: {} }), {});
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^MCP server "ghost" could not start: .*ENOENT/);
    const unset = await pool.call(
      route("needs-key", { command: process.execPath, args: [FLAKY], env: { KEY: "${env:NOT_SET_ANYWHERE}" } }),
      {},
    );
    expect(textOf(unset)).toBe('MCP server "needs-key": KEY names ${NOT_SET_ANYWHERE}, which is not set here');
    const refused = await pool.call(route("remote", { url: "http://127.0.0.1:9/mcp", headers: {} }), {});
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^MCP server "remote" could not start: /);
  });

  it("passes an upstream's protocol error on as an error result", async () => {
    const flaky = route("flaky", { command: process.execPath, args: [FLAKY], env: {} }, "no_such_tool");
    const result = await pool.call(flaky, {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^MCP server "flaky" failed on no_such_tool: /);
  });
});
