import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { chatToolSearchTool } from "@/domain/providers/chat-completions";
import { planChatCompletions } from "@/domain/providers/chat-completions-cost";
import { firstRequestTools } from "@/domain/providers/first-request";
import { callerFor } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { buildSnapshotContent } from "../draft/build-snapshot-content";
import { publishDraft, seedPlaygroundCatalog } from "../../testing/playground-fixtures";

const { db } = useTestDatabase();

describe("firstRequest.get", () => {
  it("returns the SDK's exact turn-one payload with o200k counts for N × S and summary + search tool + K × S", async () => {
    const { viewer, team, catalog, input } = await seedPlaygroundCatalog(db, { defaultLimit: 3 });
    const result = await callerFor(db, viewer).firstRequest.get({
      ...input,
      provider: "openai",
      supportsToolSearch: true,
    });
    const content = await buildSnapshotContent({ db, team, catalog });
    const tools = firstRequestTools(content, { provider: "openai", supportsToolSearch: true });
    expect(JSON.parse(result.payload)).toEqual(tools);
    expect(result.payload).toContain('"defer_loading": true');
    expect(result.directIds).toEqual(["ops.restart_server"]);
    expect(result.deferredCount).toBe(6);
    expect(result.outline).toEqual([
      { kind: "function", name: "restart_server", tools: null, deferred: false },
      { kind: "namespace", name: "crm", tools: 3, deferred: false },
      { kind: "namespace", name: "mail", tools: 2, deferred: false },
      { kind: "namespace", name: "weather", tools: 1, deferred: false },
      { kind: "tool_search", name: "tool_search", tools: null, deferred: false },
    ]);

    const { cost } = result;
    expect(cost.payload).toBe(countTokens(JSON.stringify(tools)));
    expect(cost.toolCount).toBe(7);
    expect(cost.k).toBe(3);
    expect(cost.firstRequest.searchTool).toBe(countTokens(JSON.stringify([{ type: "tool_search" }])));
    expect(cost.firstRequest.total).toBe(
      cost.firstRequest.direct + cost.firstRequest.summary + cost.firstRequest.searchTool,
    );
    expect(cost.withSearch).toBe(cost.firstRequest.total + cost.loaded);
    expect(cost.saved).toBe(cost.everythingDirect - cost.withSearch);
    expect(cost.everythingDirect).toBeGreaterThan(cost.firstRequest.direct);
  });

  it("offers the Chat Completions profile: direct functions + a plain tool_search, with its token figures", async () => {
    const { viewer, team, catalog, input } = await seedPlaygroundCatalog(db, { defaultLimit: 3 });
    const api = callerFor(db, viewer).firstRequest;
    const result = await api.get({ ...input, provider: "chat-completions", supportsToolSearch: true });
    const content = await buildSnapshotContent({ db, team, catalog });
    const tools = planChatCompletions(content, { supportsToolSearch: true }).tools;
    expect(JSON.parse(result.payload)).toEqual(tools);
    expect(result.outline).toEqual([
      { kind: "function", name: "restart_server", tools: null, deferred: false },
      { kind: "function", name: "tool_search", tools: null, deferred: false },
    ]);
    const { cost } = result;
    expect(cost).toMatchObject({
      provider: "chat-completions",
      usesToolSearch: true,
      toolCount: 7,
      directCount: 1,
      deferredCount: 6,
      k: 3,
    });
    const search = chatToolSearchTool(content);
    expect(search.function.description).toContain("crm: ");
    expect(cost.firstRequest.summary + cost.firstRequest.searchTool).toBeGreaterThanOrEqual(
      countTokens(JSON.stringify([search])) - 1,
    );
    expect(cost.payload).toBe(countTokens(JSON.stringify(tools)));
    expect(cost.withSearch).toBe(cost.firstRequest.total + cost.loaded);
    expect(cost.loaded).toBeGreaterThan(0);
    expect(cost.saved).toBe(cost.everythingDirect - cost.withSearch);

    const plain = await api.get({ ...input, provider: "chat-completions", supportsToolSearch: false });
    expect(plain.cost).toMatchObject({ usesToolSearch: false, loaded: 0, directCount: 7 });
    expect(
      (JSON.parse(plain.payload) as Array<{ function: { name: string } }>).map((t) => t.function.name),
    ).not.toContain("tool_search");
  });

  it("follows fallbacks for a client without search, per provider, for the draft and a published version", async () => {
    const { viewer, team, catalog, input } = await seedPlaygroundCatalog(db);
    await db.tool.update({
      where: { catalogId_key: { catalogId: catalog.id, key: "weather.get_forecast" } },
      data: { fallback: "hidden", revision: { increment: 1 } },
    });
    const api = callerFor(db, viewer).firstRequest;
    const anthropic = await api.get({ ...input, provider: "anthropic", supportsToolSearch: false });
    expect(anthropic.omittedIds).toEqual(["weather.get_forecast"]);
    const names = (JSON.parse(anthropic.payload) as Array<{ name: string; input_schema?: unknown }>).map((t) => t.name);
    expect(names).not.toContain("get_forecast");
    expect(names).toContain("restart_server");
    expect(anthropic.cost).toMatchObject({ usesToolSearch: false, loaded: 0, omittedCount: 1 });

    const mcp = await api.get({ ...input, provider: "mcp", supportsToolSearch: true });
    expect(mcp.cost.usesToolSearch).toBe(false);
    expect(JSON.parse(mcp.payload)[0]).toHaveProperty("inputSchema");

    await publishDraft(db, team, catalog, 1);
    await db.tool.deleteMany({ where: { catalogId: catalog.id, key: "mail.send_email" } });
    const published = await api.get({ ...input, version: 1, provider: "openai", supportsToolSearch: true });
    const draft = await api.get({ ...input, provider: "openai", supportsToolSearch: true });
    expect(published.payload).toContain('"send_email"');
    expect(draft.payload).not.toContain('"send_email"');
    expect(draft.cost.everythingDirect).toBeLessThan(published.cost.everythingDirect);
  });

  it("refuses a K outside 1..100", async () => {
    const { viewer, input } = await seedPlaygroundCatalog(db);
    const error = await callerFor(db, viewer)
      .firstRequest.get({ ...input, provider: "openai", supportsToolSearch: true, k: 0 })
      .catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe("BAD_REQUEST");
  });
});
