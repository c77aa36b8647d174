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

export function bearerTokenOf(headers: Headers): string | null {
  const value = headers.get("authorization");
  const match = value?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}
