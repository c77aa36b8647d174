import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { ERROR_CODE_STATUS, type ErrorCode } from "@/domain/vocabulary";

/** The codes and their tRPC code and HTTP status live in domain/vocabulary.ts; tRPC's names are checked here. */
export const APP_ERROR_CODES = ERROR_CODE_STATUS satisfies Record<
  ErrorCode,
  { trpc: TRPC_ERROR_CODE_KEY; http: number }
>;

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
