// Graceful shutdown of the real front (server/testing/ops-server.ts: serveFront with the app's options, the same
// code `npm start` runs): SIGTERM under a load of event batches and snapshot reads. Every request the server
// accepted gets its answer, every event a 202 counted is in the database and no other is, PGlite's files say it was
// shut down cleanly (pg_control), and the process exits 0 within its bound.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/open";
import { createOpsDatabase, logLines, type OpsDatabase, startOpsProcess } from "../testing/ops-process";
import { testDbKind } from "../testing/test-db";

const BOUND_MS = 20_000;

/**
 * The cluster state PGlite's Postgres wrote in `global/pg_control` (ControlFileData.state, after a uint64 and two
 * uint32): 1 is "shut down", written by a clean close; 6 is "in production", what an open or killed one leaves.
 */
async function clusterStateOf(pgliteDir: string): Promise<number> {
  return (await readFile(path.join(pgliteDir, "global", "pg_control"))).readInt32LE(16);
}
const SHUT_DOWN = 1;
const WORKERS = 6;

interface Tally {
  stored: number;
  statuses: Map<number, number>;
  unanswered: string[];
  /** Requests sent well before SIGTERM (so the server had taken them) that got no answer. */
  acceptedUnanswered: string[];
  signalledAt: number;
}

/**
 * The margin before the signal past which a sent request has surely been read by the server; a batch of
 * BATCH_EVENTS takes longer than that to store, so such a request is in flight when the signal comes.
 */
const ACCEPTED_MARGIN_MS = 25;
const BATCH_EVENTS = 200;

/** One request; an error is tallied, and blamed on the server when the request was surely taken before SIGTERM. */
async function send(url: string, init: RequestInit, tally: Tally, label: string): Promise<Response | null> {
  const sentAt = performance.now();
  try {
    const response = await fetch(url, init);
    tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
    return response;
  } catch (error) {
    // Refused, or closed before the server took the request: not accepted, so not an error of the server.
    const code = ((error as Error).cause as { code?: string } | undefined)?.code ?? (error as Error).message;
    tally.unanswered.push(code);
    const beforeSignal = tally.signalledAt === 0 || sentAt < tally.signalledAt - ACCEPTED_MARGIN_MS;
    if (beforeSignal && code !== "ECONNREFUSED") tally.acceptedUnanswered.push(`${code} (${label})`);
    return null;
  }
}

/** One client: event batches of BATCH_EVENTS new events, and a snapshot read, until the server stops answering. */
async function client(base: string, secret: string, worker: number, tally: Tally, stopped: () => boolean) {
  const headers = { authorization: `Bearer ${secret}`, "content-type": "application/json" };
  for (let round = 0; !stopped(); round++) {
    const ids = Array.from({ length: BATCH_EVENTS }, (_, i) => `w${worker}-r${round}-e${i}`);
    const events = ids.map((id) => ({ type: "call", id, callId: id, toolId: "crm.refund_order" }));
    const label = `round ${round} of worker ${worker}`;
    const body = JSON.stringify({ events });
    const posted = await send(`${base}/events`, { method: "POST", headers, body }, tally, `events, ${label}`);
    if (posted?.status === 202) tally.stored += ((await posted.json()) as { stored: number }).stored;
    else await posted?.body?.cancel();
    const read = await send(`${base}/snapshots/latest`, { headers }, tally, `snapshot, ${label}`);
    await read?.body?.cancel();
    if (!posted && !read && tally.signalledAt > 0) return;
  }
}

describe(`graceful shutdown (${testDbKind()})`, () => {
  let database: OpsDatabase | undefined;
  afterAll(async () => {
    await database?.dispose();
  });

  it("on SIGTERM under load: no error for an accepted request, no lost event, a clean close, exit 0", async () => {
    database = await createOpsDatabase();
    const server = await startOpsProcess({
      ...database.env,
      STOCKROOM_SHUTDOWN_TIMEOUT_MS: String(BOUND_MS),
      // Every worker's batch in flight at once (the default, 2 per catalog, would refuse some with a 429 busy).
      STOCKROOM_INGEST_BATCHES_PER_CATALOG: String(WORKERS),
    });
    const { fixture } = server;
    const base = `${server.url}/api/v1/catalogs/${fixture.team}/${fixture.catalog}`;
    const tally: Tally = { stored: 0, statuses: new Map(), unanswered: [], acceptedUnanswered: [], signalledAt: 0 };
    let exitedAt = 0;
    const exited = server.exited.then((code) => {
      exitedAt = performance.now();
      return code;
    });
    const clients = Array.from({ length: WORKERS }, (_, worker) =>
      client(base, fixture.secret, worker, tally, () => exitedAt > 0),
    );
    // Load first; a server that never accepts events fails here instead of hanging the run.
    const loadedBy = performance.now() + 30_000;
    while ((tally.statuses.get(202) ?? 0) < 12) {
      if (performance.now() > loadedBy) {
        exitedAt = performance.now(); // stops the clients
        server.child.kill("SIGKILL");
        throw new Error(`no 12 accepted event batches in 30 s: ${JSON.stringify(Object.fromEntries(tally.statuses))}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const signalledAt = performance.now();
    tally.signalledAt = signalledAt;
    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await Promise.all(clients);
    const took = exitedAt - signalledAt;
    expect(took).toBeLessThan(BOUND_MS);

    const statuses = Object.fromEntries(tally.statuses);
    expect(
      Object.keys(statuses).filter((status) => !["200", "202", "503"].includes(status)),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(
      tally.unanswered.filter((code) => !/ECONNREFUSED|ECONNRESET|UND_ERR_SOCKET|other side closed/.test(code)),
    ).toEqual([]);
    expect(tally.acceptedUnanswered, "requests sent before SIGTERM all answered").toEqual([]);
    const lines = logLines(server.output());
    expect(lines.filter((line) => line.level === "error" || line.level === "fatal")).toEqual([]);
    expect(lines.find((line) => line.msg === "shut down")).toMatchObject({ code: 0 });
    const drained = lines.find((line) => line.msg === "shutting down: draining") as { inFlight: number };
    console.log(
      `SIGTERM → exit in ${Math.round(took)} ms; ${drained.inFlight} requests in flight; ${JSON.stringify(statuses)}; ${tally.unanswered.length} not accepted`,
    );

    // PGlite's data directory was closed cleanly; the database reopens and holds exactly the answered events.
    if (database.pgliteDir) expect(await clusterStateOf(database.pgliteDir), "pg_control: shut down").toBe(SHUT_DOWN);
    const reopened = await openDatabase(database.pgliteDir ? { dataDir: database.pgliteDir } : { url: database.url });
    try {
      const [row] = await reopened.sql.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM "AgentEvent" e JOIN "Catalog" c ON c.id = e."catalogId" WHERE c.slug = $1`,
        [fixture.catalog],
      );
      expect(row!.count).toBe(tally.stored);
      expect(tally.stored).toBeGreaterThanOrEqual(12 * BATCH_EVENTS);
    } finally {
      await reopened.close();
    }
  }, 400_000);
});
