import "server-only";
import type { Catalog } from "@prisma/client";
import type { ImportControl, ImportProgress } from "../import/import-progress";
import { logSharedFailure, type SharedSyncRuns } from "./shared-sync-runs";

/**
 * The syncs this process is running, so the Sync dialog can follow one (its phase and counts) and cancel it.
 * Keyed by the catalog and an id the browser makes up for each apply: another catalog's id finds nothing.
 * Per process, bounded, and entries expire a while after they end. Behind several processes on one Postgres
 * server, the shared store (shared-sync-runs.ts) carries them to the others: the applying process writes its
 * progress there and reads whether another process was asked to cancel it.
 */
export type SyncState = "running" | "done" | "failed" | "cancelled";
export interface SyncStatus {
  state: SyncState;
  progress: ImportProgress | null;
}
/** Who started a sync, where: an editor of that catalog when it started. */
export interface SyncStarter {
  userId: string;
  teamSlug: string;
  catalog: Catalog;
}
interface Entry extends SyncStatus {
  controller: AbortController;
  /** Null for an entry a cancel made before its sync started. */
  starter: SyncStarter | null;
  /** When the entry may be dropped (ms since the epoch). */
  expires: number;
}

const MAX_ENTRIES = 500;
/** How long a running sync's entry lasts (a sync longer than this keeps running, just no longer followed). */
const RUNNING_TTL_MS = 60 * 60_000;
/** How long an ended sync's outcome stays readable. */
const ENDED_TTL_MS = 5 * 60_000;

const entries = new Map<string, Entry>();
const keyOf = (catalogId: string, syncId: string) => `${catalogId}:${syncId}`;

function prune(now: number) {
  for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key);
  // Still too many: the oldest first (a Map iterates in insertion order).
  for (const key of entries.keys()) {
    if (entries.size < MAX_ENTRIES) break;
    entries.delete(key);
  }
}

function entryFor(catalogId: string, syncId: string): Entry {
  const key = keyOf(catalogId, syncId);
  const found = entries.get(key);
  if (found) return found;
  const now = Date.now();
  prune(now);
  const entry: Entry = {
    starter: null,
    state: "running",
    progress: null,
    controller: new AbortController(),
    expires: now + RUNNING_TTL_MS,
  };
  entries.set(key, entry);
  return entry;
}

/** How often a running sync writes its progress to the shared store and reads whether it was cancelled. */
const SHARE_EVERY_MS = 250;

/**
 * Runs a sync under an id: its progress is recorded for syncStatus, and cancelSync aborts it. A cancel that
 * arrived before the sync started (the id already cancelled) stops it before it reads anything. With a shared
 * store, the same happens across processes.
 */
export async function trackSync<T>(
  starter: SyncStarter,
  syncId: string | undefined,
  run: (control: ImportControl | undefined) => Promise<T>,
  shared: SharedSyncRuns | null = null,
  noun: ImportControl["noun"] = "sync",
): Promise<T> {
  if (!syncId) return run(undefined);
  const catalogId = starter.catalog.id;
  const key = keyOf(catalogId, syncId);
  // An id used again after its sync ended starts afresh.
  if (entries.get(key)?.state !== "running") entries.delete(key);
  const entry = entryFor(catalogId, syncId);
  entry.starter = starter;
  if (shared && (await shared.start(catalogId, syncId, starter.userId).catch(logSharedFailure)))
    entry.controller.abort();
  const stopSharing = shared ? shareWhileRunning(shared, catalogId, syncId, entry) : () => Promise.resolve();
  const control: ImportControl = {
    noun,
    signal: entry.controller.signal,
    onProgress: (progress) => {
      entry.progress = progress;
    },
  };
  try {
    const result = await run(control);
    entry.state = "done";
    return result;
  } catch (error) {
    entry.state = entry.controller.signal.aborted ? "cancelled" : "failed";
    throw error;
  } finally {
    entry.expires = Date.now() + ENDED_TTL_MS;
    await stopSharing();
    await shared?.end(catalogId, syncId, entry.state, entry.progress).catch(logSharedFailure);
  }
}

/**
 * While a sync runs: every SHARE_EVERY_MS, its latest progress goes to the shared store and a cancel asked there
 * (by another process) aborts it. Returns a stop that waits for a write still under way.
 */
function shareWhileRunning(shared: SharedSyncRuns, catalogId: string, syncId: string, entry: Entry) {
  let writing: Promise<void> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    writing = shared
      .progress(catalogId, syncId, entry.progress)
      .then((cancelled) => void (cancelled && entry.controller.abort()), logSharedFailure)
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(tick, SHARE_EVERY_MS);
  return async () => {
    clearInterval(timer);
    await writing;
  };
}

/**
 * The catalog of sync `syncId`, when `userId` started it in that team and catalog (by slug) and it is still known.
 * Following and cancelling one's own sync needs no database read: an embedded database (PGlite) answers nothing
 * else while the sync's transaction is open.
 */
export function ownSync(userId: string, teamSlug: string, catalogSlug: string, syncId: string): Catalog | null {
  const now = Date.now();
  for (const [key, entry] of entries) {
    const starter = entry.starter;
    if (!key.endsWith(`:${syncId}`) || !starter || entry.expires <= now) continue;
    if (starter.userId === userId && starter.teamSlug === teamSlug && starter.catalog.slug === catalogSlug)
      return starter.catalog;
  }
  return null;
}

/**
 * A sync's state and last progress: this process's own, else the shared store's; null when neither knows a sync
 * of that id in that catalog.
 */
export async function syncStatus(
  catalogId: string,
  syncId: string,
  shared: SharedSyncRuns | null = null,
): Promise<SyncStatus | null> {
  const entry = entries.get(keyOf(catalogId, syncId));
  if (entry && entry.expires > Date.now()) return { state: entry.state, progress: entry.progress };
  return shared ? shared.read(catalogId, syncId) : null;
}

/**
 * Cancels a sync: a running one stops at its next step and rolls back whole; one that has not started yet stops
 * when it starts. Returns false when the sync has already ended (its outcome stands). A sync this process does
 * not run is cancelled through the shared store, where the process that runs it reads the request.
 */
export async function cancelSync(
  catalogId: string,
  syncId: string,
  shared: SharedSyncRuns | null = null,
): Promise<boolean> {
  const known = entries.get(keyOf(catalogId, syncId));
  if (!known && shared) return shared.cancel(catalogId, syncId);
  const entry = known ?? entryFor(catalogId, syncId);
  if (entry.state !== "running") return false;
  entry.controller.abort();
  return true;
}
