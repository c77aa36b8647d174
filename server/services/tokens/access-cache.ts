import { boundedCache, BoundedCache, type BoundedCacheOptions } from "../../cache/bounded-cache";
import { notifyCacheChange } from "../../cache/cache-notifications";
import type { SqlSource } from "../../db/sql-source";

/**
 * What the agent gate read about a token (its catalog's slugs, the latest version), kept in this process so
 * a revalidation (304) costs no database round trip.
 *
 * Correctness rests on invalidation, not on expiry: the writes that change an entry — revoking a token,
 * publishing a version, archiving a catalog — call `invalidateAgentAccess` after they commit, and notify other
 * processes on the same Postgres inside their transaction (delivered at commit; see `listenForCacheChanges`).
 * The cache's generation makes a lookup that started before an invalidation unable to store its (possibly
 * stale) row after it. Entries also expire after 10 s as a safety net for a dropped LISTEN connection.
 */
export interface TokenRow {
  id: string;
  catalogId: string;
  /** Revoked, or its catalog archived. */
  isRevoked: boolean;
  /** The token's scopes (AgentTokenScope values). */
  scopes: string[];
  /** Epoch milliseconds: timestamps cross both drivers without time-zone guesses. */
  lastUsedMs: number | null;
  catalogSlug: string;
  teamSlug: string;
  latestId: string | null;
  latestVersion: number | null;
  latestHash: string | null;
}

export type AgentAccessCache = BoundedCache<TokenRow>;

/** The process-wide cache's options (a test plays another process with its own `CacheRegistry`). */
export const AGENT_ACCESS_OPTIONS: BoundedCacheOptions<TokenRow> = {
  name: "agent-access",
  max: 50_000,
  ttlMs: 10_000,
  crossProcess: true,
};

/** A cache of its own (tests: another process's, or a cold one); `now` is the clock its expiry reads. */
export function createAgentAccessCache(now?: () => number): AgentAccessCache {
  return new BoundedCache<TokenRow>({ ...AGENT_ACCESS_OPTIONS, ...(now ? { now } : {}) });
}

/** The process-wide cache. Cleared by revocations, publishes and archives (here and, via NOTIFY, elsewhere). */
export function agentAccessCache(): AgentAccessCache {
  return boundedCache(AGENT_ACCESS_OPTIONS);
}

/** Call after committing a write that changes what a token may read (revocation, a new version). */
export function invalidateAgentAccess(): void {
  agentAccessCache().clear();
}

/** Inside the write's transaction: other processes drop their cached access at commit, never on rollback. */
export async function notifyAgentAccessChange(tx: SqlSource): Promise<void> {
  await notifyCacheChange(tx, agentAccessCache());
}
