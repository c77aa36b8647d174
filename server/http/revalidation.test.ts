// A revalidation (If-None-Match) of a path and token this process already knows is answered synchronously, with no
// database (answerRevalidation); these tests hold it to the same answers as the full path, over real HTTP.
import { Agent, get as httpGet, request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestSnapshot } from "../testing/insert-test-snapshot";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../testing/factories";
import { useAgentApiServer } from "../testing/use-agent-api-server";
import { cachedAgentGate } from "../services/tokens/authorize-agent";
import { TokenBucketLimiter } from "../services/tokens/rate-limit";
import { answerAgentRequest, answerRevalidation, type AgentRequest } from "./agent-dispatch";

const globals = globalThis as unknown as { stockroomAgentLimiter?: TokenBucketLimiter };

describe("a revalidation answered without the database", () => {
  const api = useAgentApiServer();
  const { db } = api;
  let baseUrl = "";
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  beforeAll(() => {
    baseUrl = api.baseUrl();
    globals.stockroomAgentLimiter = new TokenBucketLimiter(1_000);
  });
  afterAll(() => agent.destroy());

  /** A GET on one kept-alive socket, with the socket it went over. */
  function send(path: string, headers: Record<string, string>, method = "GET") {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: string; socket: unknown }>(
      (resolve, reject) => {
        const request = httpRequest(`${baseUrl}${path}`, { method, headers, agent }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode!, headers: response.headers, body, socket: request.socket }),
          );
        });
        request.on("error", reject).end();
      },
    );
  }

  async function published(name: string) {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id, { name });
    await createTools(db, catalog.id, [{ namespace: "crm", name: "refund_order", description: "Refund an order." }]);
    const v1 = await insertTestSnapshot(db, people.team, catalog, 1);
    const owner = callerFor(db, people.owner);
    const scope = { team: people.team.slug, catalog: catalog.slug };
    const { token, secret } = await owner.token.create({ ...scope, name: "agent" });
    const base = `/api/v1/catalogs/${scope.team}/${scope.catalog}/snapshots`;
    const request = (path: string, tag: string, method = "GET"): AgentRequest => ({
      path,
      method,
      authorization: `Bearer ${secret}`,
      ifNoneMatch: tag,
      acceptEncoding: null,
    });
    return {
      people,
      catalog,
      owner,
      scope,
      token,
      secret,
      base,
      v1,
      request,
      auth: { authorization: `Bearer ${secret}` },
    };
  }

  it("answers a known 304 at once, with the full path's status and headers, and keeps the connection", async () => {
    const a = await published("Known");
    const tag = `"${a.v1.contentHash}"`;
    // Unknown yet: the path was never answered for an accepted token, so the full path answers.
    expect(answerRevalidation(a.request(`${a.base}/latest`, tag))).toBeUndefined();
    expect((await send(`${a.base}/latest`, a.auth)).status).toBe(200);
    expect((await send(`${a.base}/1`, a.auth)).status).toBe(200);

    for (const path of [`${a.base}/latest`, `${a.base}/1`]) {
      const now = answerRevalidation(a.request(path, tag));
      const full = await answerAgentRequest(a.request(path, tag));
      expect(now, path).toBeDefined();
      expect(now).toEqual(full);
      expect(now!.status).toBe(304);
      expect(now!.headers.ETag).toBe(tag);
      // A stale tag is left to the full path (which sends the body).
      expect(answerRevalidation(a.request(path, '"sha256-old"'))).toBeUndefined();
    }
    expect(answerRevalidation(a.request(`${a.base}/latest`, tag, "HEAD"))).toBeUndefined(); // HEAD not seen yet

    const first = await send(`${a.base}/latest`, { ...a.auth, "if-none-match": tag });
    const second = await send(`${a.base}/latest`, { ...a.auth, "if-none-match": `W/${tag}` });
    for (const answer of [first, second]) {
      expect(answer.status).toBe(304);
      expect(answer.body).toBe("");
      expect(answer.headers.etag).toBe(tag);
      expect(answer.headers["x-stockroom-version"]).toBe("1");
      expect(answer.headers.connection).not.toBe("close");
    }
    expect(second.socket).toBe(first.socket);
  });

  it("stops at a revocation or a new version, as the full path does", async () => {
    const a = await published("Changes");
    const tag = `"${a.v1.contentHash}"`;
    await send(`${a.base}/latest`, a.auth);
    expect(answerRevalidation(a.request(`${a.base}/latest`, tag))?.status).toBe(304);

    const v2 = await insertTestSnapshot(db, a.people.team, a.catalog, 2); // invalidates, as publishing does
    expect(answerRevalidation(a.request(`${a.base}/latest`, tag))).toBeUndefined();
    const fresh = await send(`${a.base}/latest`, { ...a.auth, "if-none-match": tag });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.etag).toBe(`"${v2.contentHash}"`);
    expect(answerRevalidation(a.request(`${a.base}/latest`, `"${v2.contentHash}"`))?.status).toBe(304);

    await a.owner.token.revoke({ ...a.scope, tokenId: a.token.id });
    expect(answerRevalidation(a.request(`${a.base}/latest`, `"${v2.contentHash}"`))).toBeUndefined();
    const revoked = await send(`${a.base}/latest`, { ...a.auth, "if-none-match": `"${v2.contentHash}"` });
    expect(revoked.status).toBe(401);
    // Now the revoked row is cached: the quick path refuses it too, with the same words.
    const quick = answerRevalidation(a.request(`${a.base}/latest`, `"${v2.contentHash}"`));
    expect(quick?.status).toBe(401);
    expect(quick?.body?.toString()).toBe(revoked.body);
  });

  it("charges the rate limit once per request and refuses another catalog's token with a 403", async () => {
    const a = await published("Limited");
    const b = await published("Other");
    const tagA = `"${a.v1.contentHash}"`;
    await send(`${a.base}/latest`, a.auth);
    await send(`${b.base}/latest`, b.auth);
    globals.stockroomAgentLimiter = new TokenBucketLimiter(4);
    // Two quick 304s, a stale tag (tried quickly, then answered in full), a 304: four requests, then 429.
    expect((await send(`${a.base}/latest`, { ...a.auth, "if-none-match": tagA })).status).toBe(304);
    expect((await send(`${a.base}/latest`, { ...a.auth, "if-none-match": tagA })).status).toBe(304);
    expect((await send(`${a.base}/latest`, { ...a.auth, "if-none-match": '"sha256-old"' })).status).toBe(200);
    expect((await send(`${a.base}/latest`, { ...a.auth, "if-none-match": tagA })).status).toBe(304);
    const limited = await send(`${a.base}/latest`, { ...a.auth, "if-none-match": tagA });
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();

    // b's token on a's path, naming b's own version: refused as the full path refuses it, never a 304.
    const tagB = `"${b.v1.contentHash}"`;
    const forbidden = await send(`${a.base}/latest`, { ...b.auth, "if-none-match": tagB });
    expect(forbidden.status).toBe(403);
    expect(JSON.parse(forbidden.body)).toMatchObject({ error: { code: "FORBIDDEN" } });
    globals.stockroomAgentLimiter = new TokenBucketLimiter(1_000);
  });

  it("leaves a token whose last use is due to be written to the full path", async () => {
    const a = await published("Last used");
    await send(`${a.base}/latest`, a.auth);
    const gate = { secret: a.secret, ...a.scope };
    expect(cachedAgentGate(gate)?.latest?.contentHash).toBe(a.v1.contentHash);
    expect(cachedAgentGate({ ...gate, now: new Date(Date.now() + 61_000) })).toBeUndefined();
    const row = await db.agentToken.findUniqueOrThrow({ where: { id: a.token.id } });
    expect(row.lastUsedAt).not.toBeNull();
  });

  it("keeps plain GETs and requests without a token on the full path's answers", async () => {
    const a = await published("Plain");
    await send(`${a.base}/latest`, a.auth);
    const tag = `"${a.v1.contentHash}"`;
    expect(answerRevalidation({ ...a.request(`${a.base}/latest`, tag), ifNoneMatch: null })).toBeUndefined();
    const anonymous = answerRevalidation({ ...a.request(`${a.base}/latest`, tag), authorization: null });
    expect(anonymous?.status).toBe(401);
    const full = await new Promise<number>((resolve) =>
      httpGet(`${baseUrl}${a.base}/latest`, { headers: { "if-none-match": tag } }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      }),
    );
    expect(full).toBe(401);
  });
});
