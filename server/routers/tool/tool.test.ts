import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";

const { db } = useTestDatabase();

/** The error a call rejects with, with the AppError code and details tRPC carries in `cause`. */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as { code: string; message: string; cause?: { code?: string; details?: Record<string, unknown> } };
    return { code: e.code, appCode: e.cause?.code, message: e.message, details: e.cause?.details ?? {} };
  }
  throw new Error("expected the call to fail");
}

async function setup() {
  const t = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, t.team.id);
  const ref = { team: t.team.slug, catalog: catalog.slug };
  return { ...t, catalog, ref, editor: callerFor(db, t.editor), viewer: callerFor(db, t.viewer) };
}

const params = {
  type: "object",
  properties: { customer_id: { type: "string", description: "The customer" } },
  required: ["customer_id"],
};

describe("tool.create", () => {
  it("creates a tool with its key, search text, tokens and an audit event", async () => {
    const { ref, editor, catalog } = await setup();
    const tool = await editor.tool.create({
      ...ref,
      tool: { name: "list_open_orders", namespace: "crm", description: "List open orders.", parameters: params },
    });
    expect(tool).toMatchObject({
      key: "crm.list_open_orders",
      namespace: "crm",
      revision: 1,
      exposure: "deferred",
      searchTextMode: "generated",
      profile: "stockroom",
    });
    expect(tool.effectiveSearchText).toContain("list open orders");
    expect(tool.tokens).toContain("custom"); // stemmed by the stockroom profile
    const events = await db.auditEvent.findMany({ where: { catalogId: catalog.id }, orderBy: { at: "asc" } });
    expect(events.map((e) => e.action)).toEqual(["namespace.created", "tool.created"]);
    expect(events[1]!.after).toMatchObject({ key: "crm.list_open_orders", parameters: params });
  });

  it("refuses an invalid schema at the parameters field and saves nothing", async () => {
    const { ref, editor, catalog } = await setup();
    const bad = { type: "object", properties: { n: { type: "int" } } };
    const error = await failure(editor.tool.create({ ...ref, tool: { name: "count_things", parameters: bad } }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toMatch(/Unknown type "int" at \/properties\/n\/type/);
    expect(error.details.fields).toMatchObject({ parameters: error.message });
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(0);
    expect(await db.namespace.count({ where: { catalogId: catalog.id } })).toBe(0);
  });

  it("names the OpenAI/Anthropic rule a tool or namespace name breaks", async () => {
    const { ref, editor } = await setup();
    const name = await failure(editor.tool.create({ ...ref, tool: { name: "get.user" } }));
    expect(name.message).toMatch(/OpenAI and Anthropic allow only letters, digits/);
    expect(name.details.fields).toHaveProperty("name");
    const ns = await failure(editor.tool.create({ ...ref, tool: { name: "get_user", namespace: "my crm" } }));
    expect(ns.details.fields).toHaveProperty("namespace");
  });

  it("refuses a duplicate (namespace, name) with CONFLICT at the name field", async () => {
    const { ref, editor, catalog } = await setup();
    await editor.tool.create({ ...ref, tool: { name: "lookup", namespace: "crm" } });
    await editor.tool.create({ ...ref, tool: { name: "lookup" } }); // same name without namespace is another tool
    const error = await failure(editor.tool.create({ ...ref, tool: { name: "lookup", namespace: "crm" } }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe('Namespace "crm" already has a tool named "lookup"; choose another name or namespace.');
    expect(error.details.fields).toHaveProperty("name");
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(2);
  });

  it("is for editors: viewers are refused, other teams see nothing", async () => {
    const { ref, viewer, stranger } = await setup();
    expect((await failure(viewer.tool.create({ ...ref, tool: { name: "x" } }))).code).toBe("FORBIDDEN");
    expect((await failure(callerFor(db, stranger).tool.create({ ...ref, tool: { name: "x" } }))).code).toBe(
      "NOT_FOUND",
    );
  });
});

describe("tool.update", () => {
  it("keeps the key in sync on rename and namespace change, audits before/after of changed fields", async () => {
    const { ref, editor } = await setup();
    const created = await editor.tool.create({
      ...ref,
      tool: { name: "lookup", namespace: "crm", parameters: params },
    });
    const renamed = await editor.tool.update({ ...ref, id: created.id, revision: 1, patch: { name: "find_customer" } });
    expect(renamed).toMatchObject({ key: "crm.find_customer", revision: 2 });
    const moved = await editor.tool.update({
      ...ref,
      id: created.id,
      revision: 2,
      patch: { namespace: "billing", exposure: "direct" },
    });
    expect(moved).toMatchObject({
      key: "billing.find_customer",
      namespace: "billing",
      exposure: "direct",
      revision: 3,
    });
    const unnamespaced = await editor.tool.update({ ...ref, id: created.id, revision: 3, patch: { namespace: "  " } }); // blank = none
    expect(unnamespaced).toMatchObject({ key: "find_customer", namespace: null });
    const events = await db.auditEvent.findMany({
      where: { targetId: created.id, action: "tool.updated" },
      orderBy: { at: "asc" },
    });
    expect(events[0]!.before).toEqual({ key: "crm.lookup", revision: 1, name: "lookup" });
    expect(events[0]!.after).toEqual({ key: "crm.find_customer", revision: 2, name: "find_customer" });
    expect(events[1]!.after).toMatchObject({ namespace: "billing", exposure: "direct" });
  });

  it("edits search text: modes map to the API spelling, effective text and tokens follow", async () => {
    const { ref, editor } = await setup();
    const created = await editor.tool.create({ ...ref, tool: { name: "send_mail", description: "Send an email." } });
    const extra = await editor.tool.update({
      ...ref,
      id: created.id,
      revision: 1,
      patch: { searchTextMode: "generated+extra", searchTextExtra: "courriel envoyer" },
    });
    expect(extra.searchTextMode).toBe("generated+extra");
    expect(extra.effectiveSearchText).toBe(`${extra.generatedSearchText} courriel envoyer`);
    expect(extra.tokens).toContain("courriel");
    const override = await editor.tool.update({
      ...ref,
      id: created.id,
      revision: 2,
      patch: { searchTextMode: "override", searchTextOverride: "postbox letters" },
    });
    expect(override.effectiveSearchText).toBe("postbox letters");
    expect(override.tokens).not.toContain("email");
    expect(override.description).toBe("Send an email."); // the model-facing description never changes
    expect((await db.tool.findUniqueOrThrow({ where: { id: created.id } })).searchTextMode).toBe("override");
  });

  it("refuses a stale revision with CONFLICT, the current revision in details, and writes nothing", async () => {
    const { ref, editor, catalog } = await setup();
    const created = await editor.tool.create({ ...ref, tool: { name: "lookup", description: "v1" } });
    await editor.tool.update({ ...ref, id: created.id, revision: 1, patch: { description: "theirs" } });
    const auditBefore = await db.auditEvent.count({ where: { catalogId: catalog.id } });
    const error = await failure(
      editor.tool.update({ ...ref, id: created.id, revision: 1, patch: { description: "mine" } }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toMatch(/changed by someone else since you opened it/);
    expect(error.details).toMatchObject({
      currentRevision: 2,
      current: { description: "theirs" },
      changedBy: expect.stringContaining("@"),
    });
    expect(error.message).toContain(`saved by ${(error.details as { changedBy: string }).changedBy}`);
    expect((await editor.tool.get({ ...ref, id: created.id })).description).toBe("theirs");
    expect(await db.auditEvent.count({ where: { catalogId: catalog.id } })).toBe(auditBefore);
  });

  it("lets exactly one of two concurrent writers of the same revision win", async () => {
    const { ref, editor, team, owner } = await setup();
    const other = callerFor(db, owner);
    const created = await editor.tool.create({ ...ref, tool: { name: "lookup" } });
    const results = await Promise.allSettled([
      editor.tool.update({ ...ref, id: created.id, revision: 1, patch: { description: "A" } }),
      other.tool.update({ ...ref, id: created.id, revision: 1, patch: { description: "B" } }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as { code: string }).code).toBe("CONFLICT");
    const stored = await editor.tool.get({ ...ref, id: created.id });
    const winner = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ description: string }>)
      .value;
    expect(stored).toMatchObject({ revision: 2, description: winner.description });
    expect(team.id).toBeTruthy();
  });

  it("validates only what changes, strict against the parameters it applies to; no-op keeps the revision", async () => {
    const { ref, editor } = await setup();
    const created = await editor.tool.create({ ...ref, tool: { name: "lookup", parameters: params } });
    const strict = await failure(editor.tool.update({ ...ref, id: created.id, revision: 1, patch: { strict: true } }));
    expect(strict.details.fields).toHaveProperty("strict");
    const same = await editor.tool.update({
      ...ref,
      id: created.id,
      revision: 1,
      patch: { name: "lookup", parameters: params },
    });
    expect(same.revision).toBe(1);
    const clash = await editor.tool.create({ ...ref, tool: { name: "other" } });
    const dup = await failure(editor.tool.update({ ...ref, id: clash.id, revision: 1, patch: { name: "lookup" } }));
    expect(dup.code).toBe("CONFLICT");
  });
});

describe("tool.duplicate, tool.delete, tool.get", () => {
  it("duplicates under a free name and deletes with a revision check", async () => {
    const { ref, editor, catalog } = await setup();
    const created = await editor.tool.create({
      ...ref,
      tool: {
        name: "lookup",
        namespace: "crm",
        exposure: "direct",
        searchTextMode: "generated+extra",
        searchTextExtra: "find",
      },
    });
    const copy = await editor.tool.duplicate({ ...ref, id: created.id });
    const copy2 = await editor.tool.duplicate({ ...ref, id: created.id });
    expect([copy.key, copy2.key]).toEqual(["crm.lookup_copy", "crm.lookup_copy_2"]);
    expect(copy).toMatchObject({ exposure: "direct", searchTextExtra: "find", revision: 1 });
    expect((await failure(editor.tool.delete({ ...ref, id: copy.id, revision: 7 }))).code).toBe("CONFLICT");
    await editor.tool.delete({ ...ref, id: copy.id, revision: 1 });
    expect((await failure(editor.tool.get({ ...ref, id: copy.id }))).code).toBe("NOT_FOUND");
    const deleted = await db.auditEvent.findFirstOrThrow({ where: { catalogId: catalog.id, action: "tool.deleted" } });
    expect(deleted.before).toMatchObject({ key: "crm.lookup_copy" });
  });

  it("counts golden queries that expect the tool by key", async () => {
    const { ref, editor, catalog } = await setup();
    const created = await editor.tool.create({ ...ref, tool: { name: "lookup", namespace: "crm" } });
    await db.evalQuery.create({ data: { catalogId: catalog.id, query: "find a customer", expected: ["crm.lookup"] } });
    expect((await editor.tool.get({ ...ref, id: created.id })).goldenQueryCount).toBe(1);
  });
});

describe("tool.list and tool.bulkUpdate", () => {
  it("filters by text, namespace and exposure, sorts and pages in the database", async () => {
    const { ref, viewer, catalog } = await setup();
    await createTools(db, catalog.id, [
      { name: "create_issue", namespace: "github", exposure: "direct", description: "Open an issue" },
      { name: "list_issues", namespace: "github", description: "List issues" },
      { name: "send_message", namespace: "slack", description: "Post to a channel" },
      { name: "echo", description: "Echo the input" },
    ]);
    const all = await viewer.tool.list({ ...ref, pageSize: 2 });
    expect(all).toMatchObject({ total: 4, pageCount: 2 });
    expect(all.tools.map((t) => t.key)).toEqual(["echo", "github.create_issue"]);
    expect((await viewer.tool.list({ ...ref, search: "ISSUE" })).total).toBe(2);
    expect((await viewer.tool.list({ ...ref, search: "channel" })).tools[0]!.key).toBe("slack.send_message");
    expect(
      (await viewer.tool.list({ ...ref, namespace: "github", exposure: "deferred" })).tools.map((t) => t.key),
    ).toEqual(["github.list_issues"]);
    expect((await viewer.tool.list({ ...ref, namespace: "" })).tools.map((t) => t.key)).toEqual(["echo"]);
    expect((await viewer.tool.list({ ...ref, sort: "name" })).tools.map((t) => t.name)).toEqual([
      "create_issue",
      "echo",
      "list_issues",
      "send_message",
    ]);
    expect((await viewer.tool.ids({ ...ref, namespace: "github" })).length).toBe(2);
  });

  it("sorts a search by relevance: a name match above a description match, whatever the keys' order", async () => {
    const { ref, viewer, catalog } = await setup();
    await createTools(db, catalog.id, [
      { name: "feedback", namespace: "firecrawl", description: "Report a bad crawl; ask for a refund of credits" },
      { name: "create_refund", namespace: "stripe", description: "Refund a charge" },
      { name: "refund", namespace: "shop", description: "Give money back" },
      { name: "list_orders", namespace: "shop", description: "Orders" },
    ]);
    const ranked = await viewer.tool.list({ ...ref, search: "refund", sort: "relevance", pageSize: 2 });
    expect(ranked).toMatchObject({ total: 3, pageCount: 2 });
    expect(ranked.tools.map((t) => t.key)).toEqual(["shop.refund", "stripe.create_refund"]);
    const second = await viewer.tool.list({ ...ref, search: "refund", sort: "relevance", pageSize: 2, page: 2 });
    expect(second.tools.map((t) => t.key)).toEqual(["firecrawl.feedback"]);
    expect((await viewer.tool.list({ ...ref, sort: "relevance" })).tools[0]!.key).toBe("firecrawl.feedback");
  });

  it("changes exposure or namespace of a selection all-or-nothing, refusing stale or clashing selections", async () => {
    const { ref, editor, catalog } = await setup();
    const tools = await createTools(db, catalog.id, [
      { name: "a", namespace: "one" },
      { name: "b", namespace: "one" },
      { name: "a", namespace: "two" },
    ]);
    const items = tools.map((t) => ({ id: t.id, revision: t.revision }));
    expect(await editor.tool.bulkUpdate({ ...ref, items, patch: { exposure: "hidden" } })).toEqual({
      updated: 3,
      groupId: expect.any(String),
    });
    const stale = await failure(editor.tool.bulkUpdate({ ...ref, items, patch: { exposure: "direct" } }));
    expect(stale.code).toBe("CONFLICT");
    expect(stale.message).toMatch(/3 of the selected tools were changed by someone else/);
    const fresh = items.map((i) => ({ ...i, revision: 2 }));
    const twins = await failure(editor.tool.bulkUpdate({ ...ref, items: fresh, patch: { namespace: "three" } }));
    expect(twins.message).toMatch(/Several selected tools are named a/);
    const clash = await failure(editor.tool.bulkUpdate({ ...ref, items: [fresh[0]!], patch: { namespace: "two" } }));
    expect(clash.message).toMatch(/already has two\.a/);
    expect(await editor.tool.bulkUpdate({ ...ref, items: fresh.slice(0, 2), patch: { namespace: "three" } })).toEqual({
      updated: 2,
      groupId: expect.any(String),
    });
    const rows = await db.tool.findMany({
      where: { catalogId: catalog.id },
      orderBy: { key: "asc" },
      select: { key: true, revision: true, exposure: true },
    });
    expect(rows).toEqual([
      { key: "three.a", revision: 3, exposure: "hidden" },
      { key: "three.b", revision: 3, exposure: "hidden" },
      { key: "two.a", revision: 2, exposure: "hidden" },
    ]);
    expect(await db.auditEvent.count({ where: { catalogId: catalog.id, action: "tool.updated" } })).toBe(5);
  });
});

describe("tool.similar", () => {
  it("warns about deferred tools whose search text is nearly identical", async () => {
    const { ref, viewer, editor, catalog } = await setup();
    const [first] = await createTools(db, catalog.id, [
      { name: "weather_forecast", description: "Get the current weather forecast for a city" },
      { name: "weather_forecast_v2", description: "Get the current weather forecast for a city" },
      { name: "send_mail", description: "Send an email to a recipient" },
    ]);
    const detail = await viewer.tool.get({ ...ref, id: first!.id });
    const similar = await viewer.tool.similar({ ...ref, id: first!.id, text: detail.effectiveSearchText });
    expect(similar.map((s) => s.key)).toEqual(["weather_forecast_v2"]);
    expect(similar[0]!.similarity).toBeGreaterThanOrEqual(0.9);
    // Once the other one is no longer deferred it is not indexed, so no warning.
    const other = await db.tool.findFirstOrThrow({ where: { catalogId: catalog.id, key: "weather_forecast_v2" } });
    await editor.tool.update({ ...ref, id: other.id, revision: other.revision, patch: { exposure: "direct" } });
    expect(await viewer.tool.similar({ ...ref, id: first!.id, text: detail.effectiveSearchText })).toEqual([]);
  });
});

describe("tool.bulkSearchTerms", () => {
  it("adds and removes extra search terms on a selection through the revision check, with audit events", async () => {
    const { ref, editor, catalog } = await setup();
    const tools = await createTools(db, catalog.id, [{ name: "refund" }, { name: "charge" }]);
    const items = tools.map((t) => ({ id: t.id, revision: t.revision }));
    expect(await editor.tool.bulkSearchTerms({ ...ref, items, add: ["money", " payback ", "money"] })).toEqual({
      updated: 2,
      unchanged: 0,
      groupId: expect.any(String),
    });
    const read = () =>
      db.tool.findMany({
        where: { catalogId: catalog.id },
        orderBy: { key: "asc" },
        select: { key: true, revision: true, searchTextMode: true, searchTextExtra: true },
      });
    expect(await read()).toEqual([
      { key: "charge", revision: 2, searchTextMode: "generated_extra", searchTextExtra: "money payback" },
      { key: "refund", revision: 2, searchTextMode: "generated_extra", searchTextExtra: "money payback" },
    ]);
    const stale = await failure(editor.tool.bulkSearchTerms({ ...ref, items, add: ["cash"] }));
    expect(stale.code).toBe("CONFLICT");
    const fresh = items.map((i) => ({ ...i, revision: 2 }));
    expect(
      await editor.tool.bulkSearchTerms({ ...ref, items: fresh.slice(0, 1), remove: ["MONEY"], add: ["cash"] }),
    ).toEqual({ updated: 1, unchanged: 0, groupId: expect.any(String) });
    expect((await read()).map((t) => t.searchTextExtra)).toEqual(["money payback", "payback cash"]);
    // Nothing to change on a tool: no revision, no audit event.
    expect(await editor.tool.bulkSearchTerms({ ...ref, items: fresh.slice(1), remove: ["absent"] })).toEqual({
      updated: 0,
      unchanged: 1,
      groupId: null,
    });
    expect(await db.auditEvent.count({ where: { catalogId: catalog.id, action: "tool.updated" } })).toBe(3);
    const event = await db.auditEvent.findFirstOrThrow({
      where: { catalogId: catalog.id, targetId: tools[0]!.id, action: "tool.updated" },
      orderBy: { at: "desc" },
    });
    expect(event.after).toMatchObject({ searchTextExtra: "payback cash", revision: 3, bulk: true });
  });

  it("refuses empty, multi-word or oversized terms with a message and writes nothing", async () => {
    const { ref, editor, catalog } = await setup();
    const [tool] = await createTools(db, catalog.id, [{ name: "refund" }]);
    const items = [{ id: tool!.id, revision: tool!.revision }];
    expect((await failure(editor.tool.bulkSearchTerms({ ...ref, items, add: [" "] }))).message).toMatch(
      /at least one term/,
    );
    expect((await failure(editor.tool.bulkSearchTerms({ ...ref, items, add: ["two words"] }))).message).toMatch(
      /one word/,
    );
    // 16,300 bytes already: one more 100-character term passes the 16 KB limit.
    await db.tool.update({ where: { id: tool!.id }, data: { searchTextExtra: "w".repeat(16_300) } });
    const over = await failure(editor.tool.bulkSearchTerms({ ...ref, items, add: ["z".repeat(100)] }));
    expect(over.message).toMatch(/refund would pass the 16 KB limit/);
    const row = await db.tool.findUniqueOrThrow({ where: { id: tool!.id } });
    expect([row.revision, row.searchTextExtra.length, row.searchTextMode]).toEqual([1, 16_300, "generated"]);
  });
});
