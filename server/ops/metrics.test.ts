// Prometheus metrics scraped over real HTTP from the node:http front (bearer token, or a port of their own), the
// exposition text checked by Prometheus's own parser (promtool) and read, after tRPC calls, agent routes, event
// batches, cache look-ups, a catalog check and source syncs.
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
// @ts-expect-error plain ESM test fixture without types
import { startHttpServer } from "../testing/tiny-mcp-server.mjs";
import { createNodeApiHandler } from "../http/serve-hooks";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../testing/factories";
import { insertTestSnapshot } from "../testing/insert-test-snapshot";
import { testDbKind } from "../testing/test-db";
import { useTestDatabase } from "../testing/use-test-database";
import { type RunningFront, serveFront } from "./serve-front";

const TOKEN = "scrape-token-abcdefghijklmnopqrstuvwxyz";

type Labels = Record<string, string>;

interface Sample {
  name: string;
  labels: Labels;
  value: number;
}

// A value is a float, or NaN / ±Inf in any case (Prometheus parses them as Go's ParseFloat does; prom-client writes "Nan").
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|\+Inf|-Inf)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * Prometheus's own parser and linter first (`promtool check metrics`, Debian's prometheus package: .ci/run installs
 * it): a line it cannot parse fails, and so does a lint problem in one of our families (prom-client's Node metrics
 * have a few of their own). Then the samples, read line by line to compare values.
 */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const checked = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
  if (checked.error) throw new Error(`promtool is missing (apt-get install prometheus): ${checked.error.message}`);
  const problems = `${checked.stdout}${checked.stderr}`.split("\n").filter(Boolean);
  expect(checked.status === 0 || checked.status === 3, problems.join("\n")).toBe(true); // 1: not the text format
  expect(problems.filter((line) => !/^stockroom_(nodejs|process)_/.test(line))).toEqual([]);
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...(match[3] ?? "").matchAll(LABEL)].map((m) => [m[1]!, m[2]!]));
    samples.push({ name: match[1]!, labels, value: /^nan$/i.test(match[4]!) ? Number.NaN : Number(match[4]) });
  }
  return { samples, types };
}

/** The sum of the samples of `name` whose labels include `labels`. */
function valueOf(samples: Sample[], name: string, labels: Labels = {}): number {
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
  let owner: ReturnType<typeof callerFor>;
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
    owner = callerFor(handle.db, people.owner);
    const { secret } = await owner.token.create({ ...ref, name: "metrics" });
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

  it("counts and times tRPC procedures, agent routes, events, caches and queries", async () => {
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

    const { samples: after, types } = await scrape();
    const delta = (name: string, labels: Labels = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta("stockroom_agent_requests_total", { route: "getLatestSnapshot", status: "200" })).toBe(2);
    expect(delta("stockroom_agent_request_duration_seconds_count", { route: "getLatestSnapshot" })).toBe(2);
    expect(delta("stockroom_agent_request_duration_seconds_bucket", { route: "postEvents", le: "+Inf" })).toBe(2);
    expect(types.get("stockroom_agent_request_duration_seconds")).toBe("histogram");
    expect(delta("stockroom_trpc_requests_total", { procedure: "snapshot.list", outcome: "ok" })).toBe(1);
    expect(delta("stockroom_trpc_requests_total", { procedure: "account.me", outcome: "UNAUTHORIZED" })).toBe(1);
    expect(delta("stockroom_trpc_request_duration_seconds_count", { procedure: "snapshot.list" })).toBe(1);
    expect(types.get("stockroom_trpc_request_duration_seconds")).toBe("histogram");
    expect(delta("stockroom_events_total", { fate: "stored" })).toBe(3);
    expect(delta("stockroom_events_total", { fate: "duplicate" })).toBe(3);
    expect(delta("stockroom_events_total", { fate: "dropped" })).toBe(5);
    expect(delta("stockroom_event_batches_total", { outcome: "stored" })).toBe(2);
    expect(delta("stockroom_cache_lookups_total", { cache: "agent-access", result: "hit" })).toBeGreaterThan(0);
    expect(delta("stockroom_cache_lookups_total", { cache: "agent-access", result: "miss" })).toBeGreaterThan(0);
    expect(delta("stockroom_cache_lookups_total", { cache: "token-hashes" })).toBeGreaterThan(0);
    expect(delta("stockroom_db_query_duration_seconds_count", { database: handle.kind })).toBeGreaterThan(0);
    expect(delta("stockroom_http_requests_total", { method: "POST", status: "2xx" })).toBe(2);
    const gauges =
      handle.kind === "pglite"
        ? ["stockroom_pglite_queue_depth"]
        : ["stockroom_db_pool_connections", "stockroom_db_pool_idle_connections", "stockroom_db_pool_waiting_clients"];
    for (const gauge of gauges) {
      expect(types.get(gauge), gauge).toBe("gauge");
      expect(
        after.some((sample) => sample.name === gauge && sample.labels.database === handle.kind),
        gauge,
      ).toBe(true);
    }
    expect(after.some((sample) => sample.name === "stockroom_process_resident_memory_bytes")).toBe(true);
  });

  it("counts and times catalog checks and source syncs, failed ones apart", async () => {
    vi.stubEnv("STOCKROOM_ALLOW_PRIVATE_NETWORKS", "1");
    const upstream = await startHttpServer();
    try {
      const before = (await scrape()).samples;
      const ref = { team: at.team, catalog: at.catalog };
      await owner.health.findings(ref);
      await owner.source.set({ ...ref, namespace: "weather", source: { kind: "mcp-http", url: upstream.url } });
      const preview = await owner.source.syncPreview({ ...ref, namespace: "weather" });
      await owner.source.syncApply({ ...ref, namespace: "weather", fingerprint: preview.fingerprint });
      await upstream.close();
      await expect(owner.source.syncPreview({ ...ref, namespace: "weather" })).rejects.toThrow();

      const { samples: after, types } = await scrape();
      const delta = (name: string, labels: Labels) => valueOf(after, name, labels) - valueOf(before, name, labels);
      const runs = "stockroom_catalog_runs_total";
      expect(delta(runs, { kind: "check", outcome: "ok" })).toBeGreaterThanOrEqual(1);
      expect(delta(runs, { kind: "sync-preview", outcome: "ok" })).toBe(1);
      expect(delta(runs, { kind: "sync-preview", outcome: "failed" })).toBe(1);
      expect(delta(runs, { kind: "sync", outcome: "ok" })).toBe(1);
      expect(delta("stockroom_catalog_run_duration_seconds_count", { kind: "sync" })).toBe(1);
      expect(types.get("stockroom_catalog_run_duration_seconds")).toBe("histogram");
    } finally {
      await upstream.close().catch(() => undefined);
      vi.unstubAllEnvs();
    }
  });
});
