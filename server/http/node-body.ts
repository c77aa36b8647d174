import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { countRefusedRequest } from "../auth";
import { describeBytes } from "./guards";

/** What `readNodeBodyWithLimit` returns for a body over its limit (what was read so far is dropped). */
export const TOO_LARGE = Symbol("too large");

/** A node:http body, refused past `limit` bytes without reading the rest (held: at most `limit` bytes). */
export function readNodeBodyWithLimit(req: IncomingMessage, limit: number): Promise<Buffer | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      chunks = [];
      req.off("data", onData);
      req.pause();
      resolve(TOO_LARGE);
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** The 413 answer, naming the limit, in the API's `{ error: { code, message } }` shape, with the API's headers. */
export function writeTooLarge(res: ServerResponse, limit: number, apiHeaders: Readonly<Record<string, string>>): void {
  const body = JSON.stringify({
    error: { code: "PAYLOAD_TOO_LARGE", message: `Request body is over the ${describeBytes(limit)} limit.` },
  });
  res.writeHead(413, {
    ...apiHeaders,
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    "cache-control": "no-store",
  });
  res.end(body);
}

/** The 411 answer for a body of undeclared length where only a declared one is taken. */
export function writeLengthRequired(res: ServerResponse, limit: number, apiHeaders: Readonly<Record<string, string>>) {
  const body = JSON.stringify({
    error: {
      code: "LENGTH_REQUIRED",
      message: `Send this request's body with a Content-Length (at most ${describeBytes(limit)}), not chunked.`,
    },
  });
  res.writeHead(411, {
    ...apiHeaders,
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    "cache-control": "no-store",
  });
  res.end(body);
}

/**
 * How long a connection whose request was answered before its body was read in full stays open, discarding what
 * the client still sends (nothing of it is kept), so the client reads the answer rather than a reset; then it is
 * closed. Without this an endless chunked body would hold the connection for ever.
 */
const LINGER_MS = 2_000;

/**
 * Watches one request the front answers: a 413 counts against the client's sign-in budget (server/auth.ts), and
 * a request answered before its body ended (a 413, a 401 that never read it) has its connection closed after
 * LINGER_MS unless the body ends by then.
 */
export function guardNodeRequest(req: IncomingMessage, res: ServerResponse): void {
  res.once("finish", () => {
    if (res.statusCode === 413) countRefusedRequest({ get: (name) => headerOf(req, name) });
    if (req.complete) return;
    const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
    timer.unref();
    // A body that does end (a small one still arriving after a quick 401) leaves the connection fit for reuse.
    req.once("end", () => clearTimeout(timer));
    req.socket.once("close", () => clearTimeout(timer));
    req.resume(); // discard
  });
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
}
