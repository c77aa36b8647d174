// `stockroom mcp`: serves a catalog's published tools to any MCP client (stdio, or Streamable HTTP on 127.0.0.1),
// with the catalog's own search, and forwards calls to the upstream MCP servers of a local mcpServers file or of
// the namespaces' recorded sources.
import os from "node:os";
import path from "node:path";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { connect, type StockroomCatalog } from "../../sdk/catalog";
import { parseFlags, runCommand, stringFlag, UsageError, type Flags } from "./io";
import { Gateway } from "./mcp/gateway";
import { createGatewayServer } from "./mcp/gateway-server";
import { serveHttp } from "./mcp/serve-http";
import { readServersConfig, ServersConfigError, type ServersConfig } from "./mcp/servers-config";
import { UpstreamPool } from "./mcp/upstream-pool";
import { namespaceSources } from "./mcp/namespace-sources";
import { localServersResolver, sourcesResolver } from "./mcp/upstream-routes";
import { API_FLAGS, API_USAGE, apiTargetOf, parseVersion } from "./snapshot-source";

export const usage =
  "mcp --url U --team T --catalog C [--version N|latest] [--servers FILE] [--http PORT] [--timeout S] [--start-timeout S] [--refresh S] [--cache-dir DIR] [--no-telemetry]\n" +
  `${API_USAGE}\n` +
  "  Serves the catalog as an MCP server over stdio (or Streamable HTTP on http://127.0.0.1:PORT/mcp): the direct tools,\n" +
  '  search_tools and call_tool. Calls go to the servers of FILE ({ "mcpServers": { name: { command, args, env } | { url, headers } } },\n' +
  "  matched by namespace or recorded MCP server name), else to the MCP server the namespace's source records (read with a\n" +
  "  token that has the import scope). --timeout (default 60 s) bounds every call, --start-timeout (default: --timeout)\n" +
  "  starting its server; --refresh (default 300 s) revalidates latest; the last verified snapshot is kept in DIR\n" +
  "  (default ~/.cache/stockroom) for an offline start.";

const FLAGS = [
  ...API_FLAGS,
  ...["version", "servers", "http", "timeout", "start-timeout", "refresh", "cache-dir", "no-telemetry"],
];

function secondsFlag(flags: Flags, name: string, fallback: number): number {
  const raw = stringFlag(flags, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`--${name} must be a positive number of seconds`);
  return value;
}

function portFlag(flags: Flags): number | null {
  const raw = stringFlag(flags, "http");
  if (raw === undefined) return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--http must be a port, got "${raw}"`);
  return port;
}

function serversOf(file: string | null): ServersConfig {
  if (!file) return new Map();
  try {
    return readServersConfig(file);
  } catch (error) {
    if (error instanceof ServersConfigError) throw new UsageError(error.message);
    throw error;
  }
}

const defaultCacheDir = () =>
  path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "stockroom", "snapshots");

const log = (message: string) => process.stderr.write(`stockroom mcp: ${message}\n`);

function describeStart(catalog: StockroomCatalog, servers: ServersConfig, fromSources: ServersConfig): string {
  const { snapshot } = catalog;
  const direct = snapshot.tools.filter((t) => t.exposure === "direct").length;
  const from = catalog.source === "cache" ? "from the local cache (server unreachable)" : "verified";
  const sourced = [...fromSources.keys()].filter((name) => !servers.has(name)).map((name) => `${name} (source)`);
  const names = servers.size + sourced.length > 0 ? [...servers.keys(), ...sourced].join(", ") : "none (--servers)";
  return `${snapshot.catalog.team}/${snapshot.catalog.slug} v${snapshot.version} ${from}: ${direct} direct and ${snapshot.tools.length - direct} deferred tools; upstream servers: ${names}`;
}

/** Everything the flags say, checked (a bad value is a UsageError naming the flag); nothing is started. */
export function parseMcpOptions(argv: string[]) {
  const flags = parseFlags(argv, FLAGS);
  const target = apiTargetOf(flags);
  if (!target) throw new UsageError("--url is required");
  const timeoutMs = secondsFlag(flags, "timeout", 60) * 1000;
  return {
    target,
    version: parseVersion(stringFlag(flags, "version")),
    serversFile: stringFlag(flags, "servers") ?? null,
    port: portFlag(flags),
    timeoutMs,
    startTimeoutMs: secondsFlag(flags, "start-timeout", timeoutMs / 1000) * 1000,
    refreshMs: secondsFlag(flags, "refresh", 300) * 1000,
    cacheDir: stringFlag(flags, "cache-dir") ?? defaultCacheDir(),
    telemetry: flags["no-telemetry"] !== true,
  };
}

export function run(argv: string[]): Promise<number> {
  return runCommand(usage, async () => {
    const { target, version, serversFile, port, timeoutMs, startTimeoutMs, refreshMs, cacheDir, telemetry } =
      parseMcpOptions(argv);
    const servers = serversOf(serversFile);
    const catalog = await connect({ ...target, version, cacheDir, ...(telemetry ? {} : { telemetry: false }) }).catch(
      (error: unknown) => {
        if (!(error instanceof TypeError)) throw error; // a refusal (401, 403, 404) says what it is itself
        const what = `${target.team}/${target.catalog} ${version === "latest" ? "latest" : `v${version}`}`;
        throw new Error(
          `cannot reach ${target.url} (${error.message}) and ${cacheDir} holds no verified snapshot of ${what}`,
        );
      },
    );
    const namespaces = [...new Set(catalog.snapshot.tools.flatMap((t) => (t.namespace ? [t.namespace] : [])))];
    const sources = await namespaceSources(target, namespaces, cacheDir);
    for (const note of sources.notes) log(note);
    log(describeStart(catalog, servers, sources.servers));
    const pool = new UpstreamPool({ timeoutMs, startTimeoutMs });
    const resolvers = [localServersResolver(servers), sourcesResolver(sources.servers)];
    const gateway = new Gateway({ catalog, pool, resolvers });
    const timer = setInterval(() => {
      gateway.refresh().then(
        (changed) => changed && log(`now serving v${catalog.version}`),
        () => {}, // offline: keep serving the snapshot held
      );
    }, refreshMs);
    timer.unref();
    await (port === null ? serveStdio(gateway) : serveHttpUntilSignal(gateway, port));
    clearInterval(timer);
    await Promise.allSettled([pool.close(), catalog.close()]); // upstream servers stopped, telemetry sent
    // Pooled keep-alive sockets must not keep a finished server alive until the client kills it.
    setTimeout(() => process.exit(), 200).unref();
  });
}

/** Serves one session over stdin/stdout until the client closes it (or a signal). */
async function serveStdio(gateway: Gateway): Promise<void> {
  const { server } = createGatewayServer(gateway);
  const closed = new Promise<void>((resolve) => {
    server.onclose = ((previous) => () => {
      previous?.();
      resolve();
    })(server.onclose);
    process.stdin.once("end", resolve);
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await server.connect(new StdioServerTransport());
  await closed;
  await server.close().catch(() => {});
}

async function serveHttpUntilSignal(gateway: Gateway, port: number): Promise<void> {
  const http = await serveHttp(gateway, port);
  log(`listening on ${http.url}`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await http.close();
}
