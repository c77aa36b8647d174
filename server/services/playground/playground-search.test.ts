import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { verifySnapshot } from "@/domain/snapshot/verify";
import { createSnapshotIndex } from "@/domain/snapshot/snapshot-index";
import { callerFor } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { buildSnapshotContent } from "../draft/build-snapshot-content";
import { rankingSourceBuilds } from "./ranking-source";
import { editSearchText, publishDraft, seedPlaygroundCatalog } from "../../testing/playground-fixtures";

const { db } = useTestDatabase();

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError & { cause?: { code?: string } };
}

describe("playground.search", () => {
  it("ranks deferred tools exactly as an agent's snapshot index does, each hit explained and highlighted", async () => {
    const { viewer, team, catalog, input } = await seedPlaygroundCatalog(db);
    const result = await callerFor(db, viewer).playground.search({ ...input, query: "refund customer orders" });
    expect(result).toMatchObject({ version: null, profile: "stockroom", limit: 8, indexed: 6 });

    // The agent path: publish, fetch, verify, index — same ids, same scores.
    const sealed = await publishDraft(db, team, catalog, 1);
    const content = await verifySnapshot(JSON.parse(JSON.stringify(sealed)));
    const agent = createSnapshotIndex(content).search("refund customer orders");
    expect(result.hits.map((h) => [h.key, h.score, h.rank])).toEqual(agent.map((h) => [h.id, h.score, h.rank]));
    expect(result.hits[0]!.key).toBe("crm.refund_order");
    expect(result.hits.map((h) => h.key)).not.toContain("ops.restart_server");

    const top = result.hits[0]!;
    expect(top.matchedTerms).toEqual(expect.arrayContaining(["refund", "custom", "order"]));
    expect(top.terms.find((t) => t.term === "refund")).toMatchObject({
      matched: true,
      tf: expect.any(Number),
      idf: expect.any(Number),
    });
    expect(top.terms.every((t) => t.lengthNorm > 0 && t.docLength > 0)).toBe(true);
    // The stockroom profile's multipliers turn the sum of contributions into the score.
    expect(top.factors.find((f) => f.kind === "name")).toMatchObject({
      detail: "the request covers 2 of the name's 2 words (related words count 0.5)",
    });
    expect(top.factors.reduce((value, f) => value * f.factor, top.termSum)).toBeCloseTo(top.score, 9);
    const highlighted = top.segments.filter((s) => s.term).map((s) => s.text);
    expect(highlighted).toEqual(expect.arrayContaining(["refund_order", "Refund", "order", "customer"]));
    // The runs are the whole search text, once (the answer carries no second copy).
    const published = content.tools.find((tool) => tool.id === top.key)!;
    expect(top.segments.map((s) => s.text).join("")).toBe(published.searchText);
    expect(top).not.toHaveProperty("searchText");
    expect(top.toolId).toBe(
      (await db.tool.findFirstOrThrow({ where: { catalogId: catalog.id, key: "crm.refund_order" } })).id,
    );
  });

  it("turns an empty query or a bad limit into a 400 that says what to fix", async () => {
    const { viewer, input } = await seedPlaygroundCatalog(db);
    const api = callerFor(db, viewer).playground;
    const empty = await rejection(api.search({ ...input, query: "   " }));
    expect(empty.code).toBe("BAD_REQUEST");
    expect(empty.message).toMatch(/Type a query/);
    expect(empty.cause?.code).toBe("INVALID_INPUT");
    const limit = await rejection(api.search({ ...input, query: "orders", limit: 0 }));
    expect(limit.code).toBe("BAD_REQUEST");
    expect(limit.message).toMatch(/at least 1/);
    expect((await rejection(api.search({ ...input, query: "orders", limit: 2.5 }))).code).toBe("BAD_REQUEST");
  });

  it("is for members only", async () => {
    const { stranger, input } = await seedPlaygroundCatalog(db);
    expect((await rejection(callerFor(db, stranger).playground.search({ ...input, query: "orders" }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await rejection(callerFor(db, null).playground.search({ ...input, query: "orders" }))).code).toBe(
      "UNAUTHORIZED",
    );
  });

  it("reuses the built index while typing and rebuilds after an edit, which the ranking shows without publishing", async () => {
    // Plain BM25 (codex-bm25): a one-word match always ranks, whatever the stockroom profile's tuning.
    const { editor, catalog, input } = await seedPlaygroundCatalog(db, { engineProfile: "codex_bm25" });
    const api = callerFor(db, editor).playground;
    await api.search({ ...input, query: "w" });
    const builds = rankingSourceBuilds();
    for (const query of ["we", "wea", "weat", "weather"]) await api.search({ ...input, query });
    expect(rankingSourceBuilds()).toBe(builds);

    expect((await api.search({ ...input, query: "climate" })).hits).toEqual([]);
    await editSearchText(db, catalog.id, "weather.get_forecast", {
      searchTextMode: "generated_extra",
      searchTextExtra: "climate outlook",
    });
    const after = await api.search({ ...input, query: "climate" });
    expect(after.hits.map((h) => h.key)).toEqual(["weather.get_forecast"]);
    expect(after.hits[0]!.segments.filter((s) => s.term).map((s) => s.text)).toEqual(["climate"]);
    expect(rankingSourceBuilds()).toBe(builds + 1);
  });

  it("ranks a published version, and another profile on request; an unknown version is a 404", async () => {
    const { viewer, team, catalog, input } = await seedPlaygroundCatalog(db, { engineProfile: "codex_bm25" });
    await publishDraft(db, team, catalog, 1);
    await editSearchText(db, catalog.id, "mail.read_inbox", {
      searchTextMode: "override",
      searchTextExtra: "",
      searchTextOverride: "refund refund refund orders",
    });
    const api = callerFor(db, viewer).playground;
    const draft = await api.search({ ...input, query: "refund" });
    const published = await api.search({ ...input, query: "refund", version: 1 });
    expect(draft.profile).toBe("codex-bm25");
    expect(draft.hits.map((h) => h.key)).toEqual(["mail.read_inbox", "crm.refund_order"]);
    expect(published.hits.map((h) => h.key)).toEqual(["crm.refund_order"]);
    const stockroom = await api.search({ ...input, query: "refund order", profile: "stockroom" });
    expect(stockroom.profile).toBe("stockroom");
    const content = await buildSnapshotContent({ db, team, catalog });
    const expected = createSnapshotIndex({ ...content, engine: { ...content.engine, profile: "stockroom" } }).search(
      "refund order",
    );
    expect(stockroom.hits.map((h) => [h.key, h.score])).toEqual(expected.map((h) => [h.id, h.score]));
    const missing = await rejection(api.search({ ...input, query: "refund", version: 7 }));
    expect(missing.code).toBe("NOT_FOUND");
    expect(missing.message).toMatch(/Version 7/);
  });

  it("lists the draft's settings and published versions, newest first, and starts building the index", async () => {
    const { viewer, team, catalog, input } = await seedPlaygroundCatalog(db, {
      engineProfile: "codex_bm25",
      defaultLimit: 5,
    });
    await publishDraft(db, team, catalog, 1);
    await editSearchText(db, catalog.id, "crm.refund_order", {
      searchTextMode: "generated_extra",
      searchTextExtra: "chargeback",
    });
    await publishDraft(db, team, catalog, 2);
    const api = callerFor(db, viewer).playground;
    const before = rankingSourceBuilds();
    const sources = await api.sources(input);
    expect(sources).toMatchObject({ profile: "codex-bm25", defaultLimit: 5 });
    expect(sources.snapshots.map((s) => s.version)).toEqual([2, 1]);
    const result = await api.search({ ...input, query: "orders" });
    expect(result).toMatchObject({ profile: "codex-bm25", limit: 5 });
    // The background build and the query share one build.
    expect(rankingSourceBuilds()).toBe(before + 1);
  });
});
