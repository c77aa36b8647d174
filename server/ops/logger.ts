import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino, { type DestinationStream, type Logger } from "pino";

/**
 * Structured JSON logs (pino), one object a line on stdout. A request's lines carry its id (`reqId`), which the
 * node:http front also returns as `X-Request-Id`. Nothing here logs headers or bodies; the redaction below is the
 * second line of defence for a field someone adds later.
 */

/** Field paths never written, whatever object a log line is given (pino's fast-redact syntax). */
export const REDACTED_PATHS = [
  "authorization",
  "cookie",
  "password",
  "newPassword",
  "currentPassword",
  "secret",
  "token",
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "req.headers.authorization",
  "req.headers.cookie",
  "res.headers['set-cookie']",
  "*.authorization",
  "*.cookie",
  "*.password",
  "*.newPassword",
  "*.currentPassword",
  "*.secret",
  "*.token",
  "*.bearerToken",
  "*.sourceSecret",
  "*.headers.authorization",
  "*.headers.cookie",
];

/** Patterns that must not reach a log even inside a message string: agent token secrets and bearer values. */
const SECRET_TEXT = [/srk_[A-Za-z0-9_-]+/g, /(bearer\s+)[^\s"',;]+/gi];

/** The text with anything shaped like a secret replaced. */
export function scrubSecrets(text: string): string {
  return SECRET_TEXT.reduce((out, pattern) => out.replace(pattern, (_m, prefix = "") => `${prefix}[redacted]`), text);
}

const globalForLog = globalThis as unknown as {
  stockroomLogger?: Logger;
  stockroomRequestIds?: AsyncLocalStorage<string>;
};

/** The process's logger; level from STOCKROOM_LOG_LEVEL (default info; `silent` for none). */
export function logger(): Logger {
  globalForLog.stockroomLogger ??= createLogger();
  return globalForLog.stockroomLogger;
}

/**
 * The access log's writer for each logger createLogger made: the same level, line shape and destination, without
 * the redaction and the message scrub, which the front's fixed fields never need (redacting every request's line
 * was a twentieth of a snapshot revalidation's CPU time).
 */
const accessLoggers = new WeakMap<Logger, Logger>();

/** What the front logs once per request: ids, method, a path without its query, status, milliseconds. */
export interface AccessLine {
  reqId: string;
  method: string | undefined;
  path: string;
  status: number;
  ms: number;
}

/** One `request` line (on the replaced logger in tests that replace it); a secret pasted into a path is scrubbed. */
export function logRequest(line: AccessLine): void {
  const current = logger();
  (accessLoggers.get(current) ?? current).info({ ...line, path: scrubSecrets(line.path) }, "request");
}

/** A logger with this module's redaction, on stdout or on `destination` (tests). */
export function createLogger(destination?: DestinationStream): Logger {
  const stream = destination ?? bufferedStdout();
  const plain: pino.LoggerOptions = {
    level: process.env.STOCKROOM_LOG_LEVEL || "info",
    base: { pid: process.pid },
    formatters: { level: (label) => ({ level: label }) },
  };
  const options: pino.LoggerOptions = {
    ...plain,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    hooks: {
      // A message string never carries a secret either (an error message quoting a header, say).
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === "string" ? scrubSecrets(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
    serializers: { err: (error: unknown) => serializeError(error) },
  };
  const created = pino(options, stream);
  accessLoggers.set(created, pino(plain, stream));
  return created;
}

/**
 * stdout, written in batches: one write per line (pino's default) was the largest single cost of a snapshot
 * revalidation (a CPU profile of `npm run bench:api`'s 304s). Lines wait until 4 KiB have gathered or 200 ms have
 * passed, so a quiet server still logs promptly; pino writes what is left when the process exits.
 */
function bufferedStdout(): DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 });
}

function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error);
  return { ...serialized, message: scrubSecrets(serialized.message), stack: scrubSecrets(serialized.stack ?? "") };
}

const requestIds = (globalForLog.stockroomRequestIds ??= new AsyncLocalStorage<string>());

/** A client's or proxy's X-Request-Id is kept when it looks like one; otherwise a new one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Runs `fn` as part of the request `id`: log lines and error answers inside it name that id. */
export function withRequestId<T>(id: string, fn: () => T): T {
  return requestIds.run(id, fn);
}

/** The id of the request being answered, if any. */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/** The logger, bound to the current request's id when there is one. */
export function log(): Logger {
  const reqId = currentRequestId();
  return reqId ? logger().child({ reqId }) : logger();
}

/** Puts `next` in the process logger's place until the returned function restores it (tests read what is logged). */
export function replaceLogger(next: Logger): () => void {
  const previous = globalForLog.stockroomLogger;
  globalForLog.stockroomLogger = next;
  return () => {
    globalForLog.stockroomLogger = previous;
  };
}
