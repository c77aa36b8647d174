// Prometheus metrics scraped over real HTTP from the node:http front (bearer token, or a port of their own), the
// exposition text parsed line by line, after tRPC calls, agent routes, event batches and cache look-ups.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeApiHandler } from "../http/serve-hooks";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../testing/factories";
import { insertTestSnapshot } from "../testing/insert-test-snapshot";
import { testDbKind } from "../testing/test-db";
import { useTestDatabase } from "../testing/use-test-database";
import { recordCatalogRun } from "./metrics";
import { type RunningFront, serveFront } from "./serve-front";

const TOKEN = "scrape-token-abcdefghijklmnopqrstuvwxyz";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// A value is a float, or NaN / ±Inf in any case (Prometheus parses them as Go's ParseFloat does; prom-client writes "Nan").
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|\+Inf|-Inf)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Prometheus's text format 0.0.4: `# HELP`, `# TYPE` and sample lines; anything else fails the parse. */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    if (line.startsWith("# HELP ") || type) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries([...(match[3] ?? "").matchAll(LABEL)].map((m) => [m[1]!, m[2]!]));
    samples.push({ name: match[1]!, labels, value: /^nan$/i.test(match[4]!) ? Number.NaN : Number(match[4]) });
  }
  return { samples, types };
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found.reduce((sum, sample) => sum + sample.value, 0);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe(`Prometheus metrics (${testDbKind()})`, () => {
  const { handle } = useTestDatabase({ asAppDatabase: true });
  let front: RunningFront;
  let open: RunningFront;
  let metricsPort: number;
  let at: { team: string; catalog: string; secret: string };
  beforeAll(async () => {
    metricsPort = await freePort();
    const common = {
      host: "127.0.0.1",
      next: (_req: unknown, res: { writeHead(status: number): { end(): void } }) => res.writeHead(299).end(),
      api: createNodeApiHandler(),
      readiness: { database: async () => handle },
      close: async () => undefined,
      exit: () => undefined,
      handleSignals: false,
    };
    front = await serveFront({ ...common, port: 0, metricsToken: TOKEN, metricsPort });
    open = await serveFront({ ...common, port: 0 });
    const people = await createTeamWithMembers(handle.db);
    const catalog = await createCatalog(handle.db, people.team.id);
    await createTools(handle.db, catalog.id, [{ namespace: "crm", name: "refund_order", description: "Refund." }]);
    await insertTestSnapshot(handle.db, people.team, catalog, 1);
    const ref = { team: people.team.slug, catalog: catalog.slug };
    const { secret } = await callerFor(handle.db, people.owner).token.create({ ...ref, name: "metrics" });
    at = { ...ref, secret };
  });
  afterAll(async () => {
    for (const running of [front, open]) {
      running.metricsServer?.close();
      await new Promise((resolve) => running.server.close(resolve));
    }
  });

  const scrape = async () => {
    const response = await fetch(`${front.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    return parseExposition(await response.text());
  };

  it("answers 404 while no token is set, 401 without the right one, and on its own port without one", async () => {
    expect((await fetch(`${open.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    expect((await fetch(`${front.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${front.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const own = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(own.status).toBe(200);
    expect(parseExposition(await own.text()).types.get("stockroom_http_requests_total")).toBe("counter");
  });

  it("counts and times tRPC procedures, agent routes, events, caches, queries and catalog runs", async () => {
    const before = (await scrape()).samples;
    const agent = { authorization: `Bearer ${at.secret}`, "content-type": "application/json" };
    const base = `${front.url}/api/v1/catalogs/${at.team}/${at.catalog}`;
    for (let i = 0; i < 2; i++) expect((await fetch(`${base}/snapshots/latest`, { headers: agent })).status).toBe(200);
    const batch = {
      events: ["m1", "m2", "m3"].map((id) => ({ type: "call", id, callId: id, toolId: "crm.refund_order" })),
    };
    for (const dropped of [5, 0]) {
      const posted = await fetch(`${base}/events`, {
        method: "POST",
        headers: agent,
        body: JSON.stringify({ ...batch, dropped }),
      });
      expect(posted.status).toBe(202);
    }
    const input = encodeURIComponent(JSON.stringify({ json: { team: at.team, catalog: at.catalog } }));
    const listed = await fetch(`${front.url}/api/trpc/snapshot.list?input=${input}`, { headers: agent });
    expect(listed.status, await listed.clone().text()).toBe(200);
    expect((await fetch(`${front.url}/api/trpc/account.me`)).status).toBe(401);
    recordCatalogRun({ kind: "check", outcome: "ok", seconds: 0.2 });

    const { samples, types } = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      valueOf(samples, name, labels) - valueOf(before, name, labels);
    expect(delta("stockroom_agent_requests_total", { route: "getLatestSnapshot", status: "200" })).toBe(2);
    expect(delta("stockroom_agent_request_duration_seconds_count", { route: "getLatestSnapshot" })).toBe(2);
    expect(delta("stockroom_agent_request_duration_seconds_bucket", { route: "postEvents", le: "+Inf" })).toBe(2);
    expect(types.get("stockroom_agent_request_duration_seconds")).toBe("histogram");
    expect(delta("stockroom_trpc_requests_total", { procedure: "snapshot.list", outcome: "ok" })).toBe(1);
    expect(delta("stockroom_trpc_requests_total", { procedure: "account.me", outcome: "UNAUTHORIZED" })).toBe(1);
    expect(delta("stockroom_trpc_request_duration_seconds_count", { procedure: "snapshot.list" })).toBe(1);
    expect(delta("stockroom_events_total", { fate: "stored" })).toBe(3);
    expect(delta("stockroom_events_total", { fate: "duplicate" })).toBe(3);
    expect(delta("stockroom_events_total", { fate: "dropped" })).toBe(5);
    expect(delta("stockroom_event_batches_total", { outcome: "stored" })).toBe(2);
    expect(delta("stockroom_cache_lookups_total", { cache: "agent-access", result: "hit" })).toBeGreaterThan(0);
    expect(delta("stockroom_cache_lookups_total", { cache: "token-hashes" })).toBeGreaterThan(0);
    expect(delta("stockroom_db_query_duration_seconds_count", { database: handle.kind })).toBeGreaterThan(0);
    expect(delta("stockroom_catalog_runs_total", { kind: "check", outcome: "ok" })).toBe(1);
    expect(delta("stockroom_http_requests_total", { method: "POST", status: "2xx" })).toBe(2);
    const gauge = handle.kind === "pglite" ? "stockroom_pglite_queue_depth" : "stockroom_db_pool_connections";
    expect(samples.some((sample) => sample.name === gauge && sample.labels.database === handle.kind)).toBe(true);
    expect(samples.some((sample) => sample.name === "stockroom_process_resident_memory_bytes")).toBe(true);
  });
});
