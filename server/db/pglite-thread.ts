import path from "node:path";
import { Worker } from "node:worker_threads";
import { messages, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import { BackgroundLane } from "./background-lane";

/** What this app (the Prisma adapter and the migration runner) asks of PGlite, and all a PGliteThread offers. */
export type PGliteLike = Pick<PGlite, "query" | "exec" | "transaction" | "close">;

interface RemoteError {
  message: string;
  name?: string;
  stack?: string;
  fields?: Record<string, unknown>;
  database?: boolean;
}

type Call =
  | { op: "query"; sql: string; params?: unknown[]; options?: WireOptions; tx?: number }
  | { op: "exec"; sql: string; options?: WireOptions; tx?: number }
  | { op: "begin" | "rollback"; tx: number }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "close" | "dump" };

/** Query options without functions: parsers run on this side, for the types listed in textTypes. */
type WireOptions = Omit<QueryOptions, "parsers" | "serializers" | "onNotice" | "blob"> & { textTypes?: number[] };

const WORKER_FILE = "server/db/pglite-worker.mjs";

/**
 * Embedded PGlite running in a worker thread. PGlite executes Postgres (compiled to WASM) on the thread that
 * calls it; under load that is a third of the app's CPU, and every 304 or page waits behind it. In its own
 * thread it runs beside the app on a second core, as a Postgres server would. Calls cross as messages, so
 * values are copied (structured clone) and parser functions run here, on the text PGlite returns.
 */
export class PGliteThread implements PGliteLike {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #nextTx = 1;
  #failure: Error | null = null;
  /** One background statement at a time, and only when no other call has waited for a moment (background-lane.ts). */
  readonly #background: BackgroundLane = new BackgroundLane({
    slots: 1,
    busy: (): boolean => this.#pending.size > this.#background.running,
  });

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (message: { id: number; result?: unknown; error?: RemoteError }) => {
      const call = this.#pending.get(message.id);
      if (!call) return;
      this.#pending.delete(message.id);
      if (this.#pending.size === 0) worker.unref(); // idle: like in-thread PGlite, keep no process alive
      if (message.error) call.reject(toError(message.error));
      else call.resolve(message.result);
      this.#background.check();
    });
    const fail = (error: Error) => {
      this.#failure ??= error;
      for (const call of this.#pending.values()) call.reject(error);
      this.#pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`The embedded database thread stopped (exit code ${code}).`)));
  }

  /** Calls sent to the thread and not yet answered (its queue, for the metrics). */
  get pendingCalls(): number {
    return this.#pending.size;
  }

  /** Starts the thread and opens the database at `dataDir` (a directory, or `memory://`). */
  static async create(dataDir: string): Promise<PGliteThread> {
    const worker = new Worker(path.join(/* turbopackIgnore: true */ process.cwd(), WORKER_FILE), {
      workerData: { dataDir },
    });
    const ready = await new Promise<{ ready: boolean; error?: RemoteError }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    if (!ready.ready) {
      await worker.terminate();
      throw toError(ready.error ?? { message: "The embedded database did not start." });
    }
    worker.unref();
    return new PGliteThread(worker);
  }

  #call<T>(call: Call): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.ref(); // a call in flight keeps the process alive
      this.#worker.postMessage({ id, ...call });
    });
  }

  async #query<T>(
    tx: number | undefined,
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const result = await this.#call<Results<T>>({ op: "query", sql, params, options: toWire(options), tx });
    return applyParsers(result, options);
  }

  async #exec(tx: number | undefined, sql: string, options?: QueryOptions): Promise<Results[]> {
    const results = await this.#call<Results[]>({ op: "exec", sql, options: toWire(options), tx });
    return results.map((result) => applyParsers(result, options));
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  /**
   * A statement that may wait: it runs after the calls of other work, one at a time (see background-lane.ts), so
   * the one connection PGlite has is never held by a queue of them.
   */
  backgroundQuery<T>(sql: string, params?: unknown[]): Promise<Results<T>> {
    return this.#background.run(() => this.#query<T>(undefined, sql, params));
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(undefined, sql, options);
  }

  /** PGlite's contract: commit when `callback` resolves, roll back when it throws or called `tx.rollback()`. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.#nextTx++;
    await this.#call({ op: "begin", tx: id });
    let closed = false;
    let rolledBack = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.#query<R>(id, sql, params, options),
      exec: (sql: string, options?: QueryOptions) => this.#exec(id, sql, options),
      rollback: async () => {
        closed = rolledBack = true;
        await this.#call({ op: "rollback", tx: id });
      },
      get closed() {
        return closed;
      },
    } as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.#call({ op: "end", tx: id, commit: false }).catch(() => undefined); // the callback's error is the one to see
      throw error;
    }
    closed = true;
    await this.#call({ op: "end", tx: id, commit: !rolledBack });
    return result;
  }

  /** A consistent copy of the data directory, gzipped tar (PGlite's `dumpDataDir`), taken while it runs. */
  dumpDataDir(): Promise<Uint8Array> {
    return this.#call<Uint8Array>({ op: "dump" });
  }

  async close(): Promise<void> {
    if (!this.#failure) await this.#call({ op: "close" });
    this.#failure ??= new Error("The embedded database is closed.");
    await this.#worker.terminate();
  }
}

const textTypeLists = new WeakMap<object, number[]>();

function toWire(options?: QueryOptions): WireOptions | undefined {
  if (!options) return undefined;
  const { parsers, serializers, onNotice, blob, ...rest } = options;
  if (serializers || onNotice || blob)
    throw new Error("PGliteThread: serializers, onNotice and blob are not supported across threads.");
  if (!parsers) return rest;
  let textTypes = textTypeLists.get(parsers);
  if (!textTypes) textTypeLists.set(parsers, (textTypes = Object.keys(parsers).map(Number)));
  return { ...rest, textTypes };
}

function applyParsers<T>(result: Results<T>, options?: QueryOptions): Results<T> {
  const parsers = options?.parsers;
  if (!parsers || result.rows.length === 0) return result;
  const columns = result.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID];
    return parse ? [{ index, name: field.name, typeId: field.dataTypeID, parse }] : [];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as Array<Record<string | number, unknown>>) {
    for (const { index, name, typeId, parse } of columns) {
      const key = options.rowMode === "array" ? index : name;
      const value = row[key];
      if (value !== null && value !== undefined)
        row[key] = (parse as (text: string, typeId: number) => unknown)(value as string, typeId);
    }
  }
  return result;
}

/** The error as the caller would have seen it in-thread: a DatabaseError (code, detail, constraint…) for SQL errors. */
function toError(remote: RemoteError): Error {
  const error = remote.database ? new messages.DatabaseError(remote.message, 0, "error") : new Error(remote.message);
  Object.assign(error, remote.fields);
  if (!remote.database && remote.name) Object.defineProperty(error, "name", { value: remote.name });
  if (remote.stack)
    error.stack = `${remote.stack}\n    --- in the embedded database thread, called from ---\n${new Error().stack?.split("\n").slice(1).join("\n") ?? ""}`;
  return error;
}
