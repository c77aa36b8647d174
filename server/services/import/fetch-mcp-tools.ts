import "server-only";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { getMcpImportSettings, type McpImportSettings } from "../../env";
import { AppError } from "../../errors";
import { assertStdioAllowed, BLOCKED_ADDRESS_MESSAGE, unreachableMessage } from "./live-import-policy";
import { anyAddress, createGuardedFetch, isBlockedAddress, publicOnly, type AddressPolicy } from "./mcp-network";
import { listWireTools, noteSends, WireLog, WireStdioTransport, wireFetch } from "./mcp-wire";

export type McpConnection =
  | { transport: "stdio"; command: string; args: string[]; env: Record<string, string> }
  | { transport: "http"; url: string; headers: Record<string, string> };

export const MCP_TIMEOUT_MS = 10_000;
const MAX_TOOLS = 5000;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

const invalid = (field: string, message: string) =>
  new AppError("INVALID_INPUT", message, { fields: { [field]: message } });

/** Checks what the user typed before anything is started or contacted. */
export function validateConnection(connection: McpConnection): McpConnection {
  if (connection.transport === "stdio") {
    const command = connection.command.trim();
    if (!command)
      throw invalid(
        "command",
        "Enter the command that starts the MCP server, e.g. npx -y @modelcontextprotocol/server-everything.",
      );
    if (CONTROL.test(command) || command.length > 500)
      throw invalid("command", "The command must be one line of at most 500 characters.");
    if (connection.args.length > 50 || connection.args.some((a) => a.length > 2000 || a.includes("\u0000")))
      throw invalid("args", "Use at most 50 arguments of at most 2,000 characters.");
    const badEnv = Object.keys(connection.env).find((k) => !ENV_NAME.test(k));
    if (badEnv !== undefined) throw invalid("env", `"${badEnv}" is not a valid environment variable name.`);
    return { ...connection, command };
  }
  let url: URL;
  try {
    url = new URL(connection.url.trim());
  } catch {
    throw invalid(
      "url",
      `"${connection.url}" is not a URL; enter the server's Streamable HTTP endpoint, e.g. https://mcp.example.com/mcp.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw invalid("url", "Only http:// and https:// MCP endpoints can be used.");
  if (url.username || url.password)
    throw invalid("url", "Put credentials in a header (e.g. Authorization), not in the URL.");
  for (const [name, value] of Object.entries(connection.headers)) {
    if (!HEADER_NAME.test(name)) throw invalid("headers", `"${name}" is not a valid header name.`);
    if (CONTROL.test(value)) throw invalid("headers", `The value of header "${name}" must be one line.`);
  }
  return { ...connection, url: url.toString() };
}

export interface FetchMcpOptions {
  timeoutMs?: number;
  /** Default: read from the environment (STOCKROOM_STDIO_COMMANDS, STOCKROOM_ALLOW_PRIVATE_NETWORKS). */
  settings?: McpImportSettings;
  /** Which addresses HTTP imports may connect to; default: public only, or any when the operator allows private networks. */
  addressPolicy?: AddressPolicy;
}

function describeFailure(connection: McpConnection, error: unknown, stderr: string, timeoutMs: number): string {
  const err = error as { code?: string | number; message?: string; cause?: { code?: string; message?: string } };
  if (connection.transport === "http") {
    if (isBlockedAddress(error)) return BLOCKED_ADDRESS_MESSAGE;
    // The SDK's StreamableHTTPError carries the HTTP status as a numeric code: an HTTP server did answer.
    const status = typeof err.code === "number" ? err.code : null;
    if (status === 401 || status === 403)
      return `The MCP server at ${connection.url} refused the request (${status}); check the headers (e.g. Authorization).`;
    if (status)
      return `The MCP server at ${connection.url} answered HTTP ${status}; check the URL (it is the Streamable HTTP endpoint, often ending in /mcp).`;
    return unreachableMessage(connection.url, timeoutMs);
  }
  const where = `"${connection.command}"`;
  const code = typeof err.code === "string" ? err.code : err.cause?.code;
  if (code === "ENOENT") return `Could not start ${where}: command not found.`;
  const tail = stderr.trim().split("\n").slice(-3).join(" ").slice(0, 300);
  const cause = err.cause?.message ? ` (${err.cause.message})` : "";
  return `Could not list the tools of ${where}: ${err.message ?? String(error)}${cause}${tail ? ` (server said: ${tail})` : ""}`;
}

/**
 * The transport for a checked connection: stdio only for an allowed command, HTTP through the address guard.
 * Both keep the raw text of what the server sent in `log` (mcp-wire.ts), so its key order survives.
 */
function openTransport(
  connection: McpConnection,
  settings: McpImportSettings,
  policy: AddressPolicy,
  timeoutMs: number,
  log: WireLog,
) {
  if (connection.transport === "stdio") {
    assertStdioAllowed(connection.command, connection.env, settings);
    const { command, args, env } = connection;
    return { transport: new WireStdioTransport({ command, args, env }, log), close: async () => {} };
  }
  const guarded = createGuardedFetch(policy, Math.min(timeoutMs, 5_000));
  const transport = new StreamableHTTPClientTransport(new URL(connection.url), {
    requestInit: { headers: connection.headers },
    redirectPolicy: "same-origin",
    fetch: wireFetch(guarded.fetch, log),
  });
  return { transport: noteSends(transport, log), close: guarded.close };
}

async function listAllTools(client: Client, opened: ReturnType<typeof openTransport>, log: WireLog, timeoutMs: number) {
  await client.connect(opened.transport, { timeout: timeoutMs });
  const tools = await listWireTools(client, log, timeoutMs, MAX_TOOLS);
  const info = client.getServerVersion();
  const namespaceDescription = describeServer(info, client.getInstructions());
  return {
    serverName: info?.name ?? null,
    serverVersion: info?.version ?? null,
    namespaceDescription,
    toolCount: tools.length,
    text: JSON.stringify({ tools }, null, 2),
  };
}

const INSTRUCTIONS_CHARS = 1000;

/**
 * A namespace description from what the server said at initialize: its title (or name) and version, then the
 * first paragraph of its instructions. Null when it said nothing to go on.
 */
export function describeServer(
  info: { name?: string; title?: string; version?: string } | undefined,
  instructions: string | undefined,
): string | null {
  const label = info?.title?.trim() || info?.name?.trim();
  const version = info?.version?.trim();
  const about = instructions
    ?.trim()
    .split(/\n\s*\n/)[0]
    ?.replace(/\s+/g, " ")
    .slice(0, INSTRUCTIONS_CHARS);
  if (!label && !about) return null;
  const head = label ? `Tools of the ${label} MCP server${version ? ` (version ${version})` : ""}.` : "";
  return [head, about].filter(Boolean).join(" ");
}

/**
 * Connects to a live MCP server, reads every page of `tools/list` and disconnects; gives up after 10 s.
 * A stdio command starts only when the operator allows that exact command; an HTTP URL is reached only on
 * public addresses (every connection checked, redirects included, which stay on its origin) unless the operator
 * allows private networks.
 */
export async function fetchMcpTools(input: McpConnection, options: FetchMcpOptions = {}) {
  const { timeoutMs = MCP_TIMEOUT_MS, settings = getMcpImportSettings() } = options;
  const policy = options.addressPolicy ?? (settings.allowPrivateNetworks ? anyAddress : publicOnly);
  const connection = validateConnection(input);
  const log = new WireLog();
  const opened = openTransport(connection, settings, policy, timeoutMs, log);
  const { transport, close } = opened;
  let stderr = "";
  if (transport instanceof WireStdioTransport)
    transport.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const client = new Client({ name: "stockroom-import", version: "1.0.0" });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = Date.now();
  const timedOut = new Error("timed out");
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(timedOut), timeoutMs)));
  try {
    const work = listAllTools(client, opened, log, timeoutMs);
    work.catch(() => {}); // settled below or abandoned on timeout
    return await Promise.race([work, timeout]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error === timedOut && connection.transport === "stdio") {
      throw new AppError("UNPROCESSABLE", `The MCP server did not answer within ${timeoutMs / 1000} s.`);
    }
    const message = describeFailure(connection, error, stderr, timeoutMs);
    // An unreachable HTTP server answers only when the time is up, so an open, a closed and a silent port take as
    // long as each other: neither the message nor its timing tells them apart (no port scanner).
    if (connection.transport === "http" && message === unreachableMessage(connection.url, timeoutMs))
      await sleepUntil(started + timeoutMs);
    throw new AppError(isBlockedAddress(error) ? "FORBIDDEN" : "UNPROCESSABLE", message);
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => {});
    await close().catch(() => {});
  }
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
