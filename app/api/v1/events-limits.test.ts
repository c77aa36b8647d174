import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sumDayCounter } from "@/server/testing/day-counters";
import { callerFor, createCatalog, createTeamWithMembers } from "@/server/testing/factories";
import { useAgentApiServer } from "@/server/testing/use-agent-api-server";

const INT32_MAX = 2_147_483_647;

describe("events: integers past their column's range", () => {
  const agentApi = useAgentApiServer();
  const { db } = agentApi;

  async function catalogWithToken() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const { secret } = await callerFor(db, people.owner).token.create({
      team: people.team.slug,
      catalog: catalog.slug,
      name: "agent",
    });
    const path = `/api/v1/catalogs/${people.team.slug}/${catalog.slug}/events`;
    const post = (body: unknown) =>
      fetch(`${agentApi.baseUrl()}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    return { catalog, post };
  }

  let next = 0;
  const outcome = () => ({ type: "outcome", id: `o${++next}`, callId: `call-${next}`, ok: true });

  it("refuses dropped, snapshotVersion and a hit's rank of 2^31 with a 400 naming the field and the range", async () => {
    const { catalog, post } = await catalogWithToken();
    const cases: Array<[unknown, string]> = [
      [{ events: [outcome()], dropped: INT32_MAX + 1 }, "dropped"],
      [{ events: [{ ...outcome(), snapshotVersion: INT32_MAX + 1 }] }, "events[0]: snapshotVersion"],
      [
        {
          events: [{ type: "search", id: "s-big", query: "q", hits: [{ id: "a.b", rank: INT32_MAX + 1, score: 1 }] }],
        },
        "events[0]: hits.0.rank",
      ],
      [{ events: [outcome()], dropped: -1 }, "dropped"],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      const text = await response.text();
      expect(response.status, text).toBe(400);
      expect(text).toContain(field);
      expect(text).toContain(`to ${INT32_MAX}`);
    }
    expect(await db.agentEvent.count({ where: { catalogId: catalog.id } })).toBe(0);
  });

  it("takes dropped 2^31 − 1, then more batches with drops the same day: the day counter saturates", async () => {
    const { catalog, post } = await catalogWithToken();
    const first = await post({ events: [outcome()], dropped: INT32_MAX });
    expect(first.status, await first.text()).toBe(202);
    for (let i = 0; i < 3; i++) {
      const later = await post({ events: [outcome()], dropped: INT32_MAX - i });
      expect(later.status, await later.text()).toBe(202);
    }
    // Several at once, written together in one group (the catalog may have 4 batches in flight here; 2 by default).
    process.env.STOCKROOM_INGEST_BATCHES_PER_CATALOG = "4";
    const together = await Promise.all(
      Array.from({ length: 4 }, () => post({ events: [outcome()], dropped: INT32_MAX })),
    ).finally(() => delete process.env.STOCKROOM_INGEST_BATCHES_PER_CATALOG);
    expect(together.map((response) => response.status)).toEqual([202, 202, 202, 202]);
    expect(await sumDayCounter(db, catalog.id, "sdk.dropped")).toBe(INT32_MAX);
    expect(await db.agentEvent.count({ where: { catalogId: catalog.id } })).toBe(8);
  });

  it("needs the events scope: new tokens have it unless unticked, a read-only token gets 403", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const owner = callerFor(db, people.owner);
    const ref = { team: people.team.slug, catalog: catalog.slug };
    const byDefault = await owner.token.create({ ...ref, name: "default" });
    const readOnly = await owner.token.create({ ...ref, name: "read only", scopes: ["read"] });
    expect(byDefault.token.scopes).toEqual(["read", "events"]);
    expect(readOnly.token.scopes).toEqual(["read"]);
    const post = (secret: string) =>
      fetch(`${agentApi.baseUrl()}/api/v1/catalogs/${ref.team}/${ref.catalog}/events`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body: JSON.stringify({ events: [outcome()], dropped: 5 }),
      });
    const refused = await post(readOnly.secret);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("events scope");
    expect(await db.agentEvent.count({ where: { catalogId: catalog.id } })).toBe(0);
    expect(await sumDayCounter(db, catalog.id, "sdk.dropped")).toBe(0);
    // The same read-only token still reads.
    const list = await fetch(`${agentApi.baseUrl()}/api/v1/catalogs/${ref.team}/${ref.catalog}/snapshots`, {
      headers: { authorization: `Bearer ${readOnly.secret}` },
    });
    expect(list.status).toBe(200);
    expect((await post(byDefault.secret)).status).toBe(202);
  });
});

describe("events: bounds on stored events per catalog and per team", () => {
  const agentApi = useAgentApiServer();
  const { db } = agentApi;
  const saved = { ...process.env };
  beforeAll(() => {
    process.env.STOCKROOM_EVENTS_PER_CATALOG_PER_DAY = "5";
    process.env.STOCKROOM_EVENTS_PER_TEAM_PER_DAY = "8";
    process.env.STOCKROOM_EVENT_MB_PER_CATALOG = "1";
    process.env.STOCKROOM_EVENT_MB_PER_TEAM = "2";
  });
  afterAll(() => {
    for (const key of Object.keys(process.env)) if (key.startsWith("STOCKROOM_EVENT")) delete process.env[key];
    Object.assign(process.env, saved);
  });

  let next = 0;
  const outcomes = (count: number) =>
    Array.from({ length: count }, () => ({ type: "outcome", id: `q${++next}`, callId: `call-${next}`, ok: true }));

  async function tokenFor(team: { id: string; slug: string }, owner: Parameters<typeof callerFor>[1]) {
    const catalog = await createCatalog(db, team.id);
    const { secret } = await callerFor(db, owner).token.create({ team: team.slug, catalog: catalog.slug, name: "a" });
    const post = (body: unknown) =>
      fetch(`${agentApi.baseUrl()}/api/v1/catalogs/${team.slug}/${catalog.slug}/events`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    return { catalog, post };
  }

  it("refuses past the events per day of the catalog, then of the team, with a 429 naming the bound, counted as dropped", async () => {
    const people = await createTeamWithMembers(db);
    const a = await tokenFor(people.team, people.owner);
    const b = await tokenFor(people.team, people.owner);
    expect((await a.post({ events: outcomes(3) })).status).toBe(202);
    expect((await a.post({ events: outcomes(2) })).status).toBe(202);
    const overCatalog = await a.post({ events: outcomes(1), dropped: 4 });
    const overCatalogBody = (await overCatalog.json()) as { error: { message: string; droppedEvents: number } };
    expect(overCatalog.status).toBe(429);
    expect(Number(overCatalog.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(overCatalogBody.error.message).toContain("STOCKROOM_EVENTS_PER_CATALOG_PER_DAY");
    expect(overCatalogBody.error.droppedEvents).toBe(1);
    expect(await sumDayCounter(db, a.catalog.id, "sdk.dropped")).toBe(5);
    expect(await db.agentEvent.count({ where: { catalogId: a.catalog.id } })).toBe(5);

    expect((await b.post({ events: outcomes(3) })).status).toBe(202);
    const overTeam = await b.post({ events: outcomes(1) });
    expect(overTeam.status).toBe(429);
    expect(await overTeam.text()).toContain("STOCKROOM_EVENTS_PER_TEAM_PER_DAY");
    expect(await sumDayCounter(db, b.catalog.id, "sdk.dropped")).toBe(1);
    expect(await db.agentEvent.count({ where: { catalogId: b.catalog.id } })).toBe(3);

    // Another team is not touched by this one's bounds.
    const others = await createTeamWithMembers(db);
    expect((await (await tokenFor(others.team, others.owner)).post({ events: outcomes(5) })).status).toBe(202);
  });

  it("refuses past the bytes a catalog holds with a 413 naming the bound, counted as dropped", async () => {
    process.env.STOCKROOM_EVENTS_PER_CATALOG_PER_DAY = "100000";
    process.env.STOCKROOM_EVENTS_PER_TEAM_PER_DAY = "100000";
    const people = await createTeamWithMembers(db);
    const a = await tokenFor(people.team, people.owner);
    const hits = Array.from({ length: 200 }, (_, i) => ({ id: `ns.${"t".repeat(290)}${i}`, rank: i + 1, score: 1 }));
    const searches = (count: number) =>
      Array.from({ length: count }, () => ({ type: "search", id: `s${++next}`, query: "q", hits }));
    const first = await a.post({ events: searches(10) });
    expect(first.status, await first.text()).toBe(202);
    const second = await a.post({ events: searches(10) });
    const text = await second.text();
    expect(second.status, text).toBe(413);
    expect(text).toContain("STOCKROOM_EVENT_MB_PER_CATALOG");
    expect(await sumDayCounter(db, a.catalog.id, "sdk.dropped")).toBe(10);
    expect(await db.agentEvent.count({ where: { catalogId: a.catalog.id } })).toBe(10);
  });
});
