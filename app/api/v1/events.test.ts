import { useAgentApiServer } from "@/server/testing/use-agent-api-server";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/open";
import { TokenBucketLimiter } from "@/server/services/tokens/rate-limit";
import type { DailyMetric } from "@/server/services/insights/daily-counters";
import { sumDayCounter } from "@/server/testing/day-counters";
import { callerFor, createCatalog, createTeamWithMembers } from "@/server/testing/factories";
import * as eventsRoute from "./[...path]/route";
import * as openapiRoute from "./openapi.json/route";

const globals = globalThis as unknown as {
  stockroomDb?: Promise<DatabaseHandle>;
  stockroomAgentLimiter?: TokenBucketLimiter;
};

const search = (id: string, query: string, hits: string[], extra: Record<string, unknown> = {}) => ({
  type: "search",
  id,
  query,
  conversationId: "conv-1",
  snapshotVersion: 1,
  latencyMs: 1.5,
  hits: hits.map((tool, i) => ({ id: tool, rank: i + 1, score: 10 - i, strength: "strong" })),
  ...extra,
});

describe("POST /api/v1/catalogs/{team}/{catalog}/events", () => {
  const agentApi = useAgentApiServer();
  const { db, handle } = agentApi;

  async function catalogWithToken() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const { secret } = await callerFor(db, people.owner).token.create({
      team: people.team.slug,
      catalog: catalog.slug,
      name: "agent",
    });
    const path = `/api/v1/catalogs/${people.team.slug}/${catalog.slug}/events`;
    const post = (body: unknown, token = secret) =>
      fetch(`${agentApi.baseUrl()}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    return { ...people, catalog, secret, path, post };
  }

  const countEvents = (catalogId: string) => db.agentEvent.count({ where: { catalogId } });
  const counter = (catalogId: string, metric: DailyMetric, toolId = "") => sumDayCounter(db, catalogId, metric, toolId);

  it("stores a batch once: a retried batch is acknowledged but never counted twice", async () => {
    const { catalog, post } = await catalogWithToken();
    const batch = {
      events: [
        search("s1", "refund a payment", ["stripe.create_refund", "stripe.list_charges"]),
        { type: "call", id: "c1", callId: "call-1", toolId: "stripe.create_refund", conversationId: "conv-1" },
      ],
    };
    const first = await post(batch);
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ accepted: 2, stored: 2, duplicates: 0 });
    const retry = await post(batch);
    expect(await retry.json()).toEqual({ accepted: 2, stored: 0, duplicates: 2 });
    expect(await countEvents(catalog.id)).toBe(2);
    expect(await counter(catalog.id, "search")).toBe(1);
    expect(await counter(catalog.id, "call")).toBe(1);
    expect(await counter(catalog.id, "search.followed")).toBe(1);
    expect(await counter(catalog.id, "call.rank")).toBe(1);
    const call = await db.agentEvent.findFirstOrThrow({ where: { catalogId: catalog.id, clientEventId: "c1" } });
    expect(call).toMatchObject({ searchEventId: "s1", rank: 1, snapshotVersion: 1 });
  });

  it("links calls to searches, settles outcomes in either order and counts a repeated search", async () => {
    const { catalog, post } = await catalogWithToken();
    await post({ events: [{ type: "outcome", id: "o2", callId: "call-2", ok: false, error: "timeout" }] });
    await post({
      events: [
        search("s1", "refund", ["a.one", "a.two"]),
        search("s2", "refund the payment", ["a.two", "a.three"]),
        { type: "call", id: "c2", callId: "call-2", toolId: "a.three", searchEventId: "s2" },
        { type: "call", id: "c3", callId: "call-3", toolId: "a.nowhere", conversationId: "conv-1" },
        { type: "outcome", id: "o3", callId: "call-3", ok: true },
      ],
    });
    const byId = async (id: string) =>
      db.agentEvent.findFirstOrThrow({ where: { catalogId: catalog.id, clientEventId: id } });
    expect(await byId("s2")).toMatchObject({ repeated: true, followed: true });
    expect(await byId("s1")).toMatchObject({ repeated: false, followed: false });
    expect(await byId("c2")).toMatchObject({ rank: 2, ok: false, error: "timeout" });
    expect(await byId("c3")).toMatchObject({ rank: null, ok: true });
    expect(await counter(catalog.id, "search.repeated")).toBe(1);
    expect(await counter(catalog.id, "call.unreturned")).toBe(1);
    expect(await counter(catalog.id, "call.finished")).toBe(2);
    expect(await counter(catalog.id, "call.ok")).toBe(1);
    expect(await counter(catalog.id, "tool.returned", "a.two")).toBe(2);
    expect(await counter(catalog.id, "tool.rankSum", "a.three")).toBe(2);
  });

  it("refuses a batch with bad events by index, storing nothing; refuses too many and too large batches", async () => {
    const { catalog, post } = await catalogWithToken();
    const bad = await post({
      events: [
        search("ok", "fine", []),
        { type: "search", id: "x" },
        { type: "teleport", id: "y" },
        search("ok", "twice", []),
      ],
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as {
      error: { code: string; message: string; invalidEvents: Array<{ index: number }> };
    };
    expect(body.error.code).toBe("INVALID_INPUT");
    expect(body.error.message).toMatch(/^3 of 4 events are invalid; nothing was stored\. events\[1\]: query:/);
    expect(body.error.invalidEvents.map((e) => e.index)).toEqual([1, 2, 3]);
    expect(await countEvents(catalog.id)).toBe(0);

    const many = await post({ events: Array.from({ length: 1001 }, (_, i) => search(`m${i}`, "q", [])) });
    expect(many.status).toBe(400);
    expect((await many.json()).error.message).toMatch(/at most 1000 events/);
    const huge = await post({ events: [search("h", "x".repeat(3000), [])], padding: "y".repeat(1_100_000) });
    expect(huge.status).toBe(413);
    expect((await post("{not json")).status).toBe(400);
    expect((await post({ events: [search("old", "q", [], { at: "2020-01-01T00:00:00Z" })] })).status).toBe(400);
    expect(await countEvents(catalog.id)).toBe(0);
  });

  it("is write-only for tokens, for this catalog's tokens only, and rate-limited per token", async () => {
    const mine = await catalogWithToken();
    const theirs = await catalogWithToken();
    const foreign = await mine.post({ events: [search("s", "q", [])] }, theirs.secret);
    expect(foreign.status).toBe(403);
    expect((await mine.post({ events: [search("s", "q", [])] }, "srk_" + "x".repeat(40))).status).toBe(401);
    expect(await countEvents(mine.catalog.id)).toBe(0);
    const read = await fetch(`${agentApi.baseUrl()}${mine.path}`, {
      headers: { authorization: `Bearer ${mine.secret}` },
    });
    expect(read.status).toBe(405);
    expect(read.headers.get("allow")).toBe("POST");
    // The Next.js route handler answers the same.
    const viaNext = await eventsRoute.GET(
      new Request(`http://stockroom.test${mine.path}`, { headers: { authorization: `Bearer ${mine.secret}` } }),
    );
    expect(viaNext.status).toBe(405);

    globals.stockroomAgentLimiter = new TokenBucketLimiter(2);
    expect((await mine.post({ events: [search("r1", "q", [])] })).status).toBe(202);
    expect((await mine.post({ events: [search("r2", "q", [])] })).status).toBe(202);
    const limited = await mine.post({ events: [search("r3", "q", [])] });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("is in the OpenAPI document, whose schemas accept a real batch and its answer", async () => {
    const { post } = await catalogWithToken();
    const doc = await openapiRoute.GET().json();
    const operation = doc.paths["/api/v1/catalogs/{team}/{catalog}/events"].post;
    expect(Object.keys(operation.responses)).toEqual(["202", "400", "401", "403", "405", "413", "429"]);
    const ajv = new Ajv2020({ strict: false });
    const batch = {
      events: [search("doc-1", "q", ["a.b"]), { type: "outcome", id: "doc-2", callId: "x", ok: true }],
      dropped: 3,
    };
    expect(ajv.validate(doc.components.schemas.EventBatch, batch), JSON.stringify(ajv.errors)).toBe(true);
    expect(ajv.validate(doc.components.schemas.EventBatch, { events: [{ type: "call", id: "x" }] })).toBe(false);
    expect(ajv.validate(doc.components.schemas.EventBatchResult, await (await post(batch)).json())).toBe(true);
  });

  it("redacts or drops the request text on the server, as the catalog's setting says", async () => {
    const { catalog, post } = await catalogWithToken();
    const text = 'email bob@example.com about order 4521 at https://shop.test/o/4521 named "Blue Sofa"';
    await post({ events: [search("red", text, [])] });
    await db.catalog.update({ where: { id: catalog.id }, data: { telemetryText: "none" } });
    await post({ events: [search("none", text, [])] });
    await db.catalog.update({ where: { id: catalog.id }, data: { telemetryText: "full" } });
    await post({ events: [search("full", text, [])] });
    const rows = await db.agentEvent.findMany({ where: { catalogId: catalog.id }, orderBy: { clientEventId: "asc" } });
    const byId = Object.fromEntries(rows.map((row) => [row.clientEventId, row]));
    expect(byId.red!.query).toBe("email [email] about order [number] at [url] named [value]");
    expect(byId.none!.query).toBeNull();
    expect(byId.full!.query).toBe(text);
    expect(new Set(rows.map((row) => row.queryHash)).size).toBe(1);
  });
});
