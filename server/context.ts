import type { PrismaClient } from "@prisma/client";

export interface ContextUser {
  id: string;
  email: string;
  name: string;
}

/** What every procedure sees. Built per request by the route handlers, or directly by tests and scripts. */
export interface Context {
  db: PrismaClient;
  user: ContextUser | null;
  /** The raw `Authorization: Bearer …` secret, when an agent calls. */
  bearerToken: string | null;
  headers: Headers;
}

/** The secret of an `Authorization: Bearer …` header value; null when absent or another scheme. */
export function bearerTokenOf(authorization: string | null): string | null {
  return authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;
}
