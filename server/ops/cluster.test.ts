// Two app processes (the node:http front of `npm start`: server/testing/ops-server.ts) on one Postgres behind
// Debian's nginx, started at once on an empty database: migrations run once, a session made through one process
// works in the other, an edit through one is read through the other, a token revoked through one is refused by the
// other, the sign-in limit counts the real client's address (X-Forwarded-For from the trusted proxy), and a sync
// applied through one is followed and cancelled through the other (the shared store of running syncs).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, describe, expect, it } from "vitest";
import { loadMigrations } from "../db/migrate";
import { generatedOpenApi } from "../testing/generated-openapi";
import { type OpsProcess, startOpsProcess } from "../testing/ops-process";
import { TEST_PG_ADMIN_URL, testDbKind } from "../testing/test-db";

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** nginx in front of both: `X-Backend: a|b` picks one (the test's way to say "through that process"), else either. */
function nginxConfig(dir: string, port: number, [a, b]: string[]): string {
  const hostPort = (url: string) => new URL(url).host;
  return `worker_processes 1; daemon off; user root; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream a { server ${hostPort(a!)}; keepalive 8; }
  upstream b { server ${hostPort(b!)}; keepalive 8; }
  upstream both { server ${hostPort(a!)}; server ${hostPort(b!)}; keepalive 8; }
  map $http_x_backend $pool { a a; b b; default both; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://$pool;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Request-Id $request_id;
    }
  }
}
`;
}

/** A client at its own loopback address (127.0.0.N), so nginx sees distinct clients. */
const clientAt = (address: string) => new Agent({ localAddress: address });

/** fetch from a client address (undici's own fetch: the dispatcher must be of the same undici). */
const fetchFrom = (url: string, init: RequestInit & { dispatcher: Agent }) =>
  undiciFetch(url, init as Parameters<typeof undiciFetch>[1]) as unknown as Promise<Response>;

describe.runIf(testDbKind() === "postgres")("two processes behind nginx on one Postgres", () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("share migrations, sessions, edits, revocations and count rate limits per real client", async () => {
    const name = `stockroom_cluster_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(TEST_PG_ADMIN_URL);
    url.pathname = `/${name}`;
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    });
    const port = await freePort();
    const proxy = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: url.toString(),
      STOCKROOM_URL: proxy, // the public URL: nginx's
      STOCKROOM_TRUSTED_PROXIES: "127.0.0.1",
      STOCKROOM_SIGNIN_PER_MINUTE: "3",
      BETTER_AUTH_SECRET: "cluster-test-secret-0123456789abcdefghij",
      STOCKROOM_ALLOW_PRIVATE_NETWORKS: "1", // the OpenAPI document below is served on loopback
    };
    // Both at once on the empty database: the advisory lock lets one apply the migrations.
    const servers: OpsProcess[] = await Promise.all([startOpsProcess(env), startOpsProcess(env)]);
    for (const server of servers)
      cleanups.push(async () => {
        server.child.kill("SIGTERM");
        await server.exited;
      });
    const direct = new pg.Client({ connectionString: url.toString() });
    await direct.connect();
    const applied = await direct.query<{ name: string }>(`SELECT name FROM "_stockroom_migrations"`);
    await direct.end();
    expect(applied.rows.map((row) => row.name).sort()).toEqual((await loadMigrations()).map((m) => m.name));

    const dir = await mkdtemp(path.join(os.tmpdir(), "stockroom-nginx-"));
    await mkdir(path.join(dir, "body"));
    await writeFile(
      path.join(dir, "nginx.conf"),
      nginxConfig(
        dir,
        port,
        servers.map((s) => s.url),
      ),
    );
    const nginx: ChildProcess = spawn("nginx", ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "inherit" });
    cleanups.push(async () => {
      nginx.kill("SIGTERM");
      await rm(dir, { recursive: true, force: true });
    });
    for (let i = 0; i < 50; i++) {
      if (
        await fetch(`${proxy}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    await expectSharedState(proxy, servers[0]!.fixture);
    await expectSyncFollowedAcrossProcesses(proxy, servers[0]!.fixture, cleanups);
    await expectRateLimitPerClient(proxy, servers[0]!.fixture);
  }, 500_000);
});

type Fixture = OpsProcess["fixture"];

async function expectSharedState(proxy: string, fixture: Fixture) {
  const me = clientAt("127.0.0.2");
  const headers = (backend: string, more: Record<string, string> = {}) => ({
    origin: fixture.origin,
    "content-type": "application/json",
    "x-backend": backend,
    ...more,
  });
  const signIn = await fetchFrom(`${proxy}/api/auth/sign-in/email`, {
    method: "POST",
    headers: headers("a"),
    body: JSON.stringify({ email: fixture.email, password: fixture.password }),
    dispatcher: me,
  });
  expect(signIn.status, await signIn.clone().text()).toBe(200);
  expect(signIn.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id, kept
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .join("; ");
  const at = { team: fixture.team, catalog: fixture.catalog };
  const trpc = async (backend: string, procedure: string, input: unknown, mutation = false) => {
    const encoded = encodeURIComponent(JSON.stringify({ json: input }));
    const response = await fetchFrom(`${proxy}/api/trpc/${procedure}${mutation ? "" : `?input=${encoded}`}`, {
      method: mutation ? "POST" : "GET",
      headers: headers(backend, { cookie }),
      ...(mutation ? { body: JSON.stringify({ json: input }) } : {}),
      dispatcher: me,
    });
    const text = await response.text();
    expect(response.status, `${procedure} through ${backend}: ${text.slice(0, 300)}`).toBe(200);
    return (JSON.parse(text) as { result: { data: { json: unknown } } }).result.data.json;
  };

  // A session made through a, an edit through a, read through b.
  await trpc("b", "account.me", undefined);
  await trpc("a", "golden.create", { ...at, query: "made through process a", expected: [] }, true);
  const listed = (await trpc("b", "golden.list", at)) as { queries: Array<{ query: string }> };
  expect(listed.queries.map((q) => q.query)).toContain("made through process a");

  // A token works through b, is revoked through a, and b refuses it at once.
  const agent = (backend: string) =>
    fetch(`${proxy}/api/v1/catalogs/${fixture.team}/${fixture.catalog}/snapshots/latest`, {
      headers: { authorization: `Bearer ${fixture.secret}`, "x-backend": backend },
    });
  expect((await agent("b")).status).toBe(200);
  const tokens = JSON.stringify(await trpc("a", "token.list", at));
  const tokenId =
    /"id":"([^"]+)","name":"ops"/.exec(tokens)?.[1] ?? /"name":"ops"[^}]*"id":"([^"]+)"/.exec(tokens)?.[1];
  expect(tokenId, tokens.slice(0, 300)).toBeDefined();
  await trpc("a", "token.revoke", { ...at, tokenId }, true);
  // b hears of it by NOTIFY, a moment after a's answer: asked again until it refuses, within less than the access
  // cache's 10 s life, so a refusal by the entry's expiry alone would fail here.
  const revokedAt = performance.now();
  let status = (await agent("b")).status;
  while (status === 200 && performance.now() - revokedAt < 5_000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = (await agent("b")).status;
  }
  expect(status).toBe(401);
  console.log(`token revoked through a, refused by b after ${Math.round(performance.now() - revokedAt)} ms`);
}

async function expectRateLimitPerClient(proxy: string, fixture: Fixture) {
  const attempt = (address: string) =>
    fetchFrom(`${proxy}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: fixture.origin, "content-type": "application/json", "x-backend": "a" },
      body: JSON.stringify({ email: fixture.email, password: "wrong-password-for-the-limit" }),
      dispatcher: clientAt(address),
    });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await attempt("127.0.0.3")).status);
  expect(statuses, "the fourth attempt from one client is refused").toContain(429);
  expect((await attempt("127.0.0.4")).status, "another client is not").toBe(401);
}

/** Signs the fixture's owner in through process a; tRPC calls through a chosen process, with their raw answer. */
async function signedInClient(proxy: string, fixture: Fixture) {
  const me = clientAt("127.0.0.5");
  const headers = (backend: string, cookie = "") => ({
    origin: fixture.origin,
    "content-type": "application/json",
    "x-backend": backend,
    ...(cookie ? { cookie } : {}),
  });
  const signIn = await fetchFrom(`${proxy}/api/auth/sign-in/email`, {
    method: "POST",
    headers: headers("a"),
    body: JSON.stringify({ email: fixture.email, password: fixture.password }),
    dispatcher: me,
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .join("; ");
  return async (backend: string, procedure: string, input: unknown, mutation = false) => {
    const encoded = encodeURIComponent(JSON.stringify({ json: input }));
    const response = await fetchFrom(`${proxy}/api/trpc/${procedure}${mutation ? "" : `?input=${encoded}`}`, {
      method: mutation ? "POST" : "GET",
      headers: headers(backend, cookie),
      ...(mutation ? { body: JSON.stringify({ json: input }) } : {}),
      dispatcher: me,
    });
    const body = JSON.parse(await response.text()) as {
      result?: { data: { json: unknown } };
      error?: { json: { message: string } };
    };
    return { status: response.status, data: body.result?.data.json, error: body.error?.json.message };
  };
}

type Progress = { state: string; progress: { phase: string; done: number; total: number } | null };

/** A 1,000-operation sync applied through process a: b shows its progress, b's cancel stops it, b sees it end. */
async function expectSyncFollowedAcrossProcesses(
  proxy: string,
  fixture: Fixture,
  cleanups: Array<() => Promise<unknown>>,
) {
  const body = generatedOpenApi(1000);
  const upstream = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(body));
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => upstream.close(resolve)));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/items.json`;
  const trpc = await signedInClient(proxy, fixture);
  const at = { team: fixture.team, catalog: fixture.catalog, namespace: "items" };
  expect((await trpc("a", "source.set", { ...at, source: { kind: "openapi", url } }, true)).status).toBe(200);
  const preview = (await trpc("a", "source.syncPreview", at, true)).data as { fingerprint: string };
  const apply = (syncId: string) =>
    trpc("a", "source.syncApply", { ...at, fingerprint: preview.fingerprint, skipInvalid: true, syncId }, true);
  const progress = async (syncId: string) =>
    (await trpc("b", "source.syncProgress", { team: fixture.team, catalog: fixture.catalog, syncId })).data as Progress;

  let applying = true;
  const first = apply("cluster-sync-1").finally(() => {
    applying = false;
  });
  // Asked until b knows it with a phase (a process that knew nothing of a's sync would answer "unknown" throughout).
  let seen = await progress("cluster-sync-1");
  while (applying && (seen.state === "unknown" || !seen.progress)) seen = await progress("cluster-sync-1");
  expect(seen).toMatchObject({ state: "running" });
  const cancel = await trpc(
    "b",
    "source.cancelSync",
    { team: fixture.team, catalog: fixture.catalog, syncId: "cluster-sync-1" },
    true,
  );
  expect(cancel.data).toEqual({ cancelled: true });
  const cancelled = await first;
  expect(cancelled.status, cancelled.error).toBe(409);
  expect(cancelled.error).toMatch(/cancelled; nothing was written/);
  expect(await progress("cluster-sync-1")).toMatchObject({ state: "cancelled" });
  const tools = (await trpc("b", "tool.list", { team: fixture.team, catalog: fixture.catalog, namespace: "items" }))
    .data as { total: number };
  expect(tools.total).toBe(0);

  // Not cancelled, it runs through; b reads the end state from the store.
  const second = await apply("cluster-sync-2");
  expect(second.status, second.error).toBe(200);
  expect(await progress("cluster-sync-2")).toEqual({
    state: "done",
    progress: { phase: "apply", done: 1000, total: 1000 },
  });
}
