// The upstream MCP servers `stockroom mcp` forwards calls to: started on the first call that needs them (stdio
// servers as child processes of this one, HTTP servers by URL), restarted once after a crash, and never allowed
// to hang a call: whatever goes wrong (no start within the start timeout, a crash, no answer within the call
// timeout) becomes an error result.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expandEnvironment, isStdioEntry, ServersConfigError, type ServerEntry } from "./servers-config";
import type { UpstreamRoute } from "./upstream-routes";

export interface UpstreamPoolOptions {
  /** The longest a call may take once its server runs. */
  timeoutMs: number;
  /** The longest starting a server may take (spawn and initialize; default `timeoutMs`). */
  startTimeoutMs?: number;
  /** Where `${VAR}` in the servers file is read from (default: this process's environment). */
  env?: Readonly<Record<string, string | undefined>>;
  /** After a server failed twice in a row, how long calls are refused before it is started again (default 60 s). */
  cooldownMs?: number;
}

interface Connection {
  client: Client;
  stderrTail: () => string;
}

interface Slot {
  connection: Promise<Connection> | null;
  /** Failures (crashes, failed starts) since the last successful call: 1 → restarted once; 2 → refused a while. */
  failures: number;
  lastFailureAt: number;
  lastFailure: string;
}

const CLIENT_INFO = { name: "stockroom-mcp", version: "1.0.0" };
const STDERR_TAIL = 1500;

export const errorResult = (text: string): CallToolResult => ({ content: [{ type: "text", text }], isError: true });

class UpstreamDown extends Error {}

export class UpstreamPool {
  private readonly slots = new Map<string, Slot>();
  private closing = false;

  constructor(private readonly options: UpstreamPoolOptions) {}

  /** Calls the route's tool with the client's arguments; the upstream's result is returned unchanged. */
  async call(route: UpstreamRoute, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult> {
    const startDeadline = Date.now() + (this.options.startTimeoutMs ?? this.options.timeoutMs);
    const slot = this.slotOf(route.key);
    let connection: Connection | null = null;
    try {
      connection = await this.connectionOf(slot, route, startDeadline);
      const result = await connection.client.callTool({ name: route.toolName, arguments: args }, undefined, {
        timeout: this.options.timeoutMs,
        signal,
      });
      slot.failures = 0;
      return result as CallToolResult;
    } catch (error) {
      return errorResult(this.describe(error, route, connection));
    }
  }

  /** Stops every server this pool started. */
  async close(): Promise<void> {
    this.closing = true;
    const open = [...this.slots.values()].map((slot) => slot.connection).filter((c) => c !== null);
    await Promise.allSettled(open.map(async (pending) => (await pending).client.close()));
  }

  private slotOf(key: string): Slot {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { connection: null, failures: 0, lastFailureAt: 0, lastFailure: "" };
      this.slots.set(key, slot);
    }
    return slot;
  }

  private connectionOf(slot: Slot, route: UpstreamRoute, deadline: number): Promise<Connection> {
    if (slot.connection) return slot.connection;
    const cooldown = this.options.cooldownMs ?? 60_000;
    const wait = slot.lastFailureAt + cooldown - Date.now();
    if (slot.failures >= 2 && wait > 0) {
      return Promise.reject(
        new UpstreamDown(
          `MCP server "${route.name}" failed again after a restart (${slot.lastFailure}); it is not started again for ${Math.ceil(wait / 1000)} s.`,
        ),
      );
    }
    const pending = this.start(slot, route, deadline);
    slot.connection = pending;
    pending.catch(() => {
      if (slot.connection === pending) slot.connection = null;
    });
    return pending;
  }

  private async start(slot: Slot, route: UpstreamRoute, deadline: number): Promise<Connection> {
    const { transport, stderrTail } = this.transportFor(route);
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    try {
      await client.connect(transport, { timeout: Math.max(1, deadline - Date.now()) });
    } catch (error) {
      await transport.close().catch(() => {});
      this.fail(slot, `could not start: ${messageOf(error)}`);
      throw new UpstreamDown(`MCP server "${route.name}" could not start: ${messageOf(error)}${tail(stderrTail())}`);
    }
    const connection = { client, stderrTail };
    client.onclose = () => {
      if (this.closing) return;
      if (slot.connection) this.fail(slot, "exited");
      slot.connection = null;
    };
    return connection;
  }

  private fail(slot: Slot, what: string): void {
    slot.failures++;
    slot.lastFailureAt = Date.now();
    slot.lastFailure = what;
  }

  private transportFor(route: UpstreamRoute) {
    const entry: ServerEntry = route.entry;
    const env = this.options.env ?? process.env;
    if (!isStdioEntry(entry)) {
      const headers = expandEnvironment(entry.headers, env, route.name);
      const transport = new StreamableHTTPClientTransport(new URL(entry.url), { requestInit: { headers } });
      return { transport, stderrTail: () => "" };
    }
    const transport = new StdioClientTransport({
      command: entry.command,
      args: entry.args,
      env: { ...getDefaultEnvironment(), ...expandEnvironment(entry.env, env, route.name) },
      ...(entry.cwd ? { cwd: entry.cwd } : {}),
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
    return { transport, stderrTail: () => stderr };
  }

  private describe(error: unknown, route: UpstreamRoute, connection: Connection | null): string {
    if (error instanceof UpstreamDown || error instanceof ServersConfigError) return error.message;
    const server = `MCP server "${route.name}"`;
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
      return `${server} did not answer ${route.toolName} within ${this.options.timeoutMs / 1000} s (the --timeout).`;
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)
      return `${server} exited during ${route.toolName}${tail(connection?.stderrTail() ?? "")}; the next call starts it again.`;
    return `${server} failed on ${route.toolName}: ${messageOf(error)}`;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const tail = (stderr: string) => (stderr.trim() ? ` (its last output: ${stderr.trim().slice(-500)})` : "");
