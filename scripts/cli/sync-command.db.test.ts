// `stockroom sync` through a child process, as a user runs it: stdio MCP servers started on this machine by the
// CLI (a real one from npm, and the tiny fixture whose tools change with TINY_MCP_VARIANT, passed from this
// machine's environment because the source names it), a real agent API over HTTP and a real database.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeAgentHandler } from "@/server/http/agent-dispatch";
import { callerFor, createCatalog, createTeamWithMembers } from "@/server/testing/factories";
import { binOf } from "@/server/testing/real-mcp-servers";
import { useTestDatabase } from "@/server/testing/use-test-database";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
const cli = path.join(repoRoot, "scripts/stockroom-cli.ts");
const FIXTURE = path.join(repoRoot, "server/testing/tiny-mcp-server.mjs");

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(tsx, [cli, ...args], { cwd: repoRoot, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe("stockroom sync", { timeout: 120_000 }, () => {
  const { db } = useTestDatabase({ asAppDatabase: true });
  let server: Server;
  let url = "";
  const work = mkdtempSync(path.join(tmpdir(), "stockroom-sync-"));
  beforeAll(async () => {
    server = createServer(createNodeAgentHandler());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  async function setup() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const ref = { team: people.team.slug, catalog: catalog.slug };
    const editor = callerFor(db, people.editor);
    const { secret } = await callerFor(db, people.owner).token.create({ ...ref, name: "laptop", scopes: ["import"] });
    const target = (namespace: string) => [
      "--url",
      url,
      "--team",
      ref.team,
      "--catalog",
      ref.catalog,
      "--namespace",
      namespace,
    ];
    return { catalog, ref, editor, secret, target };
  }

  it("starts a real MCP server from npm here, imports it, and a second sync finds it unchanged", async () => {
    const { catalog, ref, editor, secret, target } = await setup();
    const memoryFile = path.join(work, "memory.jsonl");
    await editor.source.set({
      ...ref,
      namespace: "memory",
      source: {
        kind: "mcp-stdio",
        command: process.execPath,
        args: [binOf("@modelcontextprotocol/server-memory")],
        env: ["MEMORY_FILE_PATH"],
      },
    });
    const env = { STOCKROOM_TOKEN: secret, MEMORY_FILE_PATH: memoryFile };
    const first = await runCli(["sync", ...target("memory"), "--yes"], env);
    expect(first.stderr).toBe("");
    expect(first.stdout).toMatch(/memory-server listed 9 tools → .* namespace memory/);
    expect(first.stdout).toContain("Synced: 9 created, 0 updated, 0 removed, 0 kept, 0 unchanged, 0 skipped");
    const second = await runCli(["sync", ...target("memory"), "--yes"], env);
    expect(second.stdout).toContain("0 new, 0 changed, 0 conflicts, 0 removed, 9 unchanged");
    expect(second.stdout).toContain("In sync: nothing to apply.");
    const tools = await db.tool.findMany({ where: { catalogId: catalog.id } });
    expect(tools.length).toBe(9);
    expect(new Set(tools.map((t) => t.mcpServer))).toEqual(new Set(["memory-server"]));
    const [source] = await editor.source.list(ref);
    expect(source).toMatchObject({ mcpServer: "memory-server", lastSyncedAt: expect.any(String) });
  });

  it("syncs an upstream change (added, changed, removed) as decided, and keeps the team's edits", async () => {
    const { catalog, ref, editor, secret, target } = await setup();
    await editor.source.set({
      ...ref,
      namespace: "weather",
      source: { kind: "mcp-stdio", command: process.execPath, args: [FIXTURE], env: ["TINY_MCP_VARIANT"] },
    });
    const env = (variant: string) => ({ STOCKROOM_TOKEN: secret, TINY_MCP_VARIANT: variant });
    // The source names TINY_MCP_VARIANT: without it in this machine's environment, nothing starts.
    expect(process.env.TINY_MCP_VARIANT).toBeUndefined();
    const unset = await runCli(["sync", ...target("weather")], { STOCKROOM_TOKEN: secret });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain("the source passes TINY_MCP_VARIANT to the server: set it here first");
    const first = await runCli(["sync", ...target("weather"), "--yes"], env("1"));
    expect(first.stdout).toContain("Synced: 3 created, 0 updated, 0 removed, 0 kept, 0 unchanged, 0 skipped");
    const uv = await db.tool.findFirstOrThrow({ where: { catalogId: catalog.id, key: "weather.get_uv_index" } });
    await editor.tool.update({
      ...ref,
      id: uv.id,
      revision: uv.revision,
      patch: { searchTextExtra: "sunburn", exposure: "hidden" },
    });

    const refused = await runCli(["sync", ...target("weather"), "--yes"], env("3"));
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toContain(
      "1 new, 1 changed, 0 conflicts, 1 removed, 1 unchanged, 0 invalid, 0 skipped (mcp)",
    );
    expect(refused.stdout).toContain("x removed   weather.list_alerts");
    expect(refused.stderr).toMatch(
      /the server no longer lists weather.list_alerts: pass --remove-missing or --keep-missing/,
    );
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(3);

    const applied = await runCli(["sync", ...target("weather"), "--yes", "--remove-missing"], env("3"));
    expect(applied.stderr).toBe("");
    expect(applied.stdout).toContain("Synced: 1 created, 1 updated, 1 removed, 0 kept, 1 unchanged, 0 skipped");
    const after = await db.tool.findMany({ where: { catalogId: catalog.id }, orderBy: { key: "asc" } });
    expect(after.map((t) => t.key)).toEqual(["weather.get_forecast", "weather.get_pollen", "weather.get_uv_index"]);
    expect(after[2]).toMatchObject({ searchTextExtra: "sunburn", exposure: "hidden" });
    expect(after[0]!.description).toBe("Get the weather forecast for a city, hourly.");
  });

  it("sends a file source from this machine, and says what is wrong without writing", async () => {
    const { catalog, ref, editor, secret, target } = await setup();
    const file = path.join(work, "tools.json");
    writeFileSync(
      file,
      JSON.stringify({ tools: [{ name: "ping", description: "Ping.", inputSchema: { type: "object" } }] }),
    );
    await editor.source.set({ ...ref, namespace: "files", source: { kind: "file", file } });
    const ok = await runCli(["sync", ...target("files"), "--yes"], { STOCKROOM_TOKEN: secret });
    expect(ok.stdout).toContain("Synced: 1 created");
    expect((await db.tool.findFirstOrThrow({ where: { catalogId: catalog.id } })).key).toBe("files.ping");
    const none = await runCli(["sync", ...target("nothing"), "--yes"], { STOCKROOM_TOKEN: secret });
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/404 NOT_FOUND: Namespace "nothing" has no source/);
    writeFileSync(file, "{ not json");
    const broken = await runCli(["sync", ...target("files"), "--yes"], { STOCKROOM_TOKEN: secret });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/is neither JSON nor YAML/);
  });
});
