import { queryRows, type SqlSource } from "../../db/sql-source";

/**
 * What the agent gate read about a token (its catalog's slugs, the latest version), kept in this process so
 * a revalidation (304) costs no database round trip.
 *
 * Correctness rests on invalidation, not on expiry: the writes that change an entry — revoking a token,
 * publishing a version — call `invalidateAgentAccess` after they commit, and notify other processes on the
 * same Postgres (`NOTIFY stockroom_agent_access` inside their transaction, delivered at commit; see
 * `listenForAgentAccessChanges`). A generation counter makes a lookup that started before an invalidation
 * unable to store its (possibly stale) row after it. Entries also expire after MAX_AGE_MS as a safety net
 * for a dropped LISTEN connection.
 */
export const AGENT_ACCESS_CHANNEL = "stockroom_agent_access";
const MAX_AGE_MS = 10_000;
const MAX_ENTRIES = 50_000;

export interface TokenRow {
  id: string;
  catalogId: string;
  /** Revoked, or its catalog archived. */
  isRevoked: boolean;
  canImport: boolean;
  /** Epoch milliseconds: timestamps cross both drivers without time-zone guesses. */
  lastUsedMs: number | null;
  catalogSlug: string;
  teamSlug: string;
  latestId: string | null;
  latestVersion: number | null;
  latestHash: string | null;
}

interface Entry {
  row: TokenRow;
  storedAt: number;
}

export class AgentAccessCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();

  /** The generation a lookup starts in; pass it back to `store`. */
  get currentGeneration(): number {
    return this.generation;
  }

  get(tokenHash: string, now = Date.now()): TokenRow | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.storedAt > MAX_AGE_MS) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.row;
  }

  /** Keeps a row read from the database, unless an invalidation happened since the read began. */
  store(tokenHash: string, row: TokenRow, generation: number, now = Date.now()): void {
    if (generation !== this.generation) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { row, storedAt: now });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

const globalForCache = globalThis as unknown as { stockroomAgentAccess?: AgentAccessCache };

/** The process-wide cache (on globalThis: Next.js bundles route handlers and instrumentation separately). */
export function agentAccessCache(): AgentAccessCache {
  globalForCache.stockroomAgentAccess ??= new AgentAccessCache();
  return globalForCache.stockroomAgentAccess;
}

/** Call after committing a write that changes what a token may read (revocation, a new version). */
export function invalidateAgentAccess(): void {
  agentAccessCache().invalidate();
}

/**
 * Tells other processes on the same Postgres to drop their cached access; inside a transaction the
 * notification is delivered at commit, and never if it rolls back. (PGlite: one process, a no-op in effect.)
 */
export async function notifyAgentAccessChange(tx: SqlSource): Promise<void> {
  await queryRows(tx, `NOTIFY ${AGENT_ACCESS_CHANNEL}`);
}
