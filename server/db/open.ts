import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { metrics, sampleWhileOpen } from "../ops/metrics";
import { applyMigrations, type SqlRunner } from "./migrate";
import { BackgroundLane } from "./background-lane";
import { PGliteThread, type PGliteLike } from "./pglite-thread";
import { logger } from "../ops/logger";

export interface DatabaseHandle {
  db: PrismaClient;
  kind: "pglite" | "postgres";
  sql: SqlRunner;
  /** Embedded PGlite only: a consistent gzipped tarball of the data directory, taken while the app runs. */
  backup?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; when absent, embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` for a throw-away database. */
  dataDir?: string;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
}

function pgliteRunner(client: Pick<PGliteLike, "exec" | "query">): SqlRunner {
  const thread = client instanceof PGliteThread ? client : null;
  return {
    ...(thread && {
      background: {
        async query<T>(sql: string, params: unknown[] = []) {
          return (await thread.backgroundQuery<T>(sql, params)).rows;
        },
      },
    }),
    async exec(sql) {
      await client.exec(sql);
    },
    async query<T>(sql: string, params: unknown[] = []) {
      return (await client.query<T>(sql, params)).rows;
    },
    async transaction(fn) {
      return (client as PGliteLike).transaction((tx) => fn(pgliteRunner(tx)));
    },
  };
}

/** Pool connections the background lane may use at once (of the pool's 10), so others always find one free. */
const BACKGROUND_CONNECTIONS = 2;

/** Statements that may wait, on at most BACKGROUND_CONNECTIONS, each once the pool has had no other work a moment. */
function backgroundOf(pool: pg.Pool): Pick<SqlRunner, "query"> {
  const lane: BackgroundLane = new BackgroundLane({
    slots: BACKGROUND_CONNECTIONS,
    busy: () => pool.waitingCount > 0 || pool.totalCount - pool.idleCount > lane.running,
  });
  return {
    query: <T>(sql: string, params: unknown[] = []) =>
      lane.run(async () => (await pool.query(sql, params)).rows as T[]),
  };
}

function poolRunner(pool: pg.Pool | pg.PoolClient): SqlRunner {
  return {
    concurrency: "release" in pool ? 1 : pool.options.max,
    ...(!("release" in pool) && { background: backgroundOf(pool) }),
    async exec(sql) {
      await pool.query(sql);
    },
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async transaction(fn) {
      const client = "release" in pool ? pool : await pool.connect();
      let broken: Error | undefined;
      // A checked-out client whose socket dies emits 'error' (the pool listens only to idle ones): without a
      // listener that would crash the process. Its queries reject with the same error, which reaches the caller.
      const onError = (error: Error) => (broken = error);
      if (client !== pool) client.on("error", onError);
      try {
        await client.query("BEGIN");
        const result = await fn(poolRunner(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        // The caller sees its own error; a connection that cannot even roll back is dropped, not pooled.
        await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        if (client !== pool) {
          client.off("error", onError);
          (client as pg.PoolClient).release(broken);
        }
      }
    },
  };
}

// On globalThis: Next.js bundles this module once for instrumentation.ts (which opens the database) and
// again for the routes that use it, and both copies must see the same registry.
const registry = globalThis as unknown as { stockroomSqlRunners?: WeakMap<PrismaClient, SqlRunner> };
const runners = (registry.stockroomSqlRunners ??= new WeakMap());

/** A stand-in for a client (the tests' forwarding proxy) answers this key with the client it stands for. */
export const REAL_CLIENT = Symbol.for("stockroom.realClient");

/**
 * The plain driver under a Prisma client opened here (or under the client a stand-in answers for). For the
 * few statements where Prisma's own cost dominates (a multi-megabyte JSONB insert): queries through it do
 * not join a Prisma transaction.
 */
export function sqlRunnerOf(db: PrismaClient): SqlRunner {
  const real = (db as unknown as { [REAL_CLIENT]?: PrismaClient })[REAL_CLIENT] ?? db;
  const sql = runners.get(real);
  if (!sql) throw new Error("This Prisma client was not opened by openDatabase(): no plain driver to run SQL on.");
  return sql;
}

/**
 * pglite-prisma-adapter 0.6 is typed against driver-adapter-utils 6.10; the 6.19 client runs it
 * unchanged (proved by every PGlite test), so only the type needs bridging.
 */
export function pgliteAdapter(pglite: PGliteLike): SqlDriverAdapterFactory {
  return new PrismaPGlite(pglite as PGlite) as unknown as SqlDriverAdapterFactory;
}

/** A Prisma client whose statements are timed into `stockroom_db_query_duration_seconds`. */
function timedClient(adapter: SqlDriverAdapterFactory, kind: DatabaseHandle["kind"]): PrismaClient {
  const db = new PrismaClient({ adapter, log: [{ emit: "event", level: "query" }] });
  const seconds = metrics().dbQuerySeconds.labels({ database: kind });
  db.$on("query", (event) => seconds.observe(event.duration / 1000));
  return db as unknown as PrismaClient;
}

/** The pool's connections, idle ones and waiting queries, sampled at each scrape while it is open. */
function samplePool(pool: pg.Pool): () => void {
  const stops = [
    sampleWhileOpen("poolTotal", { label: "postgres", read: () => pool.totalCount }),
    sampleWhileOpen("poolIdle", { label: "postgres", read: () => pool.idleCount }),
    sampleWhileOpen("poolWaiting", { label: "postgres", read: () => pool.waitingCount }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** Opens PGlite (embedded) or a Postgres server, applies migrations, and returns a Prisma client over it. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const shouldMigrate = options.migrate ?? true;
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    pool.on("error", (error) => logger().warn({ err: error }, "Postgres pool: an idle connection failed")); // an idle client dropped by the server
    const sql = poolRunner(pool);
    if (shouldMigrate) await applyMigrations(sql);
    const db = timedClient(new PrismaPg(pool), "postgres");
    runners.set(db, sql);
    const stopSampling = samplePool(pool);
    return {
      db,
      kind: "postgres",
      sql,
      async close() {
        stopSampling();
        await db.$disconnect();
        await pool.end();
      },
    };
  }
  const dataDir = options.dataDir ?? ".data/pglite";
  if (!dataDir.startsWith("memory://"))
    await mkdir(path.dirname(path.resolve(/* turbopackIgnore: true */ dataDir)), { recursive: true });
  const pglite = await PGliteThread.create(dataDir);
  const sql = pgliteRunner(pglite);
  if (shouldMigrate) await applyMigrations(sql);
  const db = timedClient(pgliteAdapter(pglite), "pglite");
  runners.set(db, sql);
  const stopSampling = sampleWhileOpen("pgliteQueue", { label: "pglite", read: () => pglite.pendingCalls });
  return {
    db,
    kind: "pglite",
    sql,
    backup: () => pglite.dumpDataDir(),
    async close() {
      stopSampling();
      await db.$disconnect();
      await pglite.close();
    },
  };
}
