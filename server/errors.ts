import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";

export const APP_ERROR_CODES = {
  INVALID_INPUT: { trpc: "BAD_REQUEST", http: 400 },
  UNAUTHORIZED: { trpc: "UNAUTHORIZED", http: 401 },
  FORBIDDEN: { trpc: "FORBIDDEN", http: 403 },
  NOT_FOUND: { trpc: "NOT_FOUND", http: 404 },
  METHOD_NOT_ALLOWED: { trpc: "METHOD_NOT_SUPPORTED", http: 405 },
  CONFLICT: { trpc: "CONFLICT", http: 409 },
  PAYLOAD_TOO_LARGE: { trpc: "PAYLOAD_TOO_LARGE", http: 413 },
  UNPROCESSABLE: { trpc: "UNPROCESSABLE_CONTENT", http: 422 },
  RATE_LIMITED: { trpc: "TOO_MANY_REQUESTS", http: 429 },
  INTERNAL: { trpc: "INTERNAL_SERVER_ERROR", http: 500 },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; http: number }>;

export type AppErrorCode = keyof typeof APP_ERROR_CODES;

/** An expected failure: a code from the one map above and a message that says what to fix. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: AppErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export function httpStatusOf(code: AppErrorCode): number {
  return APP_ERROR_CODES[code].http;
}

export function trpcCodeOf(code: AppErrorCode): TRPC_ERROR_CODE_KEY {
  return APP_ERROR_CODES[code].trpc;
}

/** Prisma's known request errors that mean bad input or a race, mapped to AppErrors. */
export function fromPrismaError(error: unknown): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "P2002") return new AppError("CONFLICT", "Something with the same unique name already exists.");
  if (code === "P2025") return new AppError("NOT_FOUND", "The record was not found (it may have been deleted).");
  if (code === "P2003") return new AppError("CONFLICT", "This record is still referenced by others.");
  return null;
}
