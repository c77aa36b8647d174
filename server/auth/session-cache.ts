import "server-only";
import { boundedCache, type BoundedCacheOptions } from "../cache/bounded-cache";
import { notifyCacheChange } from "../cache/cache-notifications";
import type { SqlSource } from "../db/sql-source";

/** The signed-in user a session cookie stood for, and when that session expires (epoch ms). */
export interface CachedSession {
  user: { id: string; email: string; name: string };
  expiresAtMs: number;
}

/**
 * Session look-ups (the cookie's signature checked, the session and its user read) by Cookie header, so a
 * playground keystroke or a page does not redo them. Correctness rests on invalidation: every better-auth
 * endpoint other than get-session (sign-out, revocations, password and profile changes) and every session or user
 * update or delete clears it after it happens, here and in other processes (NOTIFY); a look-up begun before a
 * clear cannot store its result after it. Entries also expire after 10 s (a dropped LISTEN connection, a row
 * changed by hand) and never outlive their session.
 */
export const SESSION_CACHE_OPTIONS: BoundedCacheOptions<CachedSession> = {
  name: "sessions",
  max: 10_000,
  ttlMs: 10_000,
  crossProcess: true,
};

/** Longer Cookie headers are looked up every time rather than kept (bounds the cache's memory). */
export const MAX_CACHED_COOKIE_LENGTH = 4096;

export const sessionCache = () => boundedCache(SESSION_CACHE_OPTIONS);

/** After a change to sessions or users: forget every cached look-up, in this process and the others. */
export async function invalidateSessions(sql: SqlSource): Promise<void> {
  sessionCache().clear();
  await notifyCacheChange(sql, sessionCache());
}
