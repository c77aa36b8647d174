import { randomUUID } from "node:crypto";
import { ZodError, z } from "zod";
import { getEnv } from "../env";
import { AppError, httpStatusOf, isAppError } from "../errors";
import { hstsHeader } from "./page-security";
import { currentRequestId, log } from "../ops/logger";

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Headers on every agent API answer. The API is served outside Next.js (see agent-dispatch.ts), so it does not
 * get next.config's page headers; these are the ones that matter for JSON (OWASP REST Security Cheat Sheet).
 */
const API_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
};

/** An agent API answer, independent of the server that writes it (node:http or a Next.js route handler). */
export interface AgentAnswer {
  status: number;
  headers: Record<string, string>;
  /** null: no body (304). */
  body: Buffer | null;
}

/** The security headers go with bodies; a 304 carries only the validators and caching headers (RFC 9110 §15.4.5). */
export function answer(status: number, headers: Record<string, string>, body: Buffer | null): AgentAnswer {
  return { status, headers: body ? { ...API_SECURITY_HEADERS, ...hsts(), ...headers } : headers, body };
}

let hstsHeaders: Record<string, string> | undefined;
/** HSTS when the public URL is https (read once: the environment does not change while the process runs). */
const hsts = () => (hstsHeaders ??= hstsHeader(getEnv().STOCKROOM_URL));

export function jsonAnswer(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): AgentAnswer {
  return answer(init.status ?? 200, { "Content-Type": JSON_TYPE, ...init.headers }, Buffer.from(JSON.stringify(body)));
}

function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/** `{ error: { code, message } }` with the status from the one error map; unexpected errors become a logged 500 that reveals nothing. */
export function errorAnswer(error: unknown): AgentAnswer {
  const appError = isAppError(error)
    ? error
    : error instanceof ZodError
      ? new AppError("INVALID_INPUT", describeZodError(error))
      : null;
  if (!appError || appError.code === "INTERNAL") {
    const requestId = currentRequestId() ?? randomUUID();
    log().error({ reqId: requestId, err: error }, "agent API request failed");
    const message = `Something went wrong on our side; try again shortly (request ${requestId}).`;
    return jsonAnswer(
      { error: { code: "INTERNAL", message, requestId } },
      { status: 500, headers: { "Cache-Control": "no-store" } },
    );
  }
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (appError.code === "RATE_LIMITED") headers["Retry-After"] = String(appError.details?.retryAfterSeconds ?? 60);
  if (appError.code === "UNAUTHORIZED") headers["WWW-Authenticate"] = 'Bearer realm="stockroom"';
  // RFC 9110 §15.5.6: a 405 names the methods the resource takes.
  if (appError.code === "METHOD_NOT_ALLOWED" && typeof appError.details?.allow === "string")
    headers.Allow = appError.details.allow;
  // A refused event batch also lists its bad events by index, for clients that fix and resend.
  const invalidEvents = appError.details?.invalidEvents;
  // A batch refused by a bound on stored events says how many of its events were counted as dropped.
  const droppedEvents = appError.details?.droppedEvents;
  const body = {
    code: appError.code,
    message: appError.message,
    ...(invalidEvents ? { invalidEvents } : {}),
    ...(typeof droppedEvents === "number" ? { droppedEvents } : {}),
  };
  return jsonAnswer({ error: body }, { status: httpStatusOf(appError.code), headers });
}

/** Parses path parameters with a zod schema; failures become 400 INVALID_INPUT naming the field. */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.infer<T> {
  const result = schema.safeParse(params);
  if (!result.success) throw new AppError("INVALID_INPUT", describeZodError(result.error));
  return result.data;
}

/** For Next.js route handlers, which cannot declare a Content-Encoding (see agent-dispatch.ts). */
export function toWebResponse({ status, headers, body }: AgentAnswer): Response {
  return new Response(body ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length) : null, {
    status,
    headers,
  });
}
