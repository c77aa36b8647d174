import { ZodError, z } from "zod";
import { AppError, httpStatusOf, isAppError } from "../../../errors";

const JSON_TYPE = "application/json; charset=utf-8";

export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers: { "Content-Type": JSON_TYPE, ...init.headers } });
}

function describeZodError(error: ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message)).join("; ");
}

/** `{ error: { code, message } }` with the status from the one error map; unexpected errors become a logged 500 that reveals nothing. */
export function errorResponse(error: unknown): Response {
  const appError = isAppError(error) ? error : error instanceof ZodError ? new AppError("INVALID_INPUT", describeZodError(error)) : null;
  if (!appError || appError.code === "INTERNAL") {
    console.error("agent API request failed:", error);
    return jsonResponse({ error: { code: "INTERNAL", message: "Something went wrong on our side; try again shortly." } }, { status: 500, headers: { "Cache-Control": "no-store" } });
  }
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (appError.code === "RATE_LIMITED") headers["Retry-After"] = String(appError.details?.retryAfterSeconds ?? 60);
  if (appError.code === "UNAUTHORIZED") headers["WWW-Authenticate"] = 'Bearer realm="stockroom"';
  return jsonResponse({ error: { code: appError.code, message: appError.message } }, { status: httpStatusOf(appError.code), headers });
}

/** Parses route params with a zod schema; failures become 400 INVALID_INPUT naming the field. */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.infer<T> {
  const result = schema.safeParse(params);
  if (!result.success) throw new AppError("INVALID_INPUT", describeZodError(result.error));
  return result.data;
}
