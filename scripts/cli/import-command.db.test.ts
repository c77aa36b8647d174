// `stockroom import` through a child process, as a user runs it: a real stdio MCP server started by the CLI,
// a real agent API over HTTP (the node:http handler `npm start` uses) and a real database.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeAgentHandler } from "@/server/http/agent-dispatch";
import { callerFor, createCatalog, createTeamWithMembers } from "@/server/testing/factories";
import { rawToolsList } from "@/server/testing/raw-tools-list";
import { binOf, realMcpServers } from "@/server/testing/real-mcp-servers";
import { useTestDatabase } from "@/server/testing/use-test-database";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
const cli = path.join(repoRoot, "scripts/stockroom-cli.ts");
const FIXTURE = path.join(repoRoot, "server/testing/tiny-mcp-server.mjs");

function runCli(args: string[], token: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      [cli, ...args],
      { cwd: repoRoot, env: { ...process.env, STOCKROOM_TOKEN: token } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

describe("stockroom import", { timeout: 90_000 }, () => {
  const { db, handle } = useTestDatabase({ asAppDatabase: true });
  let server: Server;
  let url = "";
  beforeAll(async () => {
    server = createServer(createNodeAgentHandler());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("starts the server locally, previews, commits with --yes, and shows a re-import's diff without writing", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const ref = { team: people.team.slug, catalog: catalog.slug };
    const owner = callerFor(db, people.owner);
    const { secret } = await owner.token.create({ ...ref, name: "laptop", scopes: ["import"] });
    const target = ["--url", url, "--team", ref.team, "--catalog", ref.catalog, "--namespace", "weather"];

    const first = await runCli(["import", ...target, "--yes", "--", process.execPath, FIXTURE], secret);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`tiny-weather listed 3 tools → ${ref.team}/${ref.catalog}`);
    expect(first.stdout).toContain("3 new, 0 changed, 0 conflicts, 0 removed, 0 unchanged, 0 invalid, 0 skipped (mcp)");
    expect(first.stdout).toContain("+ new       weather.get_forecast (deferred)");
    expect(first.stdout).toContain("Imported: 3 created, 0 updated, 0 removed, 0 unchanged, 0 skipped");
    const tools = await db.tool.findMany({ where: { catalogId: catalog.id }, orderBy: { key: "asc" } });
    expect(tools.map((t) => [t.key, t.mcpServer, t.exposure])).toEqual([
      ["weather.get_forecast", "tiny-weather", "deferred"],
      ["weather.get_uv_index", "tiny-weather", "deferred"],
      ["weather.list_alerts", "tiny-weather", "deferred"],
    ]);

    // Without --yes (and no terminal to ask on) the preview is shown and nothing is written.
    const second = await runCli(
      ["import", ...target, "--command", process.execPath, "--arg", FIXTURE, "--env", "TINY_MCP_VARIANT=2"],
      secret,
    );
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("1 new, 1 changed, 0 conflicts, 0 removed, 2 unchanged, 0 invalid, 0 skipped");
    expect(second.stdout).toContain(
      "~ changed   weather.get_forecast\n    description:\n      - Get the weather forecast for a city.\n      + Get the weather forecast for a city, hourly.",
    );
    expect(second.stdout).toContain("Nothing written: run again with --yes to import.");
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(3);
    const json = await runCli(
      ["import", ...target, "--json", "--yes", "--env", "TINY_MCP_VARIANT=2", "--", process.execPath, FIXTURE],
      secret,
    );
    const [plan, result] = json.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(plan.counts).toMatchObject({ new: 1, changed: 1 });
    expect(result).toMatchObject({ created: 1, updated: 1, unchanged: 2 });
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(4);

    // The server drops a tool: the preview lists it as removed, and the CLI asks what to do with it.
    const dropped = ["import", ...target, "--yes", "--env", "TINY_MCP_VARIANT=3"];
    const undecided = await runCli([...dropped, "--", process.execPath, FIXTURE], secret);
    expect(undecided.code).toBe(1);
    expect(undecided.stdout).toContain("x removed   weather.list_alerts\n    The source no longer lists this tool");
    expect(undecided.stderr).toMatch(
      /the server no longer lists weather.list_alerts: pass --remove-missing or --keep-missing; nothing was written/,
    );
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(4);
    const removed = await runCli([...dropped, "--remove-missing", "--", process.execPath, FIXTURE], secret);
    expect(removed.stdout).toContain("Imported: 0 created, 0 updated, 1 removed, 3 unchanged, 0 skipped");
    expect(await db.tool.findFirst({ where: { catalogId: catalog.id, key: "weather.list_alerts" } })).toBeNull();
  });

  it("imports a real server's tools with its own key order, as its JSON-RPC answer had them", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const ref = { team: people.team.slug, catalog: catalog.slug };
    const { secret } = await callerFor(db, people.owner).token.create({ ...ref, name: "laptop", scopes: ["import"] });
    const target = ["--url", url, "--team", ref.team, "--catalog", ref.catalog, "--namespace", "fs"];
    const workDir = mkdtempSync(path.join(tmpdir(), "stockroom-cli-wire-"));
    try {
      const server = realMcpServers(workDir).find((s) => s.pkg === "@modelcontextprotocol/server-filesystem")!;
      const raw = (await rawToolsList(server, workDir)).join("\n");
      const run = await runCli(
        ["import", ...target, "--yes", "--", process.execPath, binOf(server.pkg), workDir],
        secret,
      );
      expect(run.stderr).toBe("");
      const tools = await db.tool.findMany({ where: { catalogId: catalog.id } });
      expect(tools.length).toBeGreaterThan(5);
      // Byte for byte as the server wrote it ($schema first where it put it first; an MCP client's copy has it last).
      for (const tool of tools) expect(raw).toContain(`"inputSchema":${JSON.stringify(tool.parameters)}`);
      expect(tools.some((t) => Object.keys(t.parameters as object)[0] === "$schema")).toBe(true);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  it("refuses a read token, and says what is missing", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const ref = { team: people.team.slug, catalog: catalog.slug };
    const { secret } = await callerFor(db, people.owner).token.create({ ...ref, name: "reader" });
    const target = ["--url", url, "--team", ref.team, "--catalog", ref.catalog];
    const refused = await runCli(["import", ...target, "--yes", "--", process.execPath, FIXTURE], secret);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /403 FORBIDDEN: This token may not import; importing needs a token created with the import scope/,
    );
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(0);
    expect(await runCli(["import", ...target], secret)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/give the MCP server's command/),
    });
    const missing = await runCli(["import", ...target, "--", "no-such-mcp-server-cmd"], secret);
    expect(missing).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/could not list the tools of "no-such-mcp-server-cmd"/),
    });
  });
});
