import { z } from "zod";
import { AppError } from "../../errors";
import { metrics } from "../../ops/metrics";

/** Event batches this process takes in at once (docs/operations.md, "Event ingest under load"). */
export interface IngestLimits {
  perCatalog: number;
  total: number;
}

const limit = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const limitsSchema = z.object({
  STOCKROOM_INGEST_BATCHES_PER_CATALOG: limit(2),
  STOCKROOM_INGEST_BATCHES: limit(8),
});

/** The limits as the environment sets them, read on each call (boot validated them in env.ts; tests change them). */
export function ingestLimitsFromEnv(source: Record<string, string | undefined> = process.env): IngestLimits {
  const env = limitsSchema.parse(source);
  return { perCatalog: env.STOCKROOM_INGEST_BATCHES_PER_CATALOG, total: env.STOCKROOM_INGEST_BATCHES };
}

/** Batches being taken in, per catalog and in all: from before their body is read until they are answered. */
interface InFlight {
  total: number;
  byCatalog: Map<string, number>;
}

// On globalThis: Next.js bundles this module for the node:http front and again for the route handler.
const registry = globalThis as unknown as { stockroomIngestInFlight?: InFlight };
const inFlight = (registry.stockroomIngestInFlight ??= { total: 0, byCatalog: new Map() });

/** Seconds a refused batch is told to wait: a batch in flight is stored in well under that. */
const RETRY_AFTER_SECONDS = 1;

function busy(message: string): AppError {
  metrics().eventBatches.inc({ outcome: "busy" });
  return new AppError(
    "RATE_LIMITED",
    `Event ingest is busy: ${message}. Nothing of this batch was stored or counted; send it again after the ` +
      "Retry-After seconds (the SDKs do).",
    { retryAfterSeconds: RETRY_AFTER_SECONDS },
  );
}

/**
 * Takes a batch of `catalogId` in, or refuses it (429, Retry-After) when that catalog already has its share of
 * batches in flight in this process, or all catalogs together have theirs: a flood then waits its turn before its
 * body is even read, while other agents' batches and everyone else's requests go on. Returns the release, to call
 * once the batch is answered.
 */
export function admitEventBatch(catalogId: string, limits: IngestLimits = ingestLimitsFromEnv()): () => void {
  const ofCatalog = inFlight.byCatalog.get(catalogId) ?? 0;
  if (ofCatalog >= limits.perCatalog)
    throw busy(
      `this catalog already has ${ofCatalog} batches being stored (STOCKROOM_INGEST_BATCHES_PER_CATALOG=${limits.perCatalog})`,
    );
  if (inFlight.total >= limits.total)
    throw busy(`the server is storing ${inFlight.total} batches already (STOCKROOM_INGEST_BATCHES=${limits.total})`);
  inFlight.byCatalog.set(catalogId, ofCatalog + 1);
  inFlight.total++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inFlight.total--;
    const left = (inFlight.byCatalog.get(catalogId) ?? 1) - 1;
    if (left === 0) inFlight.byCatalog.delete(catalogId);
    else inFlight.byCatalog.set(catalogId, left);
  };
}

/** Batches taken in and not yet answered: of one catalog, or in all (for tests and the metrics). */
export function eventBatchesInFlight(catalogId?: string): number {
  return catalogId === undefined ? inFlight.total : (inFlight.byCatalog.get(catalogId) ?? 0);
}
