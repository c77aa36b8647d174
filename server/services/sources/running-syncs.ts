import "server-only";
import type { Catalog } from "@prisma/client";
import type { ImportControl, ImportProgress } from "../import/import-progress";

/**
 * The syncs this process is running, so the Sync dialog can follow one (its phase and counts) and cancel it.
 * Keyed by the catalog and an id the browser makes up for each apply: another catalog's id finds nothing.
 * Per process (a request that reaches another process sees no progress, and its cancel finds nothing to stop);
 * bounded, and entries expire a while after they end.
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

/**
 * Runs a sync under an id: its progress is recorded for syncStatus, and cancelSync aborts it. A cancel that
 * arrived before the sync started (the id already cancelled) stops it before it reads anything.
 */
export async function trackSync<T>(
  starter: SyncStarter,
  syncId: string | undefined,
  run: (control: ImportControl | undefined) => Promise<T>,
): Promise<T> {
  if (!syncId) return run(undefined);
  const key = keyOf(starter.catalog.id, syncId);
  // An id used again after its sync ended starts afresh.
  if (entries.get(key)?.state !== "running") entries.delete(key);
  const entry = entryFor(starter.catalog.id, syncId);
  entry.starter = starter;
  const control: ImportControl = {
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
  }
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

/** A sync's state and last progress; null when this process knows no sync of that id in that catalog. */
export function syncStatus(catalogId: string, syncId: string): SyncStatus | null {
  const entry = entries.get(keyOf(catalogId, syncId));
  if (!entry || entry.expires <= Date.now()) return null;
  return { state: entry.state, progress: entry.progress };
}

/**
 * Cancels a sync: a running one stops at its next step and rolls back whole; one that has not started yet stops
 * when it starts. Returns false when the sync has already ended (its outcome stands).
 */
export function cancelSync(catalogId: string, syncId: string): boolean {
  const entry = entryFor(catalogId, syncId);
  if (entry.state !== "running") return false;
  entry.controller.abort();
  return true;
}
