// Edit-and-see and save-as-golden, through the same procedures the playground page calls.
import { describe, expect, it } from "vitest";
import { callerFor } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { seedPlaygroundCatalog } from "../../testing/playground-fixtures";

const { db } = useTestDatabase();

describe("edit-and-see from the playground", () => {
  it("a search-text edit through tool.update moves the ranking at once; a stale revision is refused and changes nothing", async () => {
    // Plain BM25 (codex-bm25): a one-word match always ranks, whatever the stockroom profile's tuning.
    const { editor, viewer, input } = await seedPlaygroundCatalog(db, { engineProfile: "codex_bm25" });
    const api = callerFor(db, editor);
    const inbox = (await api.playground.search({ ...input, query: "inbox" })).hits.find(
      (h) => h.key === "mail.read_inbox",
    )!;
    expect(inbox.toolId).toBeTruthy();
    // A made-up word no tool has, so only the edit can make it match.
    expect((await api.playground.search({ ...input, query: "zorblax" })).hits).toEqual([]);

    const tool = await api.tool.get({ ...input, id: inbox.toolId! });
    expect(tool.revision).toBe(inbox.revision);
    await api.tool.update({
      ...input,
      id: tool.id,
      revision: tool.revision,
      patch: { searchTextMode: "generated+extra", searchTextExtra: "zorblax postbox" },
    });
    const after = await api.playground.search({ ...input, query: "zorblax" });
    expect(after.hits.map((h) => h.key)).toEqual(["mail.read_inbox"]);
    expect(after.hits[0]!.revision).toBe(tool.revision + 1);
    expect(after.hits[0]!.segments.filter((s) => s.term).map((s) => s.text)).toEqual(["zorblax"]);

    const stale = await api.tool
      .update({
        ...input,
        id: tool.id,
        revision: tool.revision,
        patch: { searchTextMode: "override", searchTextOverride: "nothing" },
      })
      .catch((e: unknown) => e);
    expect((stale as { code?: string }).code).toBe("CONFLICT");
    expect((await api.playground.search({ ...input, query: "zorblax" })).hits.map((h) => h.key)).toEqual([
      "mail.read_inbox",
    ]);

    const denied = await callerFor(db, viewer)
      .tool.update({ ...input, id: tool.id, revision: tool.revision + 1, patch: { searchTextExtra: "x" } })
      .catch((e: unknown) => e);
    expect((denied as { code?: string }).code).toBe("FORBIDDEN");
  });

  it("saves a query run as a golden query with the ticked tools", async () => {
    const { editor, input } = await seedPlaygroundCatalog(db);
    const api = callerFor(db, editor);
    const run = await api.playground.search({ ...input, query: "refund an order" });
    const expected = run.hits.slice(0, 1).map((h) => h.key);
    await api.golden.create({ ...input, query: "refund an order", expected });
    const list = await api.golden.list(input);
    expect(list.queries.map((q) => [q.query, q.expected])).toEqual([["refund an order", ["crm.refund_order"]]]);
  });
});
