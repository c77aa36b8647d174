import { expect, test, type APIResponse } from "@playwright/test";
import { verifySnapshot } from "../domain/snapshot/verify";
import { agentContext, importTools, publishedCatalog, trpc } from "./agent-helpers";

// The agent API through real HTTP against the running app: statuses, caching headers, encodings, tokens.
test.describe.configure({ mode: "serial" });

let a: Awaited<ReturnType<typeof publishedCatalog>>;
let b: Awaited<ReturnType<typeof publishedCatalog>>;
test.beforeAll(async ({ baseURL }) => {
  a = await publishedCatalog(baseURL!, "agent-a");
  b = await publishedCatalog(baseURL!, "agent-b");
});

test("lists versions and serves latest and numbered snapshots with ETag and Cache-Control", async ({ baseURL }) => {
  const agent = await agentContext(baseURL!, (await a.token("reader")).secret, { "accept-encoding": "identity" });
  const list = await agent.get(a.base);
  expect(list.status()).toBe(200);
  expect(await list.json()).toMatchObject({
    catalog: { team: a.scope.team, slug: a.scope.catalog },
    latestVersion: 1,
    snapshots: [{ version: 1, contentHash: a.v1.contentHash, note: "first" }],
  });

  const latest = await agent.get(`${a.base}/latest`);
  expect(latest.status()).toBe(200);
  expect(latest.headers()["etag"]).toBe(`"${a.v1.contentHash}"`);
  expect(latest.headers()["cache-control"]).toBe("private, no-cache");
  expect(latest.headers()["content-encoding"]).toBeUndefined();
  const snapshot = await verifySnapshot(await latest.json());
  expect(snapshot.tools.map((t) => `${t.id}:${t.exposure}`)).toEqual([
    "calendar.create_event:deferred",
    "calendar.ping_calendar:direct",
    "crm.list_open_orders:deferred",
    "crm.refund_order:deferred",
  ]);

  const numbered = await agent.get(`${a.base}/1`);
  expect(numbered.headers()["cache-control"]).toBe("private, max-age=31536000, immutable");
  expect(await numbered.body()).toEqual(await latest.body());
});

test("revalidates with If-None-Match: 304 without a body until a new version is published", async ({ baseURL }) => {
  const agent = await agentContext(baseURL!, (await b.token("revalidate")).secret);
  const etag = `"${b.v1.contentHash}"`;
  const unchanged = await agent.get(`${b.base}/latest`, { headers: { "if-none-match": etag } });
  expect(unchanged.status()).toBe(304);
  expect((await unchanged.body()).length).toBe(0);
  expect(unchanged.headers()["etag"]).toBe(etag);
  expect((await agent.get(`${b.base}/1`, { headers: { "if-none-match": etag } })).status()).toBe(304);

  await importTools(b.owner.api, b.scope, [
    {
      type: "function",
      name: "escalate_ticket",
      description: "Escalate a support ticket.",
      parameters: { type: "object", properties: {} },
    },
  ]);
  const v2 = await trpc<{ version: number; contentHash: string }>(b.owner.api, "review.publish", {
    ...b.scope,
    note: "second",
  });
  const changed = await agent.get(`${b.base}/latest`, { headers: { "if-none-match": etag } });
  expect(changed.status()).toBe(200);
  expect(changed.headers()["etag"]).toBe(`"${v2.contentHash}"`);
  expect((await changed.json()).version).toBe(2);
  expect((await agent.get(`${b.base}/latest`, { headers: { "if-none-match": `"${v2.contentHash}"` } })).status()).toBe(
    304,
  );
});

test("compresses when asked (br preferred, then gzip) to the same bytes, declared with Content-Encoding", async ({
  baseURL,
}) => {
  const { secret } = await a.token("encodings");
  const plain = await (await agentContext(baseURL!, secret, { "accept-encoding": "identity" })).get(`${a.base}/1`);
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  for (const [accept, encoding] of [
    ["gzip, deflate, br", "br"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
  ] as const) {
    const response = await (await agentContext(baseURL!, secret, { "accept-encoding": accept })).get(`${a.base}/1`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"]).toBe(encoding);
    expect(response.headers()["vary"]).toContain("Accept-Encoding");
    expect(response.headers()["etag"]).toBe(`"${a.v1.contentHash}"`);
    expect(await response.body()).toEqual(await plain.body()); // Playwright decodes; the bytes must match
  }
});

test("answers every error as JSON: 401, 400, 404, and 403 for another team's catalog without leaking it", async ({
  baseURL,
  playwright,
}) => {
  const expectError = async (response: APIResponse, status: number, code: string) => {
    expect(response.status()).toBe(status);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body).toEqual({ error: { code, message: expect.any(String) } });
    return body.error.message as string;
  };
  const anonymous = await playwright.request.newContext({ baseURL });
  const noToken = await anonymous.get(`${a.base}/latest`);
  expect(noToken.headers()["www-authenticate"]).toBe('Bearer realm="stockroom"');
  await expectError(noToken, 401, "UNAUTHORIZED");
  await expectError(
    await (await agentContext(baseURL!, "srk_not-a-real-token")).get(`${a.base}/latest`),
    401,
    "UNAUTHORIZED",
  );

  const agent = await agentContext(baseURL!, (await a.token("errors")).secret);
  const foreign = await agent.get(`${b.base}/latest`);
  const text = await foreign.text();
  await expectError(foreign, 403, "FORBIDDEN");
  for (const secret of [b.scope.team, b.scope.catalog, b.catalog.name, b.v1.contentHash, "escalate_ticket"])
    expect(text).not.toContain(secret);
  await expectError(await agent.get(b.base), 403, "FORBIDDEN");
  await expectError(
    await agent.get(`/api/v1/catalogs/${b.scope.team}/no-such-catalog/snapshots/latest`),
    403,
    "FORBIDDEN",
  );

  expect(await expectError(await agent.get(`${a.base}/99`), 404, "NOT_FOUND")).toMatch(/versions run from 1 to 1/);
  await expectError(await agent.get(`${a.base}/one`), 400, "INVALID_INPUT");
  await expectError(await agent.get(`/api/v1/nothing/here`), 404, "NOT_FOUND");
});

test("limits each token (429 with Retry-After) and leaves other tokens alone", async ({ baseURL }) => {
  const hammer = await agentContext(baseURL!, (await a.token("hammer")).secret);
  // Bursts of 60 until the bucket runs dry: on a slow machine one burst can take long enough for it to refill.
  const statuses: Array<{ status: number; retryAfter: string | undefined; body: string }> = [];
  for (let burst = 0; burst < 10 && !statuses.some((s) => s.status === 429); burst++) {
    statuses.push(
      ...(await Promise.all(
        Array.from({ length: 60 }, () =>
          hammer
            .get(a.base)
            .then(async (r) => ({ status: r.status(), retryAfter: r.headers()["retry-after"], body: await r.text() })),
        ),
      )),
    );
  }
  const limited = statuses.filter((s) => s.status === 429);
  expect(statuses.filter((s) => s.status === 200).length).toBeGreaterThanOrEqual(120);
  expect(limited.length).toBeGreaterThan(0);
  expect(statuses.every((s) => s.status === 200 || s.status === 429)).toBe(true);
  expect(Number(limited[0]!.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(JSON.parse(limited[0]!.body)).toMatchObject({ error: { code: "RATE_LIMITED" } });
  const other = await agentContext(baseURL!, (await a.token("calm")).secret);
  expect((await other.get(a.base)).status()).toBe(200);
});

test("a revoked token is refused from the next request on", async ({ baseURL }) => {
  const { token, secret } = await a.token("short-lived");
  const agent = await agentContext(baseURL!, secret);
  expect((await agent.get(`${a.base}/latest`)).status()).toBe(200);
  await trpc(a.owner.api, "token.revoke", { ...a.scope, tokenId: token.id });
  const refused = await agent.get(`${a.base}/latest`);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.message).toMatch(/revoked/);
});

test("tRPC serves the same reads to agent tokens (snapshot.list / snapshot.get)", async ({ baseURL }) => {
  const agent = await agentContext(baseURL!, (await a.token("trpc")).secret);
  const get = await agent.get(
    `/api/trpc/snapshot.get?input=${encodeURIComponent(JSON.stringify({ json: { ...a.scope, version: 1 } }))}`,
  );
  expect(get.status()).toBe(200);
  const snapshot = await verifySnapshot((await get.json()).result.data.json);
  expect(snapshot.contentHash).toBe(a.v1.contentHash);
  const list = await agent.get(
    `/api/trpc/snapshot.list?input=${encodeURIComponent(JSON.stringify({ json: a.scope }))}`,
  );
  expect((await list.json()).result.data.json.latestVersion).toBe(1);
  const foreign = await agent.get(
    `/api/trpc/snapshot.get?input=${encodeURIComponent(JSON.stringify({ json: b.scope }))}`,
  );
  expect(foreign.status()).toBe(403);
});

test("publishes its OpenAPI document", async ({ request }) => {
  const response = await request.get("/api/v1/openapi.json");
  expect(response.status()).toBe(200);
  const doc = await response.json();
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toContain("/api/v1/catalogs/{team}/{catalog}/snapshots/{version}");
  expect(doc.components.schemas.Snapshot.properties.contentHash.description).toMatch(/canonical JSON/);
});
