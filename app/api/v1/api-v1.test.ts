import { get as httpGet } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import Ajv2020 from "ajv/dist/2020";
import { beforeAll, describe, expect, it } from "vitest";
import { verifySnapshot } from "@/domain/snapshot/verify";
import type { DatabaseHandle } from "@/server/db/open";
import { insertTestSnapshot } from "@/server/testing/insert-test-snapshot";
import { TokenBucketLimiter } from "@/server/services/tokens/rate-limit";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "@/server/testing/factories";
import { useAgentApiServer } from "@/server/testing/use-agent-api-server";
import * as fallbackRoute from "./[...path]/route";
import * as openapiRoute from "./openapi.json/route";

/** A GET whose body arrives exactly as sent (fetch decodes content encodings). */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(`${baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

const globals = globalThis as unknown as {
  stockroomDb?: Promise<DatabaseHandle>;
  stockroomAgentLimiter?: TokenBucketLimiter;
};

// The agent API over real HTTP through the node:http handler `npm start` serves it with.
let baseUrl = "";
function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { headers });
}

// The same paths through the Next.js route handler (what `next dev` serves), exactly as Next.js calls it.
function getThroughNext(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fallbackRoute.GET(new Request(`http://stockroom.test${path}`, { headers }));
}

describe("/api/v1 agent API", () => {
  const api = useAgentApiServer();
  const { db } = api;
  beforeAll(() => {
    baseUrl = api.baseUrl();
  });

  async function published() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id, { name: "Secret plans" });
    await createTools(db, catalog.id, [
      { namespace: "crm", name: "list_open_orders", description: "List open orders by customer ID." },
      { namespace: "ops", name: "restart_server", description: "Restart a server." },
    ]);
    const v1 = await insertTestSnapshot(db, people.team, catalog, 1);
    await createTools(db, catalog.id, [{ namespace: "crm", name: "refund_order", description: "Refund an order." }]);
    const v2 = await insertTestSnapshot(db, people.team, catalog, 2);
    const owner = callerFor(db, people.owner);
    const { token, secret } = await owner.token.create({
      team: people.team.slug,
      catalog: catalog.slug,
      name: "agent",
    });
    const base = `/api/v1/catalogs/${people.team.slug}/${catalog.slug}/snapshots`;
    return { ...people, catalog, v1, v2, token, secret, base, auth: { authorization: `Bearer ${secret}` }, owner };
  }

  it("serves latest and numbered versions byte-stable, with ETag and the right Cache-Control", async () => {
    const { base, auth, v1, v2 } = await published();
    const latest = await get(`${base}/latest`, auth);
    expect(latest.status).toBe(200);
    expect(latest.headers.get("etag")).toBe(`"${v2.contentHash}"`);
    expect(latest.headers.get("cache-control")).toBe("private, no-cache");
    expect(latest.headers.get("content-type")).toMatch(/^application\/json/);
    expect(latest.headers.get("x-stockroom-version")).toBe("2");
    // Served outside Next.js, so it carries its own security headers (not next.config's page headers).
    expect(latest.headers.get("x-content-type-options")).toBe("nosniff");
    expect(latest.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect((await get(`${base}/latest`)).headers.get("x-content-type-options")).toBe("nosniff"); // errors too
    const bytes = await latest.text();
    await expect(verifySnapshot(JSON.parse(bytes))).resolves.toEqual(v2);
    expect(await (await get(`${base}/2`, auth)).text()).toBe(bytes);

    const one = await get(`${base}/1`, auth);
    expect(one.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(one.headers.get("etag")).toBe(`"${v1.contentHash}"`);
    expect(JSON.parse(await one.text())).toEqual(v1);

    const list = await get(base, auth);
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({
      latestVersion: 2,
      snapshots: [
        { version: 2, contentHash: v2.contentHash },
        { version: 1, contentHash: v1.contentHash },
      ],
    });
  });

  it("answers If-None-Match with 304 and no body, and a stale ETag with the new snapshot", async () => {
    const { base, auth, v1, v2 } = await published();
    for (const tag of [`"${v2.contentHash}"`, `W/"${v2.contentHash}"`, `"sha256-old", "${v2.contentHash}"`, "*"]) {
      const response = await get(`${base}/latest`, { ...auth, "if-none-match": tag });
      expect(response.status, tag).toBe(304);
      expect(await response.text()).toBe("");
      expect(response.headers.get("etag")).toBe(`"${v2.contentHash}"`);
    }
    const stale = await get(`${base}/latest`, { ...auth, "if-none-match": `"${v1.contentHash}"` });
    expect(stale.status).toBe(200);
    expect((await stale.json()).version).toBe(2);
  });

  it("compresses when asked — br preferred, then gzip, q-values honoured — to the same bytes", async () => {
    const { base, auth, v2 } = await published();
    const identity = Buffer.from(
      await (await get(`${base}/2`, { ...auth, "accept-encoding": "identity" })).arrayBuffer(),
    );
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["br", "br"],
      ["gzip", "gzip"],
      ["br;q=0.1, gzip", "gzip"],
      ["deflate", null],
      ["identity", null],
    ] as const) {
      const response = await get(`${base}/2`, { ...auth, "accept-encoding": accept });
      expect(response.headers.get("content-encoding"), accept).toBe(encoding);
      expect(response.headers.get("vary")).toContain("Accept-Encoding");
      expect(response.headers.get("etag")).toBe(`"${v2.contentHash}"`);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(identity); // fetch decodes; the bytes must match
    }
    const raw = await rawGet(`${base}/2`, { ...auth, "accept-encoding": "br" });
    expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
    expect(brotliDecompressSync(raw.body)).toEqual(identity);
  });

  it("answers the same through the Next.js route handlers, in identity (Next.js gzips those itself)", async () => {
    const { base, auth, v2 } = await published();
    for (const [path, headers] of [
      [`${base}/latest`, auth],
      [`${base}/latest`, { ...auth, "if-none-match": `"${v2.contentHash}"` }],
      [`${base}/2`, { ...auth, "accept-encoding": "br" }],
      [base, auth],
      [`${base}/9`, auth],
      [`${base}/latest`, {}],
      ["/api/v1/nowhere", auth],
    ] as const) {
      const [viaNode, viaNext] = [await get(path, headers), await getThroughNext(path, headers)];
      expect(viaNext.status, path).toBe(viaNode.status);
      expect(viaNext.headers.get("content-encoding")).toBeNull();
      for (const name of ["etag", "cache-control", "content-type", "x-stockroom-version"])
        expect(viaNext.headers.get(name), name).toBe(viaNode.headers.get(name));
      expect(await viaNext.text()).toBe(await viaNode.text());
    }
  });

  it("answers errors as JSON with the mapped statuses: 400, 401, 403, 404", async () => {
    const a = await published();
    const b = await published();
    const expectError = async (response: Response, status: number, code: string) => {
      expect(response.status).toBe(status);
      const body = await response.json();
      expect(body).toEqual({ error: { code, message: expect.any(String) } });
      return body.error.message as string;
    };
    const noToken = await get(`${a.base}/latest`);
    expect(noToken.headers.get("www-authenticate")).toBe('Bearer realm="stockroom"');
    await expectError(noToken, 401, "UNAUTHORIZED");
    await expectError(await get(`${a.base}/latest`, { authorization: "Bearer nope" }), 401, "UNAUTHORIZED");
    await expectError(await get(`${a.base}/latest`, { authorization: `Basic ${a.secret}` }), 401, "UNAUTHORIZED");

    const foreign = await get(`${b.base}/latest`, a.auth);
    const text = await foreign.clone().text();
    await expectError(foreign, 403, "FORBIDDEN");
    for (const secret of [b.team.slug, b.catalog.slug, b.v2.contentHash, "restart_server"])
      expect(text).not.toContain(secret);
    await expectError(await get(b.base, a.auth), 403, "FORBIDDEN");

    expect(await expectError(await get(`${a.base}/7`, a.auth), 404, "NOT_FOUND")).toMatch(/versions run from 1 to 2/);
    expect(await expectError(await get(`${a.base}/abc`, a.auth), 400, "INVALID_INPUT")).toMatch(/version/);
    await expectError(await get(`${a.base}/0`, a.auth), 400, "INVALID_INPUT");
    await expectError(await get(`/api/v1/nowhere`, a.auth), 404, "NOT_FOUND");

    await a.owner.token.revoke({ team: a.team.slug, catalog: a.catalog.slug, tokenId: a.token.id });
    expect(await expectError(await get(`${a.base}/latest`, a.auth), 401, "UNAUTHORIZED")).toMatch(/revoked/);
  });

  it("answers 429 with Retry-After once a token spends its budget, without affecting other tokens", async () => {
    const a = await published();
    const b = await published();
    globals.stockroomAgentLimiter = new TokenBucketLimiter(3);
    for (let i = 0; i < 3; i++) expect((await get(`${a.base}/latest`, a.auth)).status).toBe(200);
    const limited = await get(`${a.base}/latest`, a.auth);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
    expect((await get(`${b.base}/latest`, b.auth)).status).toBe(200);
  });

  it("publishes an OpenAPI 3.1 document whose schemas accept real responses", async () => {
    const { base, auth } = await published();
    const doc = await openapiRoute.GET().json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual([
      "/api/v1/catalogs/{team}/{catalog}/snapshots",
      "/api/v1/catalogs/{team}/{catalog}/snapshots/latest",
      "/api/v1/catalogs/{team}/{catalog}/snapshots/{version}",
      "/api/v1/catalogs/{team}/{catalog}/search",
      "/api/v1/catalogs/{team}/{catalog}/import/preview",
      "/api/v1/catalogs/{team}/{catalog}/import",
      "/api/v1/catalogs/{team}/{catalog}/namespaces/{namespace}/source",
      "/api/v1/catalogs/{team}/{catalog}/namespaces/{namespace}/sync/preview",
      "/api/v1/catalogs/{team}/{catalog}/namespaces/{namespace}/sync",
      "/api/v1/catalogs/{team}/{catalog}/events",
    ]);
    expect(Object.keys(doc.paths["/api/v1/catalogs/{team}/{catalog}/snapshots/latest"].get.responses)).toEqual([
      "200",
      "304",
      "400",
      "401",
      "403",
      "404",
      "429",
    ]);
    const ajv = new Ajv2020({ strict: false });
    for (const [name, path] of [
      ["Snapshot", `${base}/latest`],
      ["SnapshotList", base],
    ] as const) {
      const validate = ajv.compile(doc.components.schemas[name]);
      const body = await (await get(path, auth)).json();
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
      expect(validate({ ...body, unexpected: 1 })).toBe(false);
    }
  });
});
