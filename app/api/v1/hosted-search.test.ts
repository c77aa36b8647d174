import { useAgentApiServer } from "@/server/testing/use-agent-api-server";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/open";
import { insertTestSnapshot } from "@/server/testing/insert-test-snapshot";
import { TokenBucketLimiter } from "@/server/services/tokens/rate-limit";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "@/server/testing/factories";
import Ajv2020 from "ajv/dist/2020";
import * as searchRoute from "./[...path]/route";
import * as openapiRoute from "./openapi.json/route";

const globals = globalThis as unknown as {
  stockroomDb?: Promise<DatabaseHandle>;
  stockroomAgentLimiter?: TokenBucketLimiter;
};

describe("POST /api/v1/catalogs/{team}/{catalog}/search", () => {
  const agentApi = useAgentApiServer();
  const { db, handle } = agentApi;

  async function published() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id, { name: "Search API" });
    await createTools(db, catalog.id, [
      { namespace: "crm", name: "list_open_orders", description: "List open orders by customer ID." },
      { namespace: "crm", name: "refund_order", description: "Refund an order." },
      { namespace: "ops", name: "restart_server", description: "Restart a server." },
      { namespace: "ops", name: "list_servers", description: "List servers.", exposure: "direct" },
    ]);
    await insertTestSnapshot(db, people.team, catalog, 1);
    const owner = callerFor(db, people.owner);
    const { secret } = await owner.token.create({ team: people.team.slug, catalog: catalog.slug, name: "agent" });
    const path = `/api/v1/catalogs/${people.team.slug}/${catalog.slug}/search`;
    const post = (body: unknown, token: string | null = secret, raw?: string) =>
      fetch(`${agentApi.baseUrl()}${path}`, {
        method: "POST",
        headers: token ? { authorization: `Bearer ${token}`, "content-type": "application/json" } : {},
        body: raw ?? JSON.stringify(body),
      });
    return { people, catalog, secret, path, post };
  }

  const expectError = async (response: Response, status: number, code: string, message?: RegExp) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    if (message) expect(body.error.message).toMatch(message);
  };

  it("ranks a query and loads paths (namespaces in snapshot order, ids, unknowns reported)", async () => {
    const { post } = await published();
    const ranked = await post({ query: "refund an order" });
    expect(ranked.status).toBe(200);
    expect(ranked.headers.get("cache-control")).toBe("no-store");
    const body = (await ranked.json()) as {
      hits: Array<{ id: string; rank: number }>;
      toolIds: string[];
      output?: unknown;
    };
    expect(body.hits[0]).toMatchObject({ id: "crm.refund_order", rank: 1 });
    expect(body.toolIds).toEqual(body.hits.map((hit) => hit.id));
    expect(body.output).toBeUndefined();

    const paths = await post({
      paths: ["crm", "ops.restart_server", "ops.list_servers", "nope"],
      format: "openai",
      call_id: "c1",
    });
    const loaded = (await paths.json()) as {
      hits: unknown[];
      toolIds: string[];
      unknown: string[];
      output: { type: string; call_id: string; tools: unknown[] };
    };
    expect(loaded.hits).toEqual([]);
    expect(loaded.toolIds).toEqual(["crm.list_open_orders", "crm.refund_order", "ops.restart_server"]);
    expect(loaded.unknown).toEqual(["nope"]); // a direct tool loads nothing (it is in every request) and is not unknown
    expect(loaded.output).toMatchObject({
      type: "tool_search_output",
      call_id: "c1",
      tools: [
        { type: "namespace", name: "crm" },
        { type: "namespace", name: "ops" },
      ],
    });
  });

  it("refuses bad bodies with 400 saying what to fix, and GET with 405", async () => {
    const { post, path, secret } = await published();
    await expectError(await post({}), 400, "INVALID_INPUT", /exactly one of query or paths/);
    await expectError(await post({ query: "x", paths: ["crm"] }), 400, "INVALID_INPUT", /exactly one/);
    await expectError(await post({ query: "   " }), 400, "INVALID_INPUT", /query: query must not be empty/);
    await expectError(await post({ query: "x", limit: 0 }), 400, "INVALID_INPUT", /^limit/);
    await expectError(await post({ query: "x", limit: 101 }), 400, "INVALID_INPUT", /^limit/);
    await expectError(await post({ query: "x", format: "gemini" }), 400, "INVALID_INPUT", /^format/);
    await expectError(await post({ query: "x", format: "openai" }), 400, "INVALID_INPUT", /call_id/);
    await expectError(await post({ query: "x", format: "anthropic" }), 400, "INVALID_INPUT", /tool_use_id/);
    await expectError(await post({ query: "x", qurey: "y" }), 400, "INVALID_INPUT", /qurey/);
    await expectError(await post(null, secret, "{not json"), 400, "INVALID_INPUT", /not valid JSON/);
    await expectError(await post(null, secret, ""), 400, "INVALID_INPUT", /Send a JSON body/);
    await expectError(
      await post(null, secret, JSON.stringify({ query: "x".repeat(70_000) })),
      413,
      "PAYLOAD_TOO_LARGE",
    );
    const get = await fetch(`${agentApi.baseUrl()}${path}`, { headers: { authorization: `Bearer ${secret}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("has the snapshot endpoints' gate: 401, 403, 404 for a version, 429 with Retry-After", async () => {
    const a = await published();
    const b = await published();
    const unauthorized = await a.post({ query: "x" }, null);
    await expectError(unauthorized, 401, "UNAUTHORIZED");
    await expectError(await a.post({ query: "x" }, b.secret), 403, "FORBIDDEN");
    await expectError(await a.post({ query: "x", version: 9 }), 404, "NOT_FOUND", /versions run from 1 to 1/);
    globals.stockroomAgentLimiter = new TokenBucketLimiter(2);
    expect((await a.post({ query: "order" })).status).toBe(200);
    expect((await a.post({ query: "order" })).status).toBe(200);
    const limited = await a.post({ query: "order" });
    await expectError(limited, 429, "RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers the same through the Next.js route handler", async () => {
    const { post, path, secret } = await published();
    for (const body of [
      { query: "restart a server", format: "mcp" },
      { query: "" },
      { paths: ["crm"], format: "anthropic", tool_use_id: "t" },
    ]) {
      const viaNode = await post(body);
      const request = new Request(`http://stockroom.test${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}` },
        body: JSON.stringify(body),
      });
      const viaNext = await searchRoute.POST(request);
      expect(viaNext.status).toBe(viaNode.status);
      expect(await viaNext.json()).toEqual(await viaNode.json());
    }
  });

  it("is in the OpenAPI document, whose schemas accept real bodies and answers and refuse others", async () => {
    const { post } = await published();
    const doc = await openapiRoute.GET().json();
    const operation = doc.paths["/api/v1/catalogs/{team}/{catalog}/search"].post;
    expect(Object.keys(operation.responses)).toEqual(["200", "400", "401", "403", "404", "405", "413", "429"]);
    const ajv = new Ajv2020({ strict: false });
    const validateRequest = ajv.compile(doc.components.schemas.SearchRequest);
    const validateResponse = ajv.compile(doc.components.schemas.SearchResponse);
    for (const body of [
      { query: "order", limit: 3 },
      { paths: ["crm"], format: "openai", call_id: "c" },
      { query: "order", format: "mcp", version: 1 },
    ]) {
      expect(validateRequest(body), JSON.stringify(validateRequest.errors)).toBe(true);
      const answer = await (await post(body)).json();
      expect(validateResponse(answer), JSON.stringify(validateResponse.errors)).toBe(true);
    }
    expect(validateRequest({ query: "x", extra: 1 })).toBe(false);
    expect(validateRequest({ query: "x", format: "gemini" })).toBe(false);
  });
});
