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

/** What a text needs to hold for a pattern of SECRET_TEXT to match (one scan where most texts have neither). */
const SECRET_HINT = /srk_|bearer/i;

/** The text with anything shaped like a secret replaced. */
export function scrubSecrets(text: string): string {
  if (!SECRET_HINT.test(text)) return text;
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
 * The access log's destination for each logger createLogger made: the front writes its one line per request there
 * itself (see `logRequest`), with the level, line shape and destination of the logger's own lines.
 */
const accessStreams = new WeakMap<Logger, DestinationStream>();

/** What the front logs once per request: ids, method, a path without its query, status, milliseconds. */
export interface AccessLine {
  reqId: string;
  method: string | undefined;
  path: string;
  status: number;
  ms: number;
}

/** A character JSON.stringify escapes, or one past ASCII (then it writes the string, as it writes any other). */
const NOT_PLAIN = /["\\\u0000-\u001f\u007f-\uffff]/;
/** Exactly `JSON.stringify(text)`; a plain ASCII string (an id, a method, most paths) is quoted without it. */
const jsonString = (text: string) => (NOT_PLAIN.test(text) ? JSON.stringify(text) : `"${text}"`);

/**
 * One `request` line, the same JSON a pino logger writes for `info({ reqId, method, path, status, ms }, "request")`,
 * written by hand: one per request, pino's line was most of the front's own cost of a revalidation (with this one
 * a 304 is answered about a third faster; docs/performance.md has the runs). A secret pasted into the path is
 * scrubbed. On a logger made elsewhere, pino writes it.
 */
export function logRequest(line: AccessLine): void {
  const current = logger();
  const path = scrubSecrets(line.path);
  const stream = accessStreams.get(current);
  if (!stream) return void current.info({ ...line, path }, "request");
  if (!current.isLevelEnabled("info")) return;
  const method = line.method === undefined ? "" : `"method":${jsonString(line.method)},`;
  stream.write(
    `{"level":"info","time":${Date.now()},"pid":${process.pid},"reqId":${jsonString(line.reqId)},${method}"path":${jsonString(path)},"status":${line.status},"ms":${line.ms},"msg":"request"}\n`,
  );
}

/** A logger with this module's redaction, on stdout or on `destination` (tests). */
export function createLogger(destination?: DestinationStream): Logger {
  const stream = destination ?? bufferedStdout();
  const options: pino.LoggerOptions = {
    level: process.env.STOCKROOM_LOG_LEVEL || "info",
    base: { pid: process.pid },
    formatters: { level: (label) => ({ level: label }) },
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
  accessStreams.set(created, stream);
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
