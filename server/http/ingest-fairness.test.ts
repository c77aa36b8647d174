// Event ingest cannot take the server from other users (issue 33): batches beyond a catalog's or the server's share
// in flight are refused 429 "busy" with Retry-After before their body is read, while another user's tRPC request
// is answered; what was accepted is stored exactly, a batch over the write size in whole parts.
import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { sumDayCounter } from "../testing/day-counters";
import { callerFor, createCatalog, createTeamWithMembers } from "../testing/factories";
import { signUpThroughAuthRoute } from "../testing/sign-up";
import { useAgentApiServer } from "../testing/use-agent-api-server";
import { eventBatchesInFlight } from "../services/insights/ingest-admission";
import { WRITE_EVENTS } from "../services/insights/ingest-events";

const api = useAgentApiServer({ trpc: true });
const { db } = api;

const LIMIT_VARS = ["STOCKROOM_INGEST_BATCHES_PER_CATALOG", "STOCKROOM_INGEST_BATCHES"] as const;
afterEach(() => {
  for (const name of LIMIT_VARS) delete process.env[name];
});

/** `count` linked events: per conversation a search, the call of its first hit and that call's outcome. */
function eventsOf(prefix: string, count: number): unknown[] {
  const events: unknown[] = [];
  for (let i = 0; events.length < count; i++) {
    const conversationId = `${prefix}-conv-${i}`;
    const hits = [{ id: "crm.refund", rank: 1, score: 2 }];
    events.push({ type: "search", id: `${prefix}-s${i}`, conversationId, query: `refund ${i}`, hits });
    if (events.length < count)
      events.push({
        type: "call",
        id: `${prefix}-c${i}`,
        conversationId,
        callId: `${prefix}-k${i}`,
        toolId: "crm.refund",
      });
    if (events.length < count)
      events.push({ type: "outcome", id: `${prefix}-o${i}`, conversationId, callId: `${prefix}-k${i}`, ok: true });
  }
  return events;
}

async function catalogWithToken() {
  const people = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, people.team.id);
  const ref = { team: people.team.slug, catalog: catalog.slug };
  const { secret } = await callerFor(db, people.owner).token.create({ ...ref, name: "agent" });
  const path = `/api/v1/catalogs/${ref.team}/${ref.catalog}/events`;
  const post = async (events: unknown[]) => {
    const response = await fetch(`${api.baseUrl()}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify({ events }),
    });
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
  };
  /** A POST whose body is sent only up to its middle: the server has taken it in and waits for the rest. */
  const held = (events: unknown[]) => {
    const body = Buffer.from(JSON.stringify({ events }));
    const url = new URL(`${api.baseUrl()}${path}`);
    let finish: () => void = () => undefined;
    const answered = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: "POST",
          headers: {
            authorization: `Bearer ${secret}`,
            "content-type": "application/json",
            "content-length": body.length,
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        },
      );
      req.on("error", reject);
      req.write(body.subarray(0, body.length >> 1));
      finish = () => req.end(body.subarray(body.length >> 1));
    });
    return { answered, finish: () => finish() };
  };
  const stored = () => db.agentEvent.count({ where: { catalogId: catalog.id } });
  return { catalog, post, held, stored };
}

/** `team.mine` over tRPC HTTP as a signed-in person, on the same server. */
async function otherUsersTeams(cookie: string): Promise<{ status: number; teams: unknown[] }> {
  const response = await fetch(`${api.baseUrl()}/api/trpc/team.mine`, { headers: { cookie } });
  const body = (await response.json()) as { result?: { data?: { json?: unknown[] } } };
  return { status: response.status, teams: body.result?.data?.json ?? [] };
}

describe("event ingest under a flood", () => {
  it("refuses a catalog's batch beyond its share in flight with 429 busy and Retry-After, answers another user meanwhile, and stores exactly what it accepted", async () => {
    process.env.STOCKROOM_INGEST_BATCHES_PER_CATALOG = "2";
    const flooder = await catalogWithToken();
    const other = await signUpThroughAuthRoute();
    const first = flooder.held(eventsOf("a", 1000));
    const second = flooder.held(eventsOf("b", 1000));
    await expect.poll(() => eventBatchesInFlight(flooder.catalog.id)).toBe(2);

    const refused = await flooder.post(eventsOf("c", 1000));
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe("1");
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    expect(refused.body.error.message).toMatch(/^Event ingest is busy: this catalog already has 2 batches/);
    expect(refused.body.error.message).toContain("STOCKROOM_INGEST_BATCHES_PER_CATALOG");
    // Nothing of it was counted: the SDK sends it again, so it carries no droppedEvents.
    expect(refused.body.error.droppedEvents).toBeUndefined();

    const answered = await otherUsersTeams(other.cookie);
    expect(answered.status).toBe(200);
    expect(answered.teams).toHaveLength(1);

    first.finish();
    second.finish();
    const results = await Promise.all([first.answered, second.answered]);
    expect(results.map((r) => [r.status, r.body])).toEqual([
      [202, { accepted: 1000, stored: 1000, duplicates: 0 }],
      [202, { accepted: 1000, stored: 1000, duplicates: 0 }],
    ]);
    expect(eventBatchesInFlight(flooder.catalog.id)).toBe(0);
    expect(await flooder.stored()).toBe(2000);
    expect(
      await db.agentEvent.count({ where: { catalogId: flooder.catalog.id, clientEventId: { startsWith: "c-" } } }),
    ).toBe(0);
    expect(await sumDayCounter(db, flooder.catalog.id, "sdk.dropped")).toBe(0);

    const resent = await flooder.post(eventsOf("c", 1000));
    expect([resent.status, resent.body]).toEqual([202, { accepted: 1000, stored: 1000, duplicates: 0 }]);
    expect(await flooder.stored()).toBe(3000);
  });

  it("refuses any catalog's batch while the server holds its total in flight, naming that bound", async () => {
    process.env.STOCKROOM_INGEST_BATCHES_PER_CATALOG = "2";
    process.env.STOCKROOM_INGEST_BATCHES = "2";
    const [a, b, c] = [await catalogWithToken(), await catalogWithToken(), await catalogWithToken()];
    const holds = [a.held(eventsOf("ta", 10)), b.held(eventsOf("tb", 10))];
    await expect.poll(() => eventBatchesInFlight()).toBe(2);
    const refused = await c.post(eventsOf("tc", 10));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Event ingest is busy: the server is storing 2 batches/);
    expect(refused.body.error.message).toContain("STOCKROOM_INGEST_BATCHES=2");
    for (const hold of holds) hold.finish();
    expect((await Promise.all(holds.map((hold) => hold.answered))).map((r) => r.status)).toEqual([202, 202]);
    expect([await a.stored(), await b.stored(), await c.stored()]).toEqual([10, 10, 0]);
    expect((await c.post(eventsOf("tc", 10))).status).toBe(202);
  });

  it("stores a batch over the write size in whole parts, linked across them as one batch would be", async () => {
    const { catalog, post, stored } = await catalogWithToken();
    const events = eventsOf("p", 1000);
    expect(events.length).toBeGreaterThan(WRITE_EVENTS * 2);
    const result = await post(events);
    expect([result.status, result.body]).toEqual([202, { accepted: 1000, stored: 1000, duplicates: 0 }]);
    expect(await stored()).toBe(1000);
    // 334 conversations: each search followed by its call (at rank 1), each call settled ok, across part edges too.
    const counter = (metric: Parameters<typeof sumDayCounter>[2], toolId = "") =>
      sumDayCounter(db, catalog.id, metric, toolId);
    expect(await counter("search")).toBe(334);
    expect(await counter("call")).toBe(333);
    expect(await counter("search.followed")).toBe(333);
    expect(await counter("call.finished")).toBe(333);
    expect(await counter("call.ok")).toBe(333);
    expect(await counter("tool.ranked", "crm.refund")).toBe(333);
    expect(await db.agentEvent.count({ where: { catalogId: catalog.id, kind: "call", rank: 1, ok: true } })).toBe(333);
    const again = await post(events);
    expect(again.body).toEqual({ accepted: 1000, stored: 0, duplicates: 1000 });
    expect(await counter("search")).toBe(334);
  });
});
