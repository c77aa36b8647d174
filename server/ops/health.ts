import type { CacheListener } from "../cache/cache-notifications";
import { loadMigrations } from "../db/migrate";
import type { DatabaseHandle } from "../db/open";

/**
 * `/healthz` and `/readyz`: unauthenticated, cheap, and saying nothing secret (no addresses, no error texts).
 * Health is "the process answers"; readiness is "send me traffic": the database answers, every migration is
 * applied, the cross-process cache listener is connected (Postgres), and the server is not shutting down.
 */

export interface ReadinessSources {
  /** The app's database; a rejection is a failed `database` check. */
  database: () => Promise<DatabaseHandle>;
  /** The cross-process cache listener (Postgres only). */
  cacheListener?: () => CacheListener | undefined;
  /** True once a graceful shutdown has begun. */
  shuttingDown?: () => boolean;
  /** How long the database may take to answer (default 2 s). */
  timeoutMs?: number;
}

export type CheckResult = "ok" | string;

export interface Readiness {
  ready: boolean;
  checks: Record<string, CheckResult>;
  /** The names of the failing checks. */
  failing: string[];
}

let migrationNames: Promise<string[]> | undefined;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function checkDatabase(sources: ReadinessSources, checks: Record<string, CheckResult>): Promise<void> {
  const timeoutMs = sources.timeoutMs ?? 2_000;
  let handle: DatabaseHandle;
  try {
    handle = await withTimeout(sources.database(), timeoutMs);
    await withTimeout(handle.sql.query("SELECT 1"), timeoutMs);
    checks.database = "ok";
  } catch (error) {
    checks.database = (error as Error).message === "timed out" ? "no answer in time" : "not reachable";
    checks.migrations = "unknown: the database does not answer";
    return;
  }
  try {
    migrationNames ??= loadMigrations().then((all) => all.map((migration) => migration.name));
    const rows = await withTimeout(
      handle.sql.query<{ name: string }>(`SELECT "name" FROM "_stockroom_migrations"`),
      timeoutMs,
    );
    const applied = new Set(rows.map((row) => row.name));
    const pending = (await migrationNames).filter((name) => !applied.has(name)).length;
    checks.migrations = pending === 0 ? "ok" : `${pending} pending`;
  } catch {
    checks.migrations = "not applied";
  }
}

/** Runs the checks; `ready` only when every one is "ok". */
export async function checkReadiness(sources: ReadinessSources): Promise<Readiness> {
  const checks: Record<string, CheckResult> = {};
  if (sources.shuttingDown?.()) checks.shutdown = "shutting down";
  await checkDatabase(sources, checks);
  const handle = await sources.database().catch(() => null);
  if (handle?.kind === "postgres") checks.cacheListener = sources.cacheListener?.()?.connected ? "ok" : "not connected";
  const failing = Object.entries(checks)
    .filter(([, result]) => result !== "ok")
    .map(([name]) => name);
  return { ready: failing.length === 0, checks, failing };
}

/** The JSON answers of the two endpoints: status and body. */
export async function answerReadiness(sources: ReadinessSources): Promise<{ status: number; body: string }> {
  const readiness = await checkReadiness(sources);
  return {
    status: readiness.ready ? 200 : 503,
    body: JSON.stringify({ status: readiness.ready ? "ready" : "not ready", ...readiness }),
  };
}

export const HEALTH_BODY = JSON.stringify({ status: "ok" });

/** Headers of both endpoints: JSON, never cached. */
export const HEALTH_HEADERS = { "content-type": "application/json", "cache-control": "no-store" } as const;
