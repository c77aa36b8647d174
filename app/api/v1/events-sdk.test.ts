import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "@/sdk/index";
import { createNodeAgentHandler } from "@/server/http/agent-dispatch";
import { insertTestSnapshot } from "@/server/testing/insert-test-snapshot";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "@/server/testing/factories";
import { useTestDatabase } from "@/server/testing/use-test-database";

// An agent built on the SDK, against the agent API over real HTTP and a real database (PGlite and Postgres).
describe("an SDK agent reports to the running server", () => {
  const { handle } = useTestDatabase({ asAppDatabase: true });
  let server: Server;
  let url = "";
  beforeAll(async () => {
    server = createServer(createNodeAgentHandler());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("stores its searches, calls and outcomes, each call linked to its search and ranked there", async () => {
    const { db } = handle;
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    await createTools(db, catalog.id, [
      { namespace: "crm", name: "list_open_orders", description: "List open orders by customer ID." },
      { namespace: "crm", name: "refund_order", description: "Refund an order to the original payment method." },
      { namespace: "ops", name: "restart_server", description: "Restart a server." },
    ]);
    await insertTestSnapshot(db, people.team, catalog, 1);
    const { secret } = await callerFor(db, people.owner).token.create({
      team: people.team.slug,
      catalog: catalog.slug,
      name: "agent",
    });

    const agent = await connect({
      url,
      token: secret,
      team: people.team.slug,
      catalog: catalog.slug,
      telemetry: { conversationId: "conv-sdk", flushIntervalMs: 600_000 },
    });
    agent.answerToolSearchCall({ call_id: "s-1", arguments: { query: "refund an order" } });
    agent.observe([
      { type: "function_call", call_id: "call-1", namespace: "crm", name: "refund_order", arguments: "{}" },
    ]);
    agent.recordOutcome("call-1", { ok: true });
    agent.answerToolSearchCall({ call_id: "s-2", arguments: { query: "zzz nothing matches" } });
    await agent.close();
    expect(agent.telemetryStats()).toMatchObject({ sent: 4, queued: 0, rejected: 0 });

    const events = await db.agentEvent.findMany({ where: { catalogId: catalog.id }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.kind)).toEqual(["search", "call", "outcome", "search"]);
    const [search, call, , empty] = events;
    expect(search).toMatchObject({
      conversationId: "conv-sdk",
      snapshotVersion: 1,
      followed: true,
      profile: "stockroom",
    });
    expect(search!.returnedIds[0]).toBe("crm.refund_order");
    expect(call).toMatchObject({ toolId: "crm.refund_order", rank: 1, ok: true, searchEventId: search!.clientEventId });
    expect(empty).toMatchObject({ returnedIds: [], repeated: true });
  });
});
