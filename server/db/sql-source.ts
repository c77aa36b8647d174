import type { PrismaClient } from "@prisma/client";
import type { SqlRunner } from "./migrate";

/**
 * Where one plain SQL statement can run: a Prisma client or interactive transaction, or the plain driver
 * (a `SqlRunner` or its transaction). Queries written against it must select types both drivers return
 * alike: text, int4, float8, bool, json(b), text[]; timestamps as epoch milliseconds (float8), never int8.
 */
export type SqlSource = Pick<PrismaClient, "$queryRawUnsafe"> | Pick<SqlRunner, "query">;

/** The rows of one statement with `$1`… parameters, on either kind of source. */
export function queryRows<T>(db: SqlSource, sql: string, params: unknown[] = []): Promise<T[]> {
  // `typeof` rather than `in`: a forwarding proxy (tests) answers property reads, not `has`.
  const prisma = db as Pick<PrismaClient, "$queryRawUnsafe">;
  return typeof prisma.$queryRawUnsafe === "function"
    ? prisma.$queryRawUnsafe<T[]>(sql, ...params)
    : (db as Pick<SqlRunner, "query">).query<T>(sql, params);
}
