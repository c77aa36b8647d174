// Embedded PGlite in its own thread (see pglite-thread.ts): the database's CPU work never blocks the app's event
// loop. Plain JavaScript because Node runs it as it is, outside Next.js's bundle. One message per call:
//   { id, op: "query" | "exec" | "begin" | "rollback" | "end" | "close", tx?, sql?, params?, options?, commit? }
// and one answer per id: { id, result } or { id, error }.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

/** @type {Map<number, { tx: import("@electric-sql/pglite").Transaction, finish: (commit: boolean) => void, done: Promise<void> }>} */
const transactions = new Map();
const ROLLED_BACK = Symbol("rolled back");

let db;
try {
  db = await PGlite.create(workerData.dataDir);
  // A new 16 MB WAL segment is zero-filled by default, in 8 kB writes that (in memory://) regrow the file's buffer
  // by 1/8 each time: a 0.5–1.5 s stall of every query every ~150 ingest batches. Off, the file is created at
  // its size in one write. (The zeroes only reserve disk space; this embedded database runs with fsync off.)
  await db.exec("SET wal_init_zero = off");
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: describeError(error) });
}

function describeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const { message, name, stack, ...fields } = error;
  delete fields.params; // can be megabytes, and the caller has them
  delete fields.queryOptions; // holds parser functions, which cannot cross threads
  return { message, name, stack, fields: { ...fields }, database: "severity" in error };
}

/** Parsers the caller applies itself (functions cannot cross threads): those types come back as text. */
function queryOptions(options) {
  if (!options) return undefined;
  const { textTypes, ...rest } = options;
  if (!textTypes) return rest;
  return { ...rest, parsers: Object.fromEntries(textTypes.map((oid) => [oid, (text) => text])) };
}

function begin(txId) {
  return new Promise((ready, failed) => {
    const done = db
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            transactions.set(txId, { tx, finish: (ok) => (ok ? commit() : rollback(ROLLED_BACK)), done });
            ready();
          }),
      )
      .catch((error) => {
        if (error !== ROLLED_BACK) throw error;
      })
      .finally(() => transactions.delete(txId));
    done.catch(failed); // BEGIN itself failed
  });
}

/**
 * The data directory as a gzipped tarball, taken inside a transaction: PGlite runs one transaction at a time, so
 * none of the app's is half-done in the copy, and a CHECKPOINT first writes every committed page to the files.
 */
async function dumpConsistently() {
  let bytes;
  await db.transaction(async (tx) => {
    await tx.exec("CHECKPOINT");
    bytes = new Uint8Array(await (await db.dumpDataDir("gzip")).arrayBuffer());
  });
  return bytes;
}

function target(txId) {
  if (txId === undefined) return db;
  const open = transactions.get(txId);
  if (!open) throw new Error("The transaction has already ended.");
  return open.tx;
}

async function answer(message) {
  switch (message.op) {
    case "query":
      return target(message.tx).query(message.sql, message.params, queryOptions(message.options));
    case "exec":
      return target(message.tx).exec(message.sql, queryOptions(message.options));
    case "begin":
      return begin(message.tx);
    case "rollback":
      return target(message.tx).rollback();
    case "end": {
      const open = transactions.get(message.tx);
      if (!open) return undefined;
      open.finish(message.commit);
      return open.done;
    }
    case "dump":
      return dumpConsistently();
    case "close":
      await db.close();
      return undefined;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

/** Results as they cross the thread boundary: no file blob (never used here). */
const plain = (result) =>
  ArrayBuffer.isView(result)
    ? result
    : Array.isArray(result)
      ? result.map(plain)
      : result && typeof result === "object"
        ? { ...result, blob: undefined }
        : result;

parentPort.on("message", (message) => {
  // Each call runs as soon as it arrives: PGlite queues them itself (a query outside an open transaction
  // waits for it to end), so answering in arrival order here could deadlock.
  answer(message)
    .then(
      (result) => parentPort.postMessage({ id: message.id, result: plain(result) }),
      (error) => parentPort.postMessage({ id: message.id, error: describeError(error) }),
    )
    // A value that cannot be copied across threads: the caller still gets an answer, never a hang.
    .catch((error) =>
      parentPort.postMessage({
        id: message.id,
        error: { message: `The embedded database could not send its answer: ${error.message}` },
      }),
    );
});
