// Every spec of the route table is in the OpenAPI document, and both servers route it over real HTTP: the
// node:http hook scripts/serve.mjs calls (npm start) and `next dev` (the one /api/v1 catch-all route).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/domain/agent-api/openapi";
import { pathOf, type AgentRouteSpec } from "@/domain/agent-api/route-spec";
import { AGENT_ROUTE_SPECS } from "@/domain/agent-api/routes";
import type { DatabaseHandle } from "../db/open";
import { insertTestSnapshot } from "../testing/insert-test-snapshot";
import { TokenBucketLimiter } from "../services/tokens/rate-limit";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../testing/factories";
import { testDbKind } from "../testing/test-db";
import { useTestDatabase } from "../testing/use-test-database";
import { AGENT_ROUTES } from "./agent-routes";
import { AGENT_HANDLER_KEY, registerNodeApiHandler } from "./serve-hooks";

/** A valid body per POST route, and the success status it earns (a commit of a made-up plan is a 409). */
const IMPORTED = { tools: [{ name: "refund_order", description: "Refund.", inputSchema: { type: "object" } }] };
const BODIES: Record<string, { body: unknown; status?: number }> = {
  searchTools: { body: { query: "refund an order" } },
  previewImport: { body: { source: IMPORTED } },
  commitImport: { body: { source: IMPORTED, fingerprint: "not-a-plan" }, status: 409 },
  previewSync: { body: { document: IMPORTED } },
  applySync: { body: { document: IMPORTED, fingerprint: "not-a-plan" }, status: 409 },
  postEvents: { body: { events: [{ type: "call", id: "routes-call-1", callId: "c1", toolId: "crm.refund_order" }] } },
};

const globals = globalThis as unknown as Record<symbol, unknown> & {
  stockroomDb?: Promise<DatabaseHandle>;
  stockroomAgentLimiter?: TokenBucketLimiter;
};

interface Fixture {
  team: string;
  catalog: string;
  read: string;
  import: string;
}

async function createFixture(handle: DatabaseHandle): Promise<Fixture> {
  const people = await createTeamWithMembers(handle.db);
  const catalog = await createCatalog(handle.db, people.team.id, { name: "Routes" });
  await createTools(handle.db, catalog.id, [
    { namespace: "crm", name: "refund_order", description: "Refund an order." },
  ]);
  await insertTestSnapshot(handle.db, people.team, catalog, 1);
  const owner = callerFor(handle.db, people.owner);
  const ref = { team: people.team.slug, catalog: catalog.slug };
  const read = (await owner.token.create({ ...ref, name: "read" })).secret;
  const write = (await owner.token.create({ ...ref, name: "import", scopes: ["read", "import"] })).secret;
  await owner.source.set({ ...ref, namespace: "crm", source: { kind: "file", file: "crm-tools.json" } });
  return { ...ref, read, import: write };
}

const pathFor = (spec: AgentRouteSpec, { team, catalog }: Fixture) =>
  pathOf(spec, { team, catalog, version: 1, namespace: "crm" });

/** For each spec: no token → 401 (matched, gated), another method → 405 naming it, a valid call → its status. */
async function expectRouted(baseUrl: string, fixture: Fixture) {
  for (const spec of AGENT_ROUTE_SPECS) {
    const url = `${baseUrl}${pathFor(spec, fixture)}`;
    const post = BODIES[spec.operationId];
    if (spec.method === "POST") expect(post, `a body for ${spec.operationId} in BODIES`).toBeDefined();
    const init = (secret: string | null, method: string = spec.method): RequestInit => ({
      method,
      headers: { "content-type": "application/json", ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
      ...(method === "POST" ? { body: JSON.stringify(post?.body ?? {}) } : {}),
    });

    const anonymous = await fetch(url, init(null));
    expect(anonymous.status, `${spec.operationId} without a token`).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");

    const other = await fetch(url, init(fixture.read, spec.method === "GET" ? "POST" : "GET"));
    expect(other.status, `${spec.operationId} with another method`).toBe(405);
    expect(other.headers.get("allow")).toContain(spec.method);
    await other.body?.cancel();

    const answered = await fetch(url, init(spec.scope === "import" ? fixture.import : fixture.read));
    const text = await answered.text();
    expect(answered.status, `${spec.operationId}: ${text.slice(0, 300)}`).toBe(post?.status ?? spec.response.status);
  }
}

describe("the agent route table", () => {
  it("has each spec once, bound to a handler, and in the OpenAPI document as one operation", () => {
    expect(AGENT_ROUTES.map((route) => route.spec)).toEqual([...AGENT_ROUTE_SPECS]);
    const doc = buildOpenApiDocument();
    const operations = Object.entries(doc.paths).flatMap(([template, methods]) =>
      Object.entries(methods).map(
        ([method, operation]) => `${method.toUpperCase()} ${template} ${operation.operationId}`,
      ),
    );
    expect(operations).toEqual(AGENT_ROUTE_SPECS.map((spec) => `${spec.method} ${spec.path} ${spec.operationId}`));
    for (const spec of AGENT_ROUTE_SPECS) {
      const operation = doc.paths[spec.path]![spec.method.toLowerCase()]!;
      expect(Object.keys(operation.responses), spec.operationId).toEqual(
        expect.arrayContaining([String(spec.response.status), "401"]),
      );
      if (spec.body) expect(doc.components.schemas[spec.body.component], spec.body.component).toBeDefined();
      expect(doc.components.schemas[spec.response.component], spec.response.component).toBeDefined();
    }
  });

  describe("over real HTTP", () => {
    const { handle } = useTestDatabase({ asAppDatabase: true, agentRequestsPerMinute: 10_000 });
    let fixture: Fixture;
    beforeAll(async () => {
      fixture = await createFixture(handle);
    });

    it("npm start: the node:http hook serve.mjs calls answers every route and leaves other paths to Next.js", async () => {
      registerNodeApiHandler();
      const hook = globals[AGENT_HANDLER_KEY] as (req: unknown, res: unknown) => boolean;
      // scripts/serve.mjs's composition, with a stand-in for Next.js.
      const server: Server = createServer((req, res) => {
        if (hook(req, res)) return;
        res.writeHead(299, { "content-type": "text/plain" }).end("next.js");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        await expectRouted(baseUrl, fixture);
        for (const page of ["/", "/api/v1/openapi.json", `/api/v1/catalogs/${fixture.team}/${fixture.catalog}`]) {
          expect((await fetch(`${baseUrl}${page}`)).status, page).toBe(299);
        }
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    // `next dev` needs a database this test can write to while the dev server reads it: the Postgres run.
    it.runIf(testDbKind() === "postgres")(
      "next dev: the /api/v1 catch-all route answers every route",
      { timeout: 600_000 },
      async () => {
        const dev = await startNextDev(handle.url!);
        try {
          await expectRouted(dev.url, fixture);
          // The operator's endpoints, from their app/ route files (npm start answers them in its node:http front).
          const health = await fetch(`${dev.url}/healthz`);
          expect([health.status, await health.json()]).toEqual([200, { status: "ok" }]);
          const ready = await fetch(`${dev.url}/readyz`);
          expect(ready.status).toBe(200);
          expect(await ready.json()).toMatchObject({ status: "ready", failing: [] });
        } finally {
          await dev.stop();
        }
      },
    );
  });
});

const ROOT = path.resolve(import.meta.dirname, "../..");

/** `next dev` on a free port over `databaseUrl`; resolves once its first agent API answer comes back. */
async function startNextDev(databaseUrl: string) {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "stockroom-dev-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    STOCKROOM_URL: url,
    STOCKROOM_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
  };
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(ROOT, "node_modules/next/dist/bin/next"), "dev", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: ROOT,
      env: { ...env, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let log = "";
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const stop = async () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 480_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next dev exited:\n${log.slice(-3000)}`);
    try {
      // The first request compiles the route; any JSON answer means it is up.
      if ((await fetch(`${url}/api/v1/catalogs/x/y/snapshots`)).headers.get("content-type")?.includes("json")) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`next dev did not answer in time:\n${log.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return { url, stop };
}
