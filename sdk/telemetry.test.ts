import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { agentEventSchema } from "../domain/agent-events";
import { connect } from "./index";
import { startSnapshotServer, TEST_TOKEN, type SnapshotServer } from "./testing/snapshot-server";

let server: SnapshotServer;
beforeEach(async () => {
  server = await startSnapshotServer();
});
afterEach(async () => {
  await server.close().catch(() => undefined);
});

// A long interval: the tests send with flush()/close(), so nothing depends on timers.
const target = (telemetry: Record<string, unknown> = {}) => ({
  url: server.url,
  token: TEST_TOKEN,
  team: "acme",
  catalog: "support",
  telemetry: { flushIntervalMs: 600_000, ...telemetry },
});
const sentEvents = () => server.eventBatches.flatMap((batch) => batch.events);

describe("SDK telemetry", () => {
  it("records every answered search and the call the model made after it, with its outcome", async () => {
    const catalog = await connect({ ...target({ conversationId: "conv-7" }) });
    const output = catalog.answerToolSearchCall({
      call_id: "search-1",
      arguments: { query: "open orders for a customer", limit: 3 },
    });
    expect(output.tools.length).toBeGreaterThan(0);
    catalog.search("schedule a meeting");
    // The model's next output: a Responses function_call in a namespace, and an Anthropic-style tool_use.
    const recorded = catalog.observe({
      output: [
        { type: "function_call", call_id: "fc-1", namespace: "crm", name: "list_open_orders", arguments: "{}" },
        { type: "tool_use", id: "tu-1", name: "create_event", input: {} },
        { type: "message", content: [] },
      ],
    });
    expect(recorded).toBe(2);
    expect(catalog.observe([{ type: "function_call", call_id: "fc-2", name: "ping" }])).toBe(0); // a direct tool: not a search's business
    catalog.recordOutcome("fc-1", { ok: false, error: "upstream timeout" });
    await catalog.close();

    const events = sentEvents();
    for (const event of events) expect(agentEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
    expect(events.map((e) => e.type)).toEqual(["search", "search", "call", "call", "outcome"]);
    const [first, second, call, anthropicCall, outcome] = events as Array<Record<string, any>>;
    expect(first).toMatchObject({
      query: "open orders for a customer",
      limit: 3,
      conversationId: "conv-7",
      snapshotVersion: 1,
      profile: "stockroom",
    });
    expect(first!.hits[0]).toMatchObject({ id: "crm.list_open_orders", rank: 1 });
    expect(first!.latencyMs).toBeGreaterThanOrEqual(0);
    // Each call links to the latest search that returned its tool, not merely the latest search.
    expect(call).toMatchObject({ callId: "fc-1", toolId: "crm.list_open_orders", searchEventId: first!.id });
    expect(anthropicCall).toMatchObject({ callId: "tu-1", toolId: "calendar.create_event", searchEventId: second!.id });
    expect(outcome).toMatchObject({ callId: "fc-1", ok: false, error: "upstream timeout" });
  });

  it("never blocks or fails the agent: backs off on 5xx/429, keeps the queue bounded, reports drops, flushes on close", async () => {
    const catalog = await connect(target({ maxQueue: 3 }));
    server.eventsFailWith = 429; // with Retry-After: 30
    catalog.search("open orders");
    await catalog.flushTelemetry(); // refused for now: put back, backing off
    expect(catalog.telemetryStats()).toMatchObject({ queued: 1, sent: 0, failedAttempts: 1 });
    for (const query of ["cancel order", "weather", "meeting", "orders"]) catalog.search(query);
    await catalog.flushTelemetry(); // still inside the backoff window: nothing is sent
    expect(catalog.telemetryStats()).toMatchObject({ queued: 3, dropped: 2, failedAttempts: 1 });
    server.eventsFailWith = null;
    await catalog.close();
    expect(catalog.telemetryStats()).toMatchObject({ queued: 0, sent: 3, dropped: 2 });
    expect(server.eventBatches).toHaveLength(1);
    expect(server.eventBatches[0]!.dropped).toBe(2);
    // The oldest went: the three newest searches remain.
    expect(sentEvents().map((e) => e.query)).toEqual(["weather", "meeting", "orders"]);
  });

  it("retries a batch after a 5xx and counts nothing twice on the agent's side", async () => {
    const catalog = await connect(target());
    server.eventsFailWith = 503;
    catalog.search("open orders");
    await catalog.flushTelemetry();
    expect(catalog.telemetryStats()).toMatchObject({ queued: 1, sent: 0, failedAttempts: 1 });
    server.eventsFailWith = null;
    await catalog.close(); // close() retries at once, whatever the backoff
    expect(catalog.telemetryStats()).toMatchObject({ queued: 0, sent: 1 });
    expect(sentEvents()).toHaveLength(1);
  });

  it("keeps answering when the events endpoint is unreachable, and sends nothing with telemetry: false", async () => {
    const catalog = await connect(target());
    await server.close();
    expect(catalog.search("open orders")[0]!.id).toBe("crm.list_open_orders");
    await expect(catalog.close()).resolves.toBeUndefined();
    expect(catalog.telemetryStats()).toMatchObject({ queued: 1, failedAttempts: 1 });

    server = await startSnapshotServer();
    const quiet = await connect({
      url: server.url,
      token: TEST_TOKEN,
      team: "acme",
      catalog: "support",
      telemetry: false,
    });
    quiet.search("open orders");
    expect(quiet.observe([{ type: "function_call", call_id: "x", name: "list_open_orders" }])).toBe(0);
    await quiet.close();
    expect(quiet.telemetryStats()).toBeNull();
    expect(server.requests.filter((r) => r.path.endsWith("/events"))).toHaveLength(0);
  });

  it("splits a large queue into batches within the server's limits", async () => {
    const catalog = await connect(target({ maxBatch: 1000 }));
    for (let i = 0; i < 1500; i++) catalog.search(`orders ${i}`);
    await catalog.close();
    expect(server.eventBatches.map((b) => b.events.length)).toEqual([1000, 500]);
  });
});
