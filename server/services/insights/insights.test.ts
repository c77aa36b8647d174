import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { deleteExpiredEvents } from "./delete-expired-events";
import { ingestEvents } from "./ingest-events";
import { validateEventBatch } from "./validate-batch";

const { db, handle } = useTestDatabase();
const today = new Date().toISOString().slice(0, 10);

const search = (
  id: string,
  conversationId: string,
  query: string,
  hits: string[],
  strength: "strong" | "weak" = "strong",
) => ({
  type: "search",
  id,
  conversationId,
  query,
  snapshotVersion: 1,
  latencyMs: 2,
  hits: hits.map((tool, i) => ({ id: tool, rank: i + 1, score: 5 - i, strength })),
});
const call = (id: string, conversationId: string, toolId: string, searchEventId?: string) => ({
  type: "call",
  id,
  conversationId,
  callId: `call-${id}`,
  toolId,
  ...(searchEventId ? { searchEventId } : {}),
});
const outcome = (id: string, callId: string, ok: boolean) => ({ type: "outcome", id, callId, ok });

async function catalogWithTraffic() {
  const people = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, people.team.id, { telemetryText: "full" });
  await createTools(db, catalog.id, [
    { namespace: "billing", name: "create_refund", description: "Refund a payment." },
    { namespace: "billing", name: "list_invoices", description: "List invoices of a customer." },
    { namespace: "ops", name: "restart_server", description: "Restart a server." },
  ]);
  const send = (events: unknown[]) =>
    ingestEvents({ sql: handle.sql, catalogId: catalog.id, tokenId: null, batch: validateEventBatch({ events }) });
  await send([
    search("s1", "a", "give the customer their money back", []),
    call("c1", "a", "billing.create_refund", "s1"),
    outcome("o1", "call-c1", true),
    search("s2", "b", "money back for order", ["billing.list_invoices", "billing.create_refund"], "weak"),
    call("c2", "b", "billing.create_refund", "s2"),
    outcome("o2", "call-c2", true),
    search("s3", "c", "restart the server", ["ops.restart_server"]),
    call("c3", "c", "ops.restart_server", "s3"),
    outcome("o3", "call-c3", false),
    search("s4", "c", "restart the server again", ["ops.restart_server"]),
  ]);
  const scope = { team: people.team.slug, catalog: catalog.slug };
  return { ...people, catalog, scope, owner: callerFor(db, people.owner), viewer: callerFor(db, people.viewer), send };
}

describe("Insights", () => {
  it("sums the day counters into the page's numbers", async () => {
    const { scope, viewer } = await catalogWithTraffic();
    const overview = await viewer.insights.overview({ ...scope, from: today, to: today });
    expect(overview.totals).toMatchObject({
      searches: 4,
      calls: 3,
      empty: 1,
      weak: 1,
      followed: 2,
      repeated: 1,
      unreturned: 1,
      finished: 3,
      succeeded: 2,
    });
    expect(overview.totals.emptyShare).toBe(0.25);
    expect(overview.totals.successRate).toBeCloseTo(2 / 3);
    expect(overview.totals.latencyP50Ms).toBeGreaterThanOrEqual(2);
    expect(overview.totals.latencyP50Ms).toBeLessThan(2.5);
    expect(overview.rankDistribution).toEqual([
      { rank: 1, count: 1 },
      { rank: 2, count: 1 },
    ]);
    expect(overview.perDay).toEqual([expect.objectContaining({ day: today, searches: 4 })]);
    expect(overview.funnel.find((row) => row.toolId === "billing.create_refund")).toEqual({
      toolId: "billing.create_refund",
      returned: 1,
      called: 2,
      succeeded: 2,
      meanRank: 2,
    });
    expect(overview.versions).toEqual([1]);
    const otherVersion = await viewer.insights.overview({ ...scope, from: today, to: today, version: 2 });
    expect(otherVersion.totals.searches).toBe(0);
    await expect(viewer.insights.overview({ ...scope, from: today, to: "2020-01-01" })).rejects.toThrow(
      /starts .* after it ends/,
    );
  });

  it("lists failing requests with the tool the model called, and the events behind each number", async () => {
    const { scope, viewer } = await catalogWithTraffic();
    const empty = await viewer.insights.failing({ ...scope, kind: "empty" });
    expect(empty).toEqual([
      expect.objectContaining({
        query: "give the customer their money back",
        count: 1,
        calledToolId: "billing.create_refund",
      }),
    ]);
    const lowRank = await viewer.insights.failing({ ...scope, kind: "low-rank", k: 1 });
    expect(lowRank).toEqual([
      expect.objectContaining({ query: "money back for order", calledToolId: "billing.create_refund", meanRank: 2 }),
    ]);
    const noCall = await viewer.insights.failing({ ...scope, kind: "no-call" });
    expect(noCall.map((row) => row.query).sort()).toEqual([
      "give the customer their money back",
      "restart the server again",
    ]);
    const failedCalls = await viewer.insights.events({ ...scope, filters: { flag: "failed" } });
    expect(failedCalls.events.map((e) => e.toolId)).toEqual(["ops.restart_server"]);
    const returnedRefund = await viewer.insights.events({
      ...scope,
      filters: { kind: "search", toolId: "billing.create_refund" },
    });
    expect(returnedRefund.events.map((e) => e.query)).toEqual(["money back for order"]);
    const all = await viewer.insights.events({ ...scope, filters: {} });
    expect(all.events).toHaveLength(10);
  });

  it("turns a failing request into a golden query and suggested words into the tool's search text", async () => {
    const { scope, owner, viewer } = await catalogWithTraffic();
    const golden = await owner.insights.addGolden({
      ...scope,
      query: "give the customer their money back",
      toolId: "billing.create_refund",
    });
    expect(golden.expected).toEqual(["billing.create_refund"]);
    await expect(viewer.insights.addGolden({ ...scope, query: "x", toolId: "billing.create_refund" })).rejects.toThrow(
      /editor/,
    );

    const before = await viewer.playground.search({ ...scope, query: "money back" });
    expect(before.hits.map((hit) => hit.key)).not.toContain("billing.create_refund");
    const { suggestions, toolDbId, revision } = await viewer.insights.suggestions({
      ...scope,
      toolId: "billing.create_refund",
    });
    const money = suggestions.find((s) => s.term === "money")!;
    // Both requests that ended in a successful refund contain "money"; the engine decides how far it lifts each.
    expect(money).toMatchObject({ requests: 2, worsened: 0, inText: false });
    expect(money.improved).toBeGreaterThanOrEqual(1);
    expect(money.meanRankAfter).toBeLessThan(money.meanRankBefore);
    expect(suggestions.map((s) => s.term)).not.toContain("refund");

    const applied = await owner.insights.applyTerms({ ...scope, toolDbId, revision, terms: ["money", "back"] });
    expect(applied.searchText).toMatch(/ money back$/);
    await expect(owner.insights.applyTerms({ ...scope, toolDbId, revision, terms: ["again"] })).rejects.toThrow(
      /changed by someone else/,
    );
    const after = await viewer.playground.search({ ...scope, query: "money back" });
    expect(after.hits[0]!.key).toBe("billing.create_refund");
    const audit = await db.auditEvent.findFirst({
      where: {
        catalogId: (await db.catalog.findFirstOrThrow({ where: { slug: scope.catalog } })).id,
        action: "tool.updated",
      },
    });
    expect(audit?.after).toMatchObject({ searchTextExtra: "money back", searchTextMode: "generated+extra" });
  });

  it("changes privacy and retention as an audited owner setting; the retention job deletes older events", async () => {
    const { scope, owner, catalog, send } = await catalogWithTraffic();
    const settings = await owner.insights.settings(scope);
    expect(settings).toMatchObject({ textMode: "full", retentionDays: 30 });
    const updated = await owner.insights.updateSettings({
      ...scope,
      revision: settings.revision,
      textMode: "none",
      retentionDays: 2,
    });
    expect(updated).toMatchObject({ textMode: "none", retentionDays: 2 });
    await expect(
      owner.insights.updateSettings({ ...scope, revision: settings.revision, retentionDays: 5 }),
    ).rejects.toThrow(/changed by someone else/);
    await expect(
      owner.insights.updateSettings({ ...scope, revision: updated.revision, retentionDays: 0 }),
    ).rejects.toThrow(/between 1 and 365/);
    const audit = await db.auditEvent.findFirstOrThrow({
      where: { catalogId: catalog.id, action: "catalog.telemetry_updated" },
    });
    expect(audit.before).toEqual({ textMode: "full", retentionDays: 30 });

    await send([search("late", "z", "secret text", [])]);
    expect(
      (await db.agentEvent.findFirstOrThrow({ where: { catalogId: catalog.id, clientEventId: "late" } })).query,
    ).toBeNull();
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
    const removed = await deleteExpiredEvents({ db: handle.sql, now: inThreeDays });
    expect(removed.events).toBeGreaterThanOrEqual(11);
    expect(await db.agentEvent.count({ where: { catalogId: catalog.id } })).toBe(0);
    expect(await db.agentDailyCount.count({ where: { catalogId: catalog.id } })).toBe(0);
    expect(await db.agentDailyBucket.count({ where: { catalogId: catalog.id } })).toBe(0);
  });
});
