import type { Prisma } from "@prisma/client";
import { AppError } from "../../errors";

/**
 * Locks the catalog row until the transaction ends, so publishes (and golden-query writes, which
 * publishes read) on one catalog run one after another. Works the same on PGlite and Postgres.
 */
export async function lockCatalog(tx: Prisma.TransactionClient, catalogId: string): Promise<void> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT "id" FROM "Catalog" WHERE "id" = ${catalogId} FOR UPDATE`;
  if (rows.length === 0) throw new AppError("NOT_FOUND", "The catalog was not found (it may have been deleted).");
}

/**
 * Interactive-transaction limits for catalog-locking work: waiting callers queue on the row lock
 * (Postgres) or on PGlite's single connection, so they need far more than Prisma's 2 s default.
 */
export const LOCKED_TX_OPTIONS = { maxWait: 60_000, timeout: 120_000 } as const;
