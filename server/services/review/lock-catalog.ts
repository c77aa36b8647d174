import { queryRows, type SqlSource } from "../../db/sql-source";
import { AppError } from "../../errors";

/**
 * Locks the catalog row until the transaction ends, so publishes (and golden-query writes, which
 * publishes read) on one catalog run one after another. Works the same on PGlite and Postgres, in a
 * Prisma transaction or on the plain driver.
 */
export async function lockCatalog(tx: SqlSource, catalogId: string): Promise<void> {
  const rows = await queryRows<{ id: string }>(tx, `SELECT "id" FROM "Catalog" WHERE "id" = $1 FOR UPDATE`, [
    catalogId,
  ]);
  if (rows.length === 0) throw new AppError("NOT_FOUND", "The catalog was not found (it may have been deleted).");
}

/**
 * Interactive-transaction limits for catalog-locking work: waiting callers queue on the row lock
 * (Postgres) or on PGlite's single connection, so they need far more than Prisma's 2 s default.
 */
export const LOCKED_TX_OPTIONS = { maxWait: 60_000, timeout: 120_000 } as const;
