import "server-only";
import type { PrismaClient } from "@prisma/client";
import { sqlRunnerOf } from "../../db/open";
import type { SqlRunner } from "../../db/migrate";
import type { ImportProgress } from "../import/import-progress";
import { logger } from "../../ops/logger";

/**
 * Running syncs in the database (table "SyncRun", migration 0026), so that behind several processes a poll or a
 * cancel that reaches another process than the one applying still finds the sync. Only where the database takes
 * statements from several connections at once (Postgres): the applying process writes outside its sync's
 * transaction, which on the embedded database (one connection, one process) would wait for that transaction;
 * there the registry in memory (running-syncs.ts) is all there is.
 */
export interface SharedSyncRuns {
  /** Records a sync as running; true when a cancel was already asked for it (from any process). */
  start(catalogId: string, syncId: string, userId: string): Promise<boolean>;
  /** Writes its progress (null: none yet); true when a cancel has been asked since. */
  progress(catalogId: string, syncId: string, progress: ImportProgress | null): Promise<boolean>;
  /** Records how it ended, with its last progress. */
  end(catalogId: string, syncId: string, state: SharedRun["state"], progress: ImportProgress | null): Promise<void>;
  read(catalogId: string, syncId: string): Promise<SharedRun | null>;
  /** Asks a sync to stop: false when it has already ended. A sync not started yet stops when it starts. */
  cancel(catalogId: string, syncId: string): Promise<boolean>;
}

export interface SharedRun {
  state: "running" | "done" | "failed" | "cancelled";
  progress: ImportProgress | null;
}

interface Row {
  state: SharedRun["state"];
  phase: ImportProgress["phase"] | null;
  done: number;
  total: number;
  cancelRequested: boolean;
}

/** Rows this old are dropped when a sync starts (a running sync updates its row far more often). */
const KEEP_ROWS = "1 day";

/** The shared store of this database, or null when it has one connection (PGlite): see above. */
export function sharedSyncRuns(db: PrismaClient): SharedSyncRuns | null {
  const sql = sqlRunnerOf(db);
  if ((sql.concurrency ?? 1) <= 1) return null;
  return sqlSyncRuns(sql);
}

export function sqlSyncRuns(sql: Pick<SqlRunner, "query">): SharedSyncRuns {
  return {
    async start(catalogId, syncId, userId) {
      await sql.query(`DELETE FROM "SyncRun" WHERE "updatedAt" < now() - interval '${KEEP_ROWS}'`);
      // An id used again after its sync ended starts afresh; a cancel that came first (a row still "running",
      // made by cancel) is kept and reported.
      const [row] = await sql.query<Pick<Row, "cancelRequested">>(
        `INSERT INTO "SyncRun" ("catalogId", "syncId", "userId") VALUES ($1, $2, $3)
         ON CONFLICT ("catalogId", "syncId") DO UPDATE SET "userId" = $3, "updatedAt" = now(),
           "state" = 'running', "phase" = NULL, "done" = 0, "total" = 0,
           "cancelRequested" = "SyncRun"."state" = 'running' AND "SyncRun"."cancelRequested"
         RETURNING "cancelRequested"`,
        [catalogId, syncId, userId],
      );
      return row?.cancelRequested === true;
    },
    async progress(catalogId, syncId, progress) {
      const [row] = await sql.query<Pick<Row, "cancelRequested">>(
        `UPDATE "SyncRun" SET "phase" = $3, "done" = $4, "total" = $5, "updatedAt" = now()
         WHERE "catalogId" = $1 AND "syncId" = $2 RETURNING "cancelRequested"`,
        [catalogId, syncId, progress?.phase ?? null, progress?.done ?? 0, progress?.total ?? 0],
      );
      return row?.cancelRequested === true;
    },
    async end(catalogId, syncId, state, progress) {
      await sql.query(
        `UPDATE "SyncRun" SET "state" = $3, "phase" = $4, "done" = $5, "total" = $6, "updatedAt" = now()
         WHERE "catalogId" = $1 AND "syncId" = $2`,
        [catalogId, syncId, state, progress?.phase ?? null, progress?.done ?? 0, progress?.total ?? 0],
      );
    },
    async read(catalogId, syncId) {
      const [row] = await sql.query<Row>(
        `SELECT "state", "phase", "done", "total", "cancelRequested" FROM "SyncRun"
         WHERE "catalogId" = $1 AND "syncId" = $2 AND "updatedAt" > now() - interval '${KEEP_ROWS}'`,
        [catalogId, syncId],
      );
      if (!row) return null;
      const progress = row.phase ? { phase: row.phase, done: row.done, total: row.total } : null;
      return { state: row.state, progress };
    },
    async cancel(catalogId, syncId) {
      const [row] = await sql.query<Pick<Row, "state">>(
        `INSERT INTO "SyncRun" ("catalogId", "syncId", "cancelRequested") VALUES ($1, $2, true)
         ON CONFLICT ("catalogId", "syncId") DO UPDATE
           SET "cancelRequested" = "SyncRun"."state" = 'running', "updatedAt" = now()
         RETURNING "state"`,
        [catalogId, syncId],
      );
      return row?.state === "running";
    },
  };
}

/** A write to the shared store that failed is logged and otherwise ignored: the sync itself goes on. */
export function logSharedFailure(error: unknown): void {
  logger().warn({ err: error }, "could not record a running sync in the database");
}
