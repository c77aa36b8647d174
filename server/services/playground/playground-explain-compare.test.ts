import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { callerFor, createTools } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { editSearchText, publishDraft, seedPlaygroundCatalog } from "../../testing/playground-fixtures";

const { db } = useTestDatabase();

describe("playground.explain (why not X?)", () => {
  it("gives a tool outside the top K its score, rank, missing terms and the score to beat", async () => {
    const { viewer, input } = await seedPlaygroundCatalog(db);
    const api = callerFor(db, viewer).playground;
    const result = await api.explain({
      ...input,
      query: "refund order customer email",
      key: "crm.lookup_customer",
      limit: 1,
    });
    if (result.status !== "ranked") throw new Error(`expected a ranked tool, got ${result.status}`);
    expect(result.rank).toBeGreaterThan(1);
    expect(result.inTopK).toBe(false);
    expect(result.missingTerms).toEqual(expect.arrayContaining(["refund", "order"]));
    expect(result.matchedTerms).toEqual(expect.arrayContaining(["custom", "email"]));
    expect(result.cutoffScore).toBeGreaterThan(result.score);
    expect(result.topScore).toBe(result.cutoffScore);
    const top = await api.search({ ...input, query: "refund order customer email" });
    expect(top.hits.find((h) => h.key === "crm.lookup_customer")?.rank).toBe(result.rank);
  });

  it("says when a tool matches nothing, is direct, hidden, or not in a version; unknown keys are a 404", async () => {
    const { viewer, team, catalog, input } = await seedPlaygroundCatalog(db);
    const api = callerFor(db, viewer).playground;
    const none = await api.explain({ ...input, query: "refund", key: "weather.get_forecast" });
    expect(none).toMatchObject({ status: "ranked", score: 0, rank: null, missingTerms: ["refund"], matchedTerms: [] });
    expect(await api.explain({ ...input, query: "restart", key: "ops.restart_server" })).toMatchObject({
      status: "direct",
      message: expect.stringMatching(/never searched/),
    });
    expect(await api.explain({ ...input, query: "archive", key: "archive_orders" })).toMatchObject({
      status: "hidden",
      message: expect.stringMatching(/never indexed/),
    });
    await publishDraft(db, team, catalog, 1);
    await createTools(db, catalog.id, [
      { namespace: "crm", name: "merge_customers", description: "Merge two customers." },
    ]);
    expect(await api.explain({ ...input, query: "merge", key: "crm.merge_customers", version: 1 })).toMatchObject({
      status: "absent",
      message: expect.stringMatching(/not in version 1/),
    });
    const error = await api.explain({ ...input, query: "merge", key: "crm.nope" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("NOT_FOUND");
  });
});

describe("playground: match strength", () => {
  it("returns every matching tool with its strength; a catalog that drops weak hits returns none, says why, and why-not says it was dropped", async () => {
    const { viewer, editor, input } = await seedPlaygroundCatalog(db);
    const query = "delete the weather forecast for Paris";
    const shown = await callerFor(db, viewer).playground.search({ ...input, query });
    expect(shown.hits[0]).toMatchObject({ key: "weather.get_forecast", strength: "weak", evidence: 0 });
    expect(shown.bar).toEqual({
      matches: null,
      reason:
        "No hit is strong: the request asks to delete something, and the best tool, weather.get_forecast, never mentions it.",
    });
    expect(shown).toMatchObject({ dropsWeakHits: false, noMatch: null });
    expect((await callerFor(db, viewer).playground.search({ ...input, query: "refund" })).hits[0]).toMatchObject({
      strength: "strong",
    });

    const settings = await callerFor(db, editor).catalog.get(input);
    await callerFor(db, editor).catalog.update({
      ...input,
      revision: settings.revision,
      patch: { dropWeakHits: true },
    });
    const dropped = await callerFor(db, viewer).playground.search({ ...input, query });
    expect(dropped.hits).toEqual([]);
    expect(dropped.noMatch).toBe(`Every matching tool is weak, and this catalog drops weak hits. ${shown.bar.reason}`);
    const why = await callerFor(db, viewer).playground.explain({ ...input, query, key: "weather.get_forecast" });
    expect(why).toMatchObject({
      status: "ranked",
      rank: 1,
      strength: "weak",
      dropped: true,
      strengthReason: shown.bar.reason,
    });
    const codex = await callerFor(db, viewer).playground.search({ ...input, query, profile: "codex-bm25" });
    expect(codex.hits.every((hit) => hit.strength === "strong") || codex.hits.length === 0).toBe(true);
  });
});

describe("playground.compare", () => {
  it("compares the draft after an edit with the published version: entered, left and moved markers", async () => {
    const { viewer, team, catalog, input } = await seedPlaygroundCatalog(db, { engineProfile: "codex_bm25" });
    await publishDraft(db, team, catalog, 1);
    // Make the inbox tool the best match for "refund" in the draft only.
    await editSearchText(db, catalog.id, "mail.read_inbox", {
      searchTextMode: "override",
      searchTextOverride: "refund refund orders customer refunds",
    });
    const result = await callerFor(db, viewer).playground.compare({
      ...input,
      query: "refund customer",
      limit: 2,
      left: { version: 1 },
      right: { version: null },
    });
    expect(result.left.version).toBe(1);
    expect(result.right.version).toBeNull();
    const right = Object.fromEntries(result.right.hits.map((h) => [h.key, h.marker]));
    expect(right["mail.read_inbox"]).toEqual({ kind: "entered" });
    const refund = result.right.hits.find((h) => h.key === "crm.refund_order")!;
    const before = result.left.hits.find((h) => h.key === "crm.refund_order")!;
    expect(refund.marker).toEqual(
      refund.rank === before.rank
        ? { kind: "same" }
        : { kind: "moved", from: before.rank, by: before.rank - refund.rank },
    );
    // One tool entered a top 2, so one published hit left it.
    const left = result.left.hits.filter((h) => h.marker?.kind === "left");
    expect(left).toHaveLength(1);
    expect(result.right.hits.map((h) => h.key)).not.toContain(left[0]!.key);
    expect(
      result.left.hits.filter((h) => h.marker === null).every((h) => result.right.hits.some((r) => r.key === h.key)),
    ).toBe(true);
  });

  it("puts codex-bm25 next to stockroom over the same draft, and marks what left the top K", async () => {
    const { viewer, input } = await seedPlaygroundCatalog(db);
    const api = callerFor(db, viewer).playground;
    const result = await api.compare({
      ...input,
      query: "email a customer",
      limit: 2,
      left: { version: null, profile: "stockroom" },
      right: { version: null, profile: "codex-bm25" },
    });
    expect(result.left.profile).toBe("stockroom");
    expect(result.right.profile).toBe("codex-bm25");
    const codex = await api.search({ ...input, query: "email a customer", limit: 2, profile: "codex-bm25" });
    expect(result.right.hits.map((h) => h.key)).toEqual(codex.hits.map((h) => h.key));
    for (const hit of result.left.hits) {
      const stays = result.right.hits.some((h) => h.key === hit.key);
      if (stays) expect(hit.marker).toBeNull();
      else expect(hit.marker?.kind).toBe("left");
    }
    // A hit that left the top K says where it went in the other column's full ranking.
    const gone = result.left.hits.find((h) => h.marker?.kind === "left");
    if (gone && gone.marker?.kind === "left" && gone.marker.to !== null) expect(gone.marker.to).toBeGreaterThan(2);
  });
});

describe("playground.suggestTools", () => {
  it("finds keys of any exposure by substring, case-insensitively", async () => {
    const { viewer, input } = await seedPlaygroundCatalog(db);
    const found = await callerFor(db, viewer).playground.suggestTools({ ...input, text: "ORDER" });
    expect(found).toEqual([
      { key: "archive_orders", exposure: "hidden" },
      { key: "crm.list_open_orders", exposure: "deferred" },
      { key: "crm.refund_order", exposure: "deferred" },
    ]);
  });

  it("matches the words of the text in any order (issue 41 item 12)", async () => {
    const { viewer, input } = await seedPlaygroundCatalog(db);
    const api = callerFor(db, viewer).playground;
    expect(await api.suggestTools({ ...input, text: "order refund" })).toEqual([
      { key: "crm.refund_order", exposure: "deferred" },
    ]);
    expect(await api.suggestTools({ ...input, text: "open orders list" })).toEqual([
      { key: "crm.list_open_orders", exposure: "deferred" },
    ]);
  });
});
