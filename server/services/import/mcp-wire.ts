// The MCP client validates a tools/list answer with zod, which rebuilds every schema object in its own key order
// (`$schema` moves to the end). Imports keep the server's order instead: the transports here keep the raw text of
// each JSON-RPC message as it came over the wire (stdio lines read from the child's stdout, HTTP bodies and
// server-sent events teed from the response), and the tools are parsed from that text. No "server-only": the CLI
// (`stockroom import`) lists tools with it too.
import { type ChildProcess, spawn } from "node:child_process";
import { PassThrough } from "node:stream";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";

type Id = string | number;

/** The raw text of the answers to the tools/list requests a client sent. */
export class WireLog {
  private listIds: Id[] = [];
  private answers = new Map<Id, string>();
  private waiting = new Map<Id, (text: string) => void>();

  sent(message: JSONRPCMessage): void {
    if ("method" in message && message.method === "tools/list" && "id" in message) this.listIds.push(message.id);
  }

  /** One JSON-RPC message (or batch) as received. */
  receive(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return; // the transport reports it; nothing to keep
    }
    const messages: Array<[unknown, string]> = Array.isArray(parsed)
      ? parsed.map((m) => [m, JSON.stringify(m)])
      : [[parsed, text]];
    for (const [message, raw] of messages) {
      const id = (message as { id?: Id } | null)?.id;
      if (id === undefined || id === null || !this.listIds.includes(id)) continue;
      this.answers.set(id, raw);
      this.waiting.get(id)?.(raw);
    }
  }

  /** The raw text of the answer to the latest tools/list request (waits for it when it is still on its way). */
  latestToolsList(): Promise<string> {
    const id = this.listIds.at(-1);
    if (id === undefined) return Promise.reject(new Error("no tools/list request was sent"));
    const text = this.answers.get(id);
    return text !== undefined ? Promise.resolve(text) : new Promise((resolve) => this.waiting.set(id, resolve));
  }
}

/** Notes each tools/list request a transport sends (the answers come back through the log's own reading). */
export function noteSends<T extends Transport>(transport: T, log: WireLog): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    log.sent(message);
    return send(message, options);
  };
  return transport;
}

/** Reads every page of tools/list through `client`, each page's tools parsed from the server's own text. */
export async function listWireTools(client: Client, log: WireLog, timeoutMs: number, maxTools = 5000) {
  const tools: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const result = await client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs });
    const wire = (JSON.parse(await log.latestToolsList()) as { result?: { tools?: unknown } }).result?.tools;
    if (!Array.isArray(wire) || wire.length !== result.tools.length)
      throw new Error("the tools/list answer as sent does not match the one the MCP client read");
    tools.push(...wire);
    cursor = result.nextCursor;
    if (!cursor || tools.length >= maxTools) break;
  }
  return tools;
}

/** A fetch for the Streamable HTTP transport that hands the log each JSON body and server-sent event of a POST. */
export function wireFetch(inner: typeof fetch, log: WireLog): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if ((init?.method ?? "GET").toUpperCase() !== "POST" || !response.body) return response;
    const [mine, theirs] = response.body.tee();
    const type = response.headers.get("content-type") ?? "";
    void readBody(mine, type, (text) => log.receive(text)).catch(() => {});
    return new Response(theirs, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

async function readBody(body: ReadableStream<Uint8Array>, type: string, take: (text: string) => void) {
  if (!type.includes("text/event-stream")) return take(await new Response(body).text());
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer = (buffer + decoder.decode(value ?? new Uint8Array(), { stream: !done })).replace(/\r\n/g, "\n");
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const data = buffer
        .slice(0, end)
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).replace(/^ /, ""));
      if (data.length > 0) take(data.join("\n"));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
    }
    if (done) return;
  }
}

export interface WireStdioParams {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * MCP over stdio, reading the child's stdout ourselves: each line goes to the log as sent, then to the client.
 * The child gets the SDK's default environment (PATH, HOME, …) plus `env`, no shell, as StdioClientTransport.
 */
export class WireStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** The child's stderr, readable before start(). */
  readonly stderr = new PassThrough();
  private child: ChildProcess | undefined;
  private pending = Buffer.alloc(0);

  constructor(
    private readonly params: WireStdioParams,
    private readonly log: WireLog,
  ) {}

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.params.command, this.params.args, {
        env: { ...getDefaultEnvironment(), ...this.params.env } as NodeJS.ProcessEnv,
        stdio: ["pipe", "pipe", "pipe"],
        shell: false,
      });
      this.child = child;
      child.on("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on("spawn", () => resolve());
      child.on("close", () => {
        this.child = undefined;
        this.onclose?.();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => this.take(chunk));
      child.stderr?.pipe(this.stderr);
    });
  }

  private take(chunk: Buffer) {
    this.pending = Buffer.concat([this.pending, chunk]);
    if (this.pending.length > 64 * 1024 * 1024) {
      this.pending = Buffer.alloc(0);
      this.onerror?.(new Error("the MCP server wrote over 64 MB without a line break"));
      return;
    }
    for (let end = this.pending.indexOf(10); end !== -1; end = this.pending.indexOf(10)) {
      const line = this.pending.toString("utf8", 0, end).replace(/\r$/, "");
      this.pending = this.pending.subarray(end + 1);
      if (!line.trim()) continue;
      try {
        const message = JSONRPCMessageSchema.parse(JSON.parse(line));
        this.log.receive(line);
        this.onmessage?.(message);
      } catch (error) {
        this.onerror?.(error as Error);
      }
    }
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.log.sent(message);
    const stdin = this.child?.stdin;
    if (!stdin) throw new Error("Not connected");
    await new Promise<void>((resolve, reject) =>
      stdin.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : resolve())),
    );
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
    child.stdin?.end();
    const term = setTimeout(() => child.kill("SIGTERM"), 2000);
    const kill = setTimeout(() => child.kill("SIGKILL"), 4000);
    await closed;
    clearTimeout(term);
    clearTimeout(kill);
  }
}
