import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { log, logger, logRequest, requestIdFrom, withRequestId } from "./logger";
import { metrics, scrapeMetrics } from "./metrics";
import { createOpsRoutes, type OpsRoutesOptions } from "./ops-routes";

/**
 * The node:http front of `npm start` (scripts/serve.mjs calls `serveFront` through the global below): request ids
 * (X-Request-Id), one JSON log line and one metric per request, the operator's paths (ops-routes.ts), then the
 * agent API and tRPC hook, then Next.js; and a graceful shutdown on SIGTERM or SIGINT.
 */
export const SERVE_FRONT_KEY = Symbol.for("stockroom.attachFront");

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export interface ServeFrontOptions extends OpsRoutesOptions {
  port: number;
  host?: string;
  /** What answers everything else: Next.js's request handler (a stand-in in tests). */
  next: NodeHandler;
  /** The agent API and tRPC hook: answers and says true, or false (server/http/serve-hooks.ts). */
  api?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Names the client's address on the request (server/http/client-address.ts). */
  setClientAddress?: (req: IncomingMessage) => void;
  /** Port of an unauthenticated `/metrics` of its own (STOCKROOM_METRICS_PORT). */
  metricsPort?: number;
  /** Longest a shutdown may take before the process exits anyway (default 25 s). */
  shutdownTimeoutMs?: number;
  /** Closes what the server opened (the database, the cache listener), after the last request is answered. */
  close: () => Promise<void>;
  /** The process's exit (tests pass their own). */
  exit?: (code: number) => void;
  /** Listens for SIGTERM and SIGINT (default true). */
  handleSignals?: boolean;
}

export interface RunningFront {
  server: Server;
  url: string;
  metricsServer?: Server;
  /** Drains and closes, as on SIGTERM; resolves with the exit code it passed to `exit`. */
  shutdown(reason: string): Promise<number>;
}

/** "draining": the listener is closed, accepted requests finish; "closing": the database is being closed. */
type Phase = "serving" | "draining" | "closing";

interface FrontState {
  phase: Phase;
  inFlight: number;
  /** The responses not yet finished: told `connection: close` when the drain begins. */
  open: Set<ServerResponse>;
  idle: Array<() => void>;
}

const SHUTTING_DOWN_BODY = JSON.stringify({
  error: { code: "UNAVAILABLE", message: "The server is shutting down; retry on another instance." },
});

/** Per request: its id, its log line and metric when it ends, and the count of requests in flight. */
function track(state: FrontState, req: IncomingMessage, res: ServerResponse): string {
  const started = performance.now();
  const reqId = requestIdFrom(req.headers["x-request-id"]);
  res.setHeader("X-Request-Id", reqId);
  state.inFlight++;
  state.open.add(res);
  let done = false;
  const end = () => {
    if (done) return;
    done = true;
    state.open.delete(res);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = res.writableFinished ? res.statusCode : 499; // 499: the client went away first
    const path = (req.url ?? "/").split("?", 1)[0] ?? "/"; // a query string is never logged
    logRequest({ reqId, method: req.method, path, status, ms });
    metrics().httpRequests.inc({ method: req.method ?? "?", status: `${Math.floor(status / 100)}xx` });
    if (--state.inFlight === 0) for (const wake of state.idle.splice(0)) wake();
  };
  res.once("finish", end);
  res.once("close", end);
  return reqId;
}

function handlerOf(options: FrontOptions, state: FrontState): NodeHandler {
  const ops = createOpsRoutes({
    ...options,
    readiness: { ...options.readiness, shuttingDown: () => state.phase !== "serving" },
  });
  return (req, res) => {
    const reqId = track(state, req, res);
    if (state.phase !== "serving") res.setHeader("connection", "close");
    if (state.phase === "closing") {
      res.writeHead(503, { "content-type": "application/json", "retry-after": "1" }).end(SHUTTING_DOWN_BODY);
      return;
    }
    withRequestId(reqId, () => {
      options.setClientAddress?.(req);
      if (ops(req, res) || options.api?.(req, res)) return;
      return options.next(req, res);
    });
  };
}

function listen(server: Server, port: number, host?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address() as AddressInfo;
      resolve(`http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`);
    });
  });
}

function metricsServerOn(port: number, host?: string): Promise<Server> {
  const server = createServer((req, res) => {
    if ((req.url ?? "/").split("?", 1)[0] !== "/metrics") return void res.writeHead(404).end();
    scrapeMetrics().then(
      ({ contentType, body }) => res.writeHead(200, { "content-type": contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  return listen(server, port, host).then(() => server);
}

export type FrontOptions = Omit<ServeFrontOptions, "port" | "host">;

export interface AttachedFront {
  /** What the server answers every request with from now on. */
  handler: NodeHandler;
  metricsServer?: Server;
  shutdown(reason: string): Promise<number>;
}

/**
 * The front on a server that already listens (scripts/serve.mjs listens before instrumentation.ts has registered
 * this, and switches to `handler` once it has): the metrics port, and the drain on SIGTERM/SIGINT.
 */
export async function attachFront(server: Server, options: FrontOptions & { host?: string }): Promise<AttachedFront> {
  const state: FrontState = { phase: "serving", inFlight: 0, open: new Set(), idle: [] };
  // Keep idle keep-alive sockets longer than clients do (undici 4 s, Playwright and most agents unlimited), so a
  // client never reuses a socket the server is closing that instant (ECONNRESET); Node's default is 5 s.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const metricsServer = options.metricsPort ? await metricsServerOn(options.metricsPort, options.host) : undefined;
  let stopping: Promise<number> | undefined;
  const shutdown = (reason: string) => (stopping ??= drain({ options, state, server, metricsServer, reason }));
  if (options.handleSignals ?? true)
    for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void shutdown(signal));
  return { handler: handlerOf(options, state), metricsServer, shutdown };
}

/** Starts the front on a new server; `shutdown` (and SIGTERM/SIGINT) drains it: see `drain`. */
export async function serveFront(options: ServeFrontOptions): Promise<RunningFront> {
  let handler: NodeHandler = (_req, res) => void res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  const attached = await attachFront(server, options);
  handler = attached.handler;
  const url = await listen(server, options.port, options.host);
  logger().info({ url, metricsPort: options.metricsPort }, "Stockroom ready");
  return { server, url, metricsServer: attached.metricsServer, shutdown: attached.shutdown };
}

interface DrainContext {
  options: FrontOptions;
  state: FrontState;
  server: Server;
  metricsServer?: Server;
  reason: string;
}

/**
 * Graceful shutdown: stop accepting (the listener closes, idle keep-alive sockets too, /readyz says 503), let every
 * accepted request finish (an event batch is stored before its answer is sent), then close every socket and the
 * database, and exit 0. Past the bound, exit 1 whatever is left.
 */
async function drain({ options, state, server, metricsServer, reason }: DrainContext): Promise<number> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const timeoutMs = options.shutdownTimeoutMs ?? 25_000;
  const started = performance.now();
  log().info({ reason, inFlight: state.inFlight, timeoutMs }, "shutting down: draining");
  state.phase = "draining";
  for (const res of state.open) if (!res.headersSent) res.setHeader("connection", "close");
  server.close();
  server.closeIdleConnections();
  metricsServer?.close();
  let code = 0;
  const bound = new Promise<void>((resolve) =>
    setTimeout(() => {
      code = 1;
      resolve();
    }, timeoutMs).unref(),
  );
  const drained = state.inFlight === 0 ? Promise.resolve() : new Promise<void>((wake) => state.idle.push(wake));
  await Promise.race([drained, bound]);
  if (code !== 0) log().error({ inFlight: state.inFlight }, "shutdown bound reached with requests in flight");
  state.phase = "closing";
  server.closeAllConnections();
  metricsServer?.closeAllConnections();
  try {
    await Promise.race([options.close(), bound]);
  } catch (error) {
    log().error({ err: error }, "closing the database failed");
    code = 1;
  }
  log().info({ ms: Math.round(performance.now() - started), code }, "shut down");
  logger().flush();
  exit(code);
  return code;
}
