// Live MCP imports through import.fetchMcp, and the attacks issue #17 found replayed against it: a user-given
// command on the host, and HTTP imports aimed at the host's own network.
import { existsSync, mkdtempSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchMcpTools } from "../services/import/fetch-mcp-tools";
// @ts-expect-error plain ESM test fixture without types
import { startHttpServer } from "../testing/tiny-mcp-server.mjs";
import { callerFor, createCatalog, createTeamWithMembers } from "../testing/factories";
import { useTestDatabase } from "../testing/use-test-database";

const { db } = useTestDatabase();
const FIXTURE = path.resolve(import.meta.dirname, "../testing/tiny-mcp-server.mjs");
const MCP = { namespace: "weather", mcpServer: "tiny-weather", exposure: "deferred" as const };

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("expected the call to fail");
}

/** Listens on 127.0.0.1 and hands each socket to `onSocket`; counts connections; `close` drops them all. */
async function listen(onSocket: (socket: net.Socket) => void) {
  const sockets = new Set<net.Socket>();
  const state = { connections: 0, port: 0 };
  const server = net.createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.port = (server.address() as net.AddressInfo).port;
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(resolve));
  };
  return Object.assign(state, { close });
}

async function freePort(): Promise<number> {
  const server = await listen(() => {});
  await server.close();
  return server.port;
}

async function setup() {
  const t = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, t.team.id);
  return {
    ...t,
    catalog,
    ref: { team: t.team.slug, catalog: catalog.slug },
    api: callerFor(db, t.editor),
    owner$: callerFor(db, t.owner),
  };
}

afterEach(() => vi.unstubAllEnvs());

describe("stdio import: the server never runs a command a user supplied", () => {
  it("refuses `sh -c 'id > file'` by default, and the file never appears", async () => {
    const { ref, owner$ } = await setup();
    const file = path.join(mkdtempSync(path.join(tmpdir(), "stockroom-rce-")), "pwned");
    const attack = { transport: "stdio" as const, command: "sh", args: ["-c", `id > ${file}`], env: {} };
    const refused = await failure(owner$.import.fetchMcp({ ...ref, connection: attack }));
    expect(refused).toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringMatching(
        /does not start MCP server commands.*stockroom -- import.*STOCKROOM_STDIO_COMMANDS/,
      ),
    });
    vi.stubEnv("STOCKROOM_STDIO_COMMANDS", "npx,uvx"); // an allow-list without sh
    expect((await failure(owner$.import.fetchMcp({ ...ref, connection: attack }))).message).toMatch(
      /"sh" is not one of the commands this server may start \(npx, uvx\)/,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(file)).toBe(false);
    const settings = await owner$.import.liveSettings(ref);
    expect(settings).toMatchObject({
      stdioCommands: ["npx", "uvx"],
      allowsPrivateNetworks: false,
      cliHint: expect.stringMatching(/stockroom -- import/),
    });
  });

  it("refuses an inline `node -e` server unless node is allowed, and never lets the environment change what it loads", async () => {
    const { ref, owner$, api, catalog } = await setup();
    const inline = `require("fs").writeFileSync(${JSON.stringify(path.join(tmpdir(), "never"))}, require("fs").readdirSync(".").join())`;
    const node = { transport: "stdio" as const, command: process.execPath, args: ["-e", inline], env: {} };
    expect(await failure(owner$.import.fetchMcp({ ...ref, connection: node }))).toMatchObject({ code: "FORBIDDEN" });
    vi.stubEnv("STOCKROOM_STDIO_COMMANDS", process.execPath); // the operator allows this node
    const loader = { ...node, args: [FIXTURE], env: { NODE_OPTIONS: `--import=data:text/javascript,${inline}` } };
    expect((await failure(owner$.import.fetchMcp({ ...ref, connection: loader }))).message).toMatch(
      /NODE_OPTIONS cannot be set/,
    );
    const stdio = { ...node, args: [FIXTURE] };
    expect(await failure(api.import.fetchMcp({ ...ref, connection: stdio }))).toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringMatching(/needs the owner role/),
    });
    const live = await owner$.import.fetchMcp({ ...ref, connection: stdio });
    expect(live).toMatchObject({ serverName: "tiny-weather", serverVersion: "1.0.0", toolCount: 3 });
    const preview = await api.import.preview({ ...ref, text: live.text, options: MCP });
    expect(preview.counts).toMatchObject({ new: 3 });
    // The namespace the import creates is described from initialize: title, version, the instructions' first paragraph.
    expect(live.namespaceDescription).toBe(
      "Tools of the Tiny Weather MCP server (version 1.0.0). Weather forecasts, alerts and UV index for any city.",
    );
    const options = {
      ...MCP,
      namespace: "weather",
      mcpServer: live.serverName!,
      namespaceDescription: live.namespaceDescription,
    };
    const plan = await api.import.preview({ ...ref, text: live.text, options });
    await api.import.commit({ ...ref, text: live.text, options, fingerprint: plan.fingerprint, skipInvalid: false });
    expect(await db.namespace.findFirstOrThrow({ where: { catalogId: catalog.id, name: "weather" } })).toMatchObject({
      description: live.namespaceDescription,
    });
    // The namespaces panel warns about deferred namespaces without a description: it needs their deferred counts.
    expect((await api.namespace.list(ref)).find((ns) => ns.name === "weather")).toMatchObject({
      toolCount: 3,
      deferredCount: 3,
    });
  });

  it("says what is wrong with an allowed command", async () => {
    const { ref, owner$ } = await setup();
    vi.stubEnv("STOCKROOM_STDIO_COMMANDS", `no-such-mcp-server-cmd,${process.execPath}`);
    const fetch = (command: string, args: string[] = []) =>
      failure(owner$.import.fetchMcp({ ...ref, connection: { transport: "stdio", command, args, env: {} } }));
    expect((await fetch("  ")).message).toMatch(/Enter the command/);
    expect((await fetch("no-such-mcp-server-cmd")).message).toMatch(/command not found/);
    const hang = await failure(
      fetchMcpTools(
        { transport: "stdio", command: process.execPath, args: [FIXTURE, "--hang"], env: {} },
        { timeoutMs: 1500 },
      ),
    );
    expect(hang.message).toBe("The MCP server did not answer within 1.5 s.");
  });
});

describe("HTTP import: never the host's own network", () => {
  it("refuses loopback, private, link-local (metadata), unspecified and mapped addresses without connecting", async () => {
    const { ref, api } = await setup();
    const target = await listen((socket) => socket.destroy());
    try {
      const urls = [
        `http://127.0.0.1:${target.port}/mcp`,
        `http://localhost:${target.port}/mcp`,
        `http://[::1]:${target.port}/mcp`,
        `http://[::ffff:127.0.0.1]:${target.port}/mcp`,
        `http://0.0.0.0:${target.port}/mcp`,
        "http://10.1.2.3/mcp",
        "http://192.168.0.1/mcp",
        "http://172.16.5.4/mcp",
        "http://169.254.169.254/latest/meta-data/",
        "http://100.64.0.1/mcp",
        "http://[fd00::1]/mcp",
        "http://[fe80::1]/mcp",
        "http://224.0.0.1/mcp",
        "http://2130706433/mcp",
      ];
      for (const url of urls) {
        const refused = await failure(
          api.import.fetchMcp({ ...ref, connection: { transport: "http", url, headers: {} } }),
        );
        expect(refused, url).toMatchObject({
          code: "FORBIDDEN",
          message: expect.stringMatching(/does not connect to loopback, private.*STOCKROOM_ALLOW_PRIVATE_NETWORKS=1/),
        });
      }
      expect(target.connections).toBe(0);
    } finally {
      await target.close();
    }
  });

  it("checks every connection, redirects included", async () => {
    const inner = await listen((socket) => socket.destroy());
    const redirector = http.createServer((_req, res) =>
      res.writeHead(307, { location: `http://127.0.0.1:${inner.port}/mcp` }).end(),
    );
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    const port = (redirector.address() as net.AddressInfo).port;
    // Only the redirector's own address is allowed: the redirect's target must be refused on its own connection.
    const addressPolicy = (address: string, p: number) => address === "127.0.0.1" && p === port;
    try {
      const settings = { stdioCommands: [], allowPrivateNetworks: false };
      const refused = await failure(
        fetchMcpTools(
          { transport: "http", url: `http://127.0.0.1:${port}/mcp`, headers: {} },
          { settings, addressPolicy, timeoutMs: 3000 },
        ),
      );
      expect(refused.message).toMatch(/answered HTTP 307/); // the SDK stays on the origin; the guard checks the rest
      const { createGuardedFetch } = await import("../services/import/mcp-network");
      const guarded = createGuardedFetch(addressPolicy, 2000);
      const followed = await guarded.fetch(`http://127.0.0.1:${port}/`, { redirect: "follow" }).then(
        () => "fetched",
        (e: Error) => String(e.cause),
      );
      await guarded.close();
      expect(followed).toMatch(/refused to connect to 127\.0\.0\.1: not a public address/);
      expect(inner.connections).toBe(0);
    } finally {
      await new Promise((resolve) => redirector.close(resolve));
      await inner.close();
    }
  });

  it("reads the same for an open, a closed and a silent port (no port scanner)", async () => {
    vi.stubEnv("STOCKROOM_ALLOW_PRIVATE_NETWORKS", "1");
    const open = await listen((socket) => socket.end("SSH-2.0-OpenSSH_9.6\r\n"));
    const silent = await listen(() => {}); // accepts, never answers
    const closed = await freePort();
    try {
      const messages = new Set<string>();
      for (const port of [open.port, silent.port, closed]) {
        const started = Date.now();
        const error = await failure(
          fetchMcpTools({ transport: "http", url: `http://127.0.0.1:${port}/mcp`, headers: {} }, { timeoutMs: 1500 }),
        );
        expect(error.code, String(port)).toBe("UNPROCESSABLE");
        // Nor does the time it takes: every one answers when the time is up.
        expect(Date.now() - started, String(port)).toBeGreaterThanOrEqual(1490);
        messages.add(error.message.replace(`:${port}/`, ":PORT/"));
      }
      expect([...messages]).toEqual([
        expect.stringMatching(
          /^Could not reach an MCP server at http:\/\/127\.0\.0\.1:PORT\/mcp \(the connection failed/,
        ),
      ]);
    } finally {
      await open.close();
      await silent.close();
    }
  });

  it("lists tools over Streamable HTTP with headers when the operator allows private networks (our own test server)", async () => {
    vi.stubEnv("STOCKROOM_ALLOW_PRIVATE_NETWORKS", "1");
    const server = await startHttpServer({ variant: "2", token: "s3cret" });
    try {
      const { ref, api } = await setup();
      const ok = await api.import.fetchMcp({
        ...ref,
        connection: { transport: "http", url: server.url, headers: { Authorization: "Bearer s3cret" } },
      });
      expect(ok).toMatchObject({ serverName: "tiny-weather", toolCount: 4 });
      expect(JSON.parse(ok.text).tools.map((t: { name: string }) => t.name)).toContain("get_pollen");
      const refused = await failure(
        api.import.fetchMcp({ ...ref, connection: { transport: "http", url: server.url, headers: {} } }),
      );
      expect(refused.message).toMatch(/refused the request \(401\); check the headers/);
      const fetch = (url: string) =>
        failure(api.import.fetchMcp({ ...ref, connection: { transport: "http", url, headers: {} } }));
      expect((await fetch("ftp://127.0.0.1/mcp")).message).toBe("Only http:// and https:// MCP endpoints can be used.");
      expect((await fetch("not a url")).code).toBe("BAD_REQUEST");
      expect((await fetch("http://u:p@127.0.0.1/mcp")).message).toMatch(/credentials in a header/);
    } finally {
      await server.close();
    }
  });
});
