// For `bench:events --part flood`: does an event flood take the server from other users? The server in its own
// process, as `npm start` runs it but for Next.js (server/testing/ops-server.ts: the node:http front with the API
// handler that answers tRPC, better-auth and the agent routes; no page is part of these requests, so no build),
// on a fresh database. One account floods its catalog's events route from a worker thread (event-flood.ts) while
// another signed-in user asks `team.mine` over tRPC, one request at a time with a pause between, first with nothing
// else running, then during the flood.
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { createOpsDatabase, startOpsProcess } from "../../server/testing/ops-process";
import type { TestDbKind } from "../../server/testing/test-db";
import { freePort } from "./app-server";
import { startEventFlood, type FloodResult } from "./event-flood";
import { SessionClient } from "./session-client";

export interface FloodBenchOptions {
  kind: TestDbKind;
  inFlight: number;
  batchEvents: number;
  seconds: number;
  /** The other user's pause between requests. */
  pauseMs: number;
}

export interface Latencies {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export interface FloodBenchResult {
  unloaded: Latencies;
  loaded: Latencies;
  flood: FloodResult;
  load: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function summarize(times: number[]): Latencies {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? Number.NaN };
}

/** `team.mine` as `user`, one at a time with `pauseMs` between, for `seconds`; each answer's time. */
async function timeTeamMine(user: SessionClient, seconds: number, pauseMs: number): Promise<number[]> {
  const times: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const teams = await user.query<unknown[]>("team.mine", undefined);
    times.push(performance.now() - started);
    if (teams.length !== 1) throw new Error(`team.mine answered ${teams.length} teams, expected the user's one`);
    await sleep(pauseMs);
  }
  return times;
}

async function signedUp(url: string, prefix: string): Promise<{ client: SessionClient; team: string }> {
  const client = new SessionClient(url);
  const name = `${prefix}-${randomBytes(3).toString("hex")}`;
  await client.signUp(name, `${name}@example.test`, `flood bench ${randomBytes(6).toString("hex")}`);
  const [team] = await client.query<Array<{ slug: string }>>("team.mine", undefined);
  return { client, team: team!.slug };
}

/** The flooding account's catalog and a new token (default scopes, events among them): the events route's URL. */
async function floodTarget(url: string): Promise<{ eventsUrl: string; secret: string }> {
  const { client, team } = await signedUp(url, "flooder");
  const catalog = await client.mutate<{ slug: string }>("catalog.create", { team, name: "Flooded" });
  const scope = { team, catalog: catalog.slug };
  const { secret } = await client.mutate<{ secret: string }>("token.create", { ...scope, name: "flood" });
  return { eventsUrl: `${url}/api/v1/catalogs/${team}/${catalog.slug}/events`, secret };
}

/** One run: the other user's latencies unloaded, then during the flood, and what the flood was answered. */
export async function benchFlood(options: FloodBenchOptions): Promise<FloodBenchResult> {
  const database = await createOpsDatabase(options.kind);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startOpsProcess({
    ...database.env,
    PORT: String(port),
    STOCKROOM_URL: url,
    STOCKROOM_SIGNIN_PER_MINUTE: "1000",
  });
  try {
    const { eventsUrl, secret } = await floodTarget(url);
    const { client: other } = await signedUp(url, "other");
    await timeTeamMine(other, 2, options.pauseMs); // warm-up: JIT, plans, the session cache
    const loadBefore = loadavg()[0]!;
    const unloaded = summarize(await timeTeamMine(other, options.seconds / 2, options.pauseMs));
    const warmupSeconds = 3;
    const floodDone = startEventFlood({
      url: eventsUrl,
      secret,
      inFlight: options.inFlight,
      batchEvents: options.batchEvents,
      warmupSeconds,
      seconds: options.seconds,
    });
    await sleep(warmupSeconds * 1000);
    const loaded = summarize(await timeTeamMine(other, options.seconds, options.pauseMs));
    const flood = await floodDone;
    return { unloaded, loaded, flood, load: `${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}` };
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    await database.dispose();
  }
}
