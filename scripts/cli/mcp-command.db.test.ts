// `stockroom mcp` as MCP clients use it: the official SDK client drives the CLI process (stdio), which serves a
// catalog published on a real Stockroom server (the agent API's node:http handler over a real database) and
// forwards calls to real MCP servers from npm (everything, filesystem, memory) and to misbehaving ones.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeAgentHandler } from "@/server/http/agent-dispatch";
import { callerFor, createCatalog, createTeamWithMembers } from "@/server/testing/factories";
import { editTool } from "@/server/testing/publishing-fixture";
import { binOf } from "@/server/testing/real-mcp-servers";
import { repoRoot, startStockroomMcp, type StockroomMcpProcess } from "@/server/testing/stockroom-mcp-process";
import { useTestDatabase } from "@/server/testing/use-test-database";

const FLAKY = path.join(repoRoot, "server/testing/flaky-mcp-server.mjs");
const TINY = path.join(repoRoot, "server/testing/tiny-mcp-server.mjs");
const node = process.execPath;

type Listed = Array<Record<string, unknown> & { name: string }>;

/** A server's tools/list, as the import reads it. */
async function listTools(command: string, args: string[], env: Record<string, string> = {}): Promise<Listed> {
  const client = new Client({ name: "fixture", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({ command, args, env: { ...getDefaultEnvironment(), ...env }, stderr: "ignore" }),
  );
  try {
    return (await client.listTools()).tools as Listed;
  } finally {
    await client.close();
  }
}

/** The `text` of the first text block of a tool result. */
const textOf = (result: unknown) =>
  ((result as { content: Array<{ type: string; text?: string }> }).content.find((c) => c.type === "text")?.text ??
    "") as string;

const namesOf = (tools: Array<{ name: string }>) => tools.map((t) => t.name).sort();

async function waitFor<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const { db } = useTestDatabase({ asAppDatabase: true, agentRequestsPerMinute: 10_000 });
let server: Server;
let url = "";
/** A token with the import scope too, so `stockroom mcp` reads the namespaces' sources. */
let secret = "";
/** A read and events token: no sources. */
let readSecret = "";
let at: { team: string; catalog: string };
let catalogId = "";
let viewer: ReturnType<typeof callerFor>;
let editor: ReturnType<typeof callerFor>;
/** What the Stockroom server answered, in order (method, path, status). */
const answered: Array<{ path: string; status: number }> = [];
const work = mkdtempSync(path.join(tmpdir(), "stockroom-mcp-"));
const serversFile = path.join(work, "servers.json");
const cacheDir = path.join(work, "cache");
let remote: { url: string; stop: () => void };
const gateways: StockroomMcpProcess[] = [];

const env = () => ({
  STOCKROOM_TOKEN: secret,
  TEST_MEMORY_FILE: path.join(work, "memory.jsonl"),
  REMOTE_MCP_TOKEN: REMOTE_TOKEN,
  FLAKY_SECRET: SOURCE_SECRET,
});
const api = () => ["--url", url, "--team", at.team, "--catalog", at.catalog, "--cache-dir", cacheDir];
async function gateway(extra: string[] = [], token = secret): Promise<StockroomMcpProcess> {
  // Generous defaults (a loaded machine starts node slowly); the hang test shortens them.
  const args = [...api(), "--servers", serversFile, "--timeout", "30", "--start-timeout", "60", ...extra];
  const started = await startStockroomMcp(args, { ...env(), STOCKROOM_TOKEN: token });
  gateways.push(started);
  return started;
}

beforeAll(async () => {
  const handler = createNodeAgentHandler();
  server = createServer((req, res) => {
    res.on("finish", () => answered.push({ path: req.url ?? "", status: res.statusCode }));
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  remote = await startRemoteFlaky();
  const people = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, people.team.id);
  catalogId = catalog.id;
  at = { team: people.team.slug, catalog: catalog.slug };
  viewer = callerFor(db, people.viewer);
  editor = callerFor(db, people.editor);
  await importAndPublish(editor, at, work, catalogId, db);
  const owner = callerFor(db, people.owner);
  ({ secret } = await owner.token.create({ ...at, name: "mcp", scopes: ["read", "import", "events"] }));
  ({ secret: readSecret } = await owner.token.create({ ...at, name: "mcp-read" }));
  writeFileSync(serversFile, JSON.stringify(serversConfig(work, remote.url)));
}, 180_000);

afterAll(async () => {
  await Promise.allSettled(gateways.map((g) => g.close()));
  remote?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe("stockroom mcp: tools/list and search", { timeout: 120_000 }, () => {
  it("lists the direct tools, one search tool and one call tool; deferred and hidden tools are not listed", async () => {
    const { client, stderr } = await gateway();
    const { tools } = await client.listTools();
    expect(namesOf(tools)).toEqual(
      [
        ...MEMORY_TOOLS,
        "call_tool",
        "crash",
        "flaky__flaky_echo",
        "hang",
        "lost",
        "remote__flaky_echo",
        "search_tools",
        "sourced__flaky_echo",
        "wait",
      ].sort(),
    );
    const search = tools.find((t) => t.name === "search_tools")!;
    expect(search.inputSchema.required).toEqual(["query"]);
    expect(search.description).toContain("namespaces: everything, filesystem");
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    expect(stderr()).toMatch(
      /v1 verified: 16 direct and \d+ deferred tools; upstream servers: everything, filesystem, kg-memory, .*sourced \(source\)/,
    );
  });

  it("searches as the playground ranks that version, loads the hits and says so with list_changed", async () => {
    const { client } = await gateway();
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      changed++;
    });
    const query = "add two numbers together";
    const result = await client.callTool({ name: "search_tools", arguments: { query, limit: 4 } });
    const found = (result.structuredContent as { tools: Array<{ name: string; inputSchema: unknown }> }).tools;
    const playground = await viewer.playground.search({ ...at, query, version: 1, limit: 4 });
    expect(found.map((t) => t.name)).toEqual(playground.hits.map((hit) => hit.name));
    expect(found[0]).toMatchObject({ name: "get-sum", inputSchema: { required: ["a", "b"] } });
    expect(textOf(result)).toContain("4 tools found and loaded");
    await waitFor(
      () => changed,
      (n) => n > 0,
    );
    expect(changed).toBe(1);
    const listed = namesOf((await client.listTools()).tools);
    for (const tool of found) expect(listed).toContain(tool.name);
    // The same search again loads nothing new: no second notification.
    await client.callTool({ name: "search_tools", arguments: { query, limit: 4 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changed).toBe(1);

    const empty = await client.callTool({ name: "search_tools", arguments: { query: " " } });
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toMatch(/non-empty string query/);
    const badLimit = await client.callTool({ name: "search_tools", arguments: { query, limit: 500 } });
    expect(textOf(badLimit)).toMatch(/limit must be an integer from 1 to 50/);
  });
});

describe("stockroom mcp: calls", { timeout: 120_000 }, () => {
  it("passes results through unchanged: content, structuredContent and isError", async () => {
    const { client } = await gateway();
    const direct = new Client({ name: "direct", version: "1.0.0" });
    await direct.connect(
      new StdioClientTransport({
        command: node,
        args: [binOf("@modelcontextprotocol/server-everything"), "stdio"],
        stderr: "ignore",
      }),
    );
    const fs = new Client({ name: "direct-fs", version: "1.0.0" });
    await fs.connect(
      new StdioClientTransport({
        command: node,
        args: [binOf("@modelcontextprotocol/server-filesystem"), work],
        stderr: "ignore",
      }),
    );
    try {
      await client.callTool({ name: "search_tools", arguments: { query: "echo back the input message" } });
      await client.callTool({ name: "search_tools", arguments: { query: "structured content output schema" } });
      await client.callTool({ name: "search_tools", arguments: { query: "read a text file contents" } });
      for (const [name, args] of [
        ["echo", { message: "héllo" }],
        ["get-structured-content", { location: "Chicago" }],
      ] as const) {
        const through = await client.callTool({ name, arguments: args });
        expect(through).toEqual(await direct.callTool({ name, arguments: args }));
      }
      const outside = { path: "/etc/hostname" };
      const refused = await client.callTool({ name: "read_text_file", arguments: outside });
      expect(refused.isError).toBe(true);
      expect(refused).toEqual(await fs.callTool({ name: "read_text_file", arguments: outside }));
      const failed = await client.callTool({ name: "flaky__flaky_echo", arguments: { message: "x", fail: true } });
      expect(failed).toMatchObject({ isError: true, structuredContent: { message: "x", length: 1 } });
    } finally {
      await Promise.all([direct.close(), fs.close()]);
    }
  });

  it("calls through call_tool, by name or id, and over HTTP upstreams with headers from the environment", async () => {
    const { client } = await gateway();
    const notYet = await client.callTool({ name: "call_tool", arguments: { name: "get-sum", arguments: { a: 1 } } });
    expect(notYet).toMatchObject({ isError: true });
    expect(textOf(notYet)).toMatch(/"get-sum" is not loaded yet: find it with search_tools first/);
    await client.callTool({ name: "search_tools", arguments: { query: "sum of two numbers" } });
    const sum = await client.callTool({ name: "call_tool", arguments: { name: "get-sum", arguments: { a: 2, b: 3 } } });
    expect(textOf(sum)).toMatch(/5/);
    const byId = await client.callTool({
      name: "call_tool",
      arguments: { name: "everything.get-sum", arguments: { a: 1, b: 1 } },
    });
    expect(textOf(byId)).toMatch(/2/);
    const remoteEcho = await client.callTool({ name: "remote__flaky_echo", arguments: { message: "over http" } });
    expect(remoteEcho).toMatchObject({ content: [{ type: "text", text: "echo: over http" }] });
    const memory = await client.callTool({ name: "read_graph", arguments: {} });
    expect(memory.isError).toBeFalsy();
    const lost = await client.callTool({ name: "lost", arguments: {} });
    expect(textOf(lost)).toBe(
      'No MCP server is configured for nowhere.lost: add "nowhere" to the mcpServers file given with --servers.',
    );
    const badArgs = await client.callTool({ name: "call_tool", arguments: { name: "crash", arguments: [1] } });
    expect(textOf(badArgs)).toBe("call_tool: arguments must be a JSON object.");
  });

  it("starts the server a namespace's source records, with the variables it names from this environment", async () => {
    const { client } = await gateway();
    const echo = await client.callTool({ name: "sourced__flaky_echo", arguments: { message: "from the source" } });
    expect(echo).toMatchObject({
      content: [{ type: "text", text: "echo: from the source" }],
      structuredContent: { secret: SOURCE_SECRET },
    });
    // A token without the import scope cannot read sources: the servers file alone routes calls, and the log says so.
    const reader = await gateway([], readSecret);
    expect(reader.stderr()).toContain("namespace sources not read (the token lacks the import scope)");
    const unrouted = await reader.client.callTool({ name: "sourced__flaky_echo", arguments: { message: "x" } });
    expect(textOf(unrouted)).toMatch(/No MCP server is configured for sourced.flaky_echo/);
  });

  it("refuses unknown and hidden tools: never listed, found or called", async () => {
    const { client } = await gateway();
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(
      /Unknown tool "no_such_tool": find tools with search_tools/,
    );
    const search = await client.callTool({
      name: "search_tools",
      arguments: { query: "environment variables get env debugging configuration", limit: 50 },
    });
    const found = namesOf((search.structuredContent as { tools: Array<{ name: string }> }).tools);
    expect(found.length).toBeGreaterThan(0);
    expect(found).not.toContain("get-env");
    await expect(client.callTool({ name: "get-env", arguments: {} })).rejects.toThrow(/Unknown tool "get-env"/);
    for (const name of ["get-env", "everything.get-env"]) {
      const viaCall = await client.callTool({ name: "call_tool", arguments: { name } });
      expect(viaCall.isError).toBe(true);
      expect(textOf(viaCall)).toContain(`Unknown tool ${JSON.stringify(name)}`);
    }
    expect(namesOf((await client.listTools()).tools)).not.toContain("get-env");
  });

  it("turns an upstream crash into an error result and restarts it once", async () => {
    const { client } = await gateway();
    const before = await client.callTool({ name: "flaky__flaky_echo", arguments: { message: "a" } });
    const crashed = await client.callTool({ name: "crash", arguments: {} });
    expect(crashed.isError).toBe(true);
    expect(textOf(crashed)).toMatch(/MCP server "flaky" exited during crash .*crashing on purpose.*next call starts/s);
    const after = await client.callTool({ name: "flaky__flaky_echo", arguments: { message: "b" } });
    expect(after.isError).toBeFalsy();
    const pid = (r: typeof after) => (r.structuredContent as { pid: number }).pid;
    expect(pid(after)).not.toBe(pid(before)); // a new process
    // Crashing again right after the restart, twice in a row: it is not started a third time for a while.
    await client.callTool({ name: "crash", arguments: {} });
    await client.callTool({ name: "crash", arguments: {} });
    const down = await client.callTool({ name: "flaky__flaky_echo", arguments: { message: "c" } });
    expect(textOf(down)).toMatch(/MCP server "flaky" failed again after a restart \(exited\); it is not started again/);
  });

  it("answers within the timeout when an upstream hangs on a call or never answers at all", async () => {
    // The client would wait 90 s; the answers are the gateway's own timeout results, which name the timeout.
    const patient = { timeout: 90_000 };
    const { client } = await gateway(["--timeout", "3"]);
    const hung = await client.callTool({ name: "hang", arguments: {} }, undefined, patient);
    expect(hung.isError).toBe(true);
    expect(textOf(hung)).toMatch(/MCP server "flaky" did not answer hang within 3 s \(the --timeout\)/);
    // The hung call did not take the server down with it.
    const echo = await client.callTool({ name: "flaky__flaky_echo", arguments: { message: "still here" } });
    expect(echo.isError).toBeFalsy();
    const stuck = await gateway(["--start-timeout", "3"]);
    const never = await stuck.client.callTool({ name: "wait", arguments: {} }, undefined, patient);
    expect(never.isError).toBe(true);
    expect(textOf(never)).toMatch(/MCP server "stuck" could not start: .*timed out/i);
  });
});

describe("stockroom mcp --http", { timeout: 120_000 }, () => {
  it("serves Streamable HTTP on 127.0.0.1 only: list, search, list_changed and calls", async () => {
    const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
    const args = [path.join(repoRoot, "scripts/stockroom-cli.ts"), "mcp", ...api(), "--servers", serversFile];
    const child = spawn(tsx, [...args, "--http", "0"], { cwd: repoRoot, env: { ...process.env, ...env() } });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      let log = "";
      child.stderr.on("data", (chunk: Buffer) => {
        log += chunk.toString();
      });
      const listening = await waitFor(
        () => log.match(/listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/)?.[1],
        (found) => found !== undefined,
        60_000,
      );
      expect(listening, log).toBeDefined();
      const client = new Client({ name: "http-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(listening!)));
      let changed = 0;
      client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
        changed++;
      });
      expect(namesOf((await client.listTools()).tools)).toContain("search_tools");
      await client.callTool({ name: "search_tools", arguments: { query: "echo back the input message" } });
      await waitFor(
        () => changed,
        (n) => n > 0,
      );
      expect(namesOf((await client.listTools()).tools)).toContain("echo");
      const echo = await client.callTool({ name: "echo", arguments: { message: "over http" } });
      expect(textOf(echo)).toMatch(/over http/);
      await client.close();
      const rebound = await fetch(listening!, { method: "POST", headers: { origin: "http://evil.example" } });
      expect(rebound.status).toBe(403);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
  });
});

describe("stockroom mcp: Insights, new versions and offline start", { timeout: 120_000 }, () => {
  it("reports searches, calls and outcomes to the catalog's Insights, in the background, under its privacy setting", async () => {
    const { client } = await gateway();
    await client.callTool({ name: "search_tools", arguments: { query: "tiny image logo 42" } });
    await client.callTool({ name: "get-tiny-image", arguments: {} });
    const events = await waitFor(
      () => db.agentEvent.findMany({ where: { catalogId, toolId: "everything.get-tiny-image" } }),
      (rows) => rows.length > 0 && rows[0]!.ok !== null,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: "call", ok: true, snapshotVersion: 1 });
    const search = await db.agentEvent.findFirst({
      where: { catalogId, kind: "search", clientEventId: events[0]!.searchEventId! },
    });
    expect(search).toMatchObject({
      query: "tiny image logo [number]", // the catalog's default privacy setting: redacted
      followed: true,
      conversationId: events[0]!.conversationId,
    });
    expect(await db.agentEvent.count({ where: { catalogId, kind: "outcome", callId: events[0]!.callId } })).toBe(1);
  });

  it("revalidates latest with its ETag and serves a new version when one is published; a pinned one stays", async () => {
    const latest = await gateway(["--refresh", "0.3"]);
    const pinned = await gateway(["--version", "1", "--refresh", "0.3"]);
    let changed = 0;
    latest.client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      changed++;
    });
    const snapshotPath = `/api/v1/catalogs/${at.team}/${at.catalog}/snapshots/latest`;
    await waitFor(
      () => answered.filter((a) => a.path === snapshotPath && a.status === 304).length,
      (n) => n >= 2,
    );
    expect(changed).toBe(0);
    await editTool(db, catalogId, "everything.get-sum", { exposure: "direct" });
    await editor.review.publish({ ...at, note: "get-sum direct" });
    await waitFor(
      () => changed,
      (n) => n > 0,
    );
    expect(namesOf((await latest.client.listTools()).tools)).toContain("get-sum");
    expect(latest.stderr()).toContain("now serving v2");
    expect(namesOf((await pinned.client.listTools()).tools)).not.toContain("get-sum");
    expect(textOf(await latest.client.callTool({ name: "get-sum", arguments: { a: 1, b: 2 } }))).toMatch(/3/);
  });

  it("starts from the last verified snapshot when the Stockroom server is offline", async () => {
    const first = await gateway();
    const online = namesOf((await first.client.listTools()).tools);
    await first.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const offline = await gateway();
    expect(offline.stderr()).toMatch(/v2 from the local cache \(server unreachable\)/);
    expect(namesOf((await offline.client.listTools()).tools)).toEqual(online);
    await offline.client.callTool({ name: "search_tools", arguments: { query: "echo back the input message" } });
    const echo = await offline.client.callTool({ name: "echo", arguments: { message: "offline" } });
    expect(textOf(echo)).toMatch(/offline/);
    // The namespaces' sources read at the first start route calls too.
    expect(offline.stderr()).toContain("namespace sources from the local cache");
    const sourced = await offline.client.callTool({ name: "sourced__flaky_echo", arguments: { message: "offline" } });
    expect(sourced).toMatchObject({ structuredContent: { message: "offline", secret: SOURCE_SECRET } });
    // A cached snapshot that no longer matches its hash is not trusted: with the server away, nothing is served.
    const cached = path.join(cacheDir, at.team, at.catalog, "latest.json");
    writeFileSync(cached, readFileSync(cached, "utf8").replace("Echoes back the input string", "Echoes it all"));
    await expect(gateway()).rejects.toThrow(
      /cannot reach http:\/\/127.0.0.1:\d+ \(fetch failed\) and .* holds no verified snapshot/,
    );
  });
});

const MEMORY_TOOLS = [
  "add_observations",
  "create_entities",
  "create_relations",
  "delete_entities",
  "delete_observations",
  "delete_relations",
  "open_nodes",
  "read_graph",
  "search_nodes",
];

function serversConfig(work: string, remoteUrl: string) {
  return {
    mcpServers: {
      everything: { command: node, args: [binOf("@modelcontextprotocol/server-everything"), "stdio"] },
      filesystem: { command: node, args: [binOf("@modelcontextprotocol/server-filesystem"), work] },
      // Matched by the MCP server name the import recorded (the namespace is "memory").
      "kg-memory": {
        command: node,
        args: [binOf("@modelcontextprotocol/server-memory")],
        env: { MEMORY_FILE_PATH: "${TEST_MEMORY_FILE}" },
      },
      flaky: { command: node, args: [FLAKY] },
      stuck: { command: node, args: [TINY, "--hang"] },
      remote: { url: remoteUrl, headers: { authorization: "Bearer ${env:REMOTE_MCP_TOKEN}" } },
    },
  };
}

/** The flaky server over HTTP, requiring the token the gateway reads from its environment (REMOTE_MCP_TOKEN). */
async function startRemoteFlaky(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(node, [FLAKY, "--http"], { env: { ...process.env, FLAKY_TOKEN: REMOTE_TOKEN } });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once("error", reject);
  });
  return { url, stop: () => child.kill() };
}

const REMOTE_TOKEN = "remote-secret";
const SOURCE_SECRET = "a secret of this machine";

type Editor = ReturnType<typeof callerFor>;

async function importAndPublish(
  editor: Editor,
  at: { team: string; catalog: string },
  work: string,
  catalogId: string,
  db: Parameters<typeof editTool>[0],
) {
  const flaky = await listTools(node, [FLAKY]);
  const sources: Array<[string, string, "direct" | "deferred", Listed]> = [
    [
      "everything",
      "everything",
      "deferred",
      await listTools(node, [binOf("@modelcontextprotocol/server-everything"), "stdio"]),
    ],
    [
      "filesystem",
      "filesystem",
      "deferred",
      await listTools(node, [binOf("@modelcontextprotocol/server-filesystem"), work]),
    ],
    [
      "memory",
      "kg-memory",
      "direct",
      await listTools(node, [binOf("@modelcontextprotocol/server-memory")], {
        MEMORY_FILE_PATH: path.join(work, "m.jsonl"),
      }),
    ],
    ["flaky", "flaky", "direct", flaky],
    ["remote", "remote", "direct", flaky.filter((t) => t.name === "flaky_echo")],
    // Routed by the namespace's recorded source (no entry in the servers file).
    ["sourced", "sourced", "direct", flaky.filter((t) => t.name === "flaky_echo")],
    [
      "stuck",
      "stuck",
      "direct",
      [{ name: "wait", description: "Wait for what never comes.", inputSchema: { type: "object" } }],
    ],
    [
      "nowhere",
      "nowhere",
      "direct",
      [{ name: "lost", description: "A tool no server answers.", inputSchema: { type: "object" } }],
    ],
  ];
  for (const [namespace, mcpServer, exposure, tools] of sources) {
    const text = JSON.stringify({ tools });
    const options = { namespace, mcpServer, exposure, namespaceDescription: `${namespace} tools` };
    const preview = await editor.import.preview({ ...at, text, options });
    await editor.import.commit({ ...at, text, options, fingerprint: preview.fingerprint });
  }
  const source = { kind: "mcp-stdio" as const, command: node, args: [FLAKY], env: ["FLAKY_SECRET"] };
  await editor.source.set({ ...at, namespace: "sourced", source });
  await editTool(db, catalogId, "everything.get-env", { exposure: "hidden" });
  await editor.review.publish({ ...at, note: "stockroom mcp test" });
}
