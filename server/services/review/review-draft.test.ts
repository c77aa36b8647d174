import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../testing/use-test-database";
import { createPublishingFixture, editTool } from "../../testing/publishing-fixture";

const { db } = useTestDatabase();

type DraftReview = Awaited<ReturnType<Awaited<ReturnType<typeof createPublishingFixture>>["viewer"]["review"]["get"]>>;

/** Per query: the hidden gold tool left "list open orders", the edited one entered "refund a payment", the rest moved. */
function expectQueryChanges(review: DraftReview) {
  const byQuery = new Map(review.queries.map((q) => [q.query, q]));

  const orders = byQuery.get("list open orders")!;
  expect(orders.draft.map((h) => h.id)).not.toContain("crm.list_open_orders");
  expect(orders.left).toContainEqual({
    id: "crm.list_open_orders",
    rank: 1,
    score: expect.any(Number),
    isGold: true,
    draftRank: null,
  });
  expect(orders.quality).toMatchObject({
    draft: { recallAtK: 0, firstGoldRank: null },
    latest: { recallAtK: 1, firstGoldRank: 1 },
  });

  const refund = byQuery.get("refund a payment")!;
  expect(refund.verdict).toBe("changed");
  expect(refund.draft.map((h) => [h.id, h.rank, h.change, h.previousRank])).toEqual([
    ["crm.refund_order", 1, "same", 1],
    ["mail.send_email", 2, "entered", null],
  ]);
  expect(refund.draft[0]!.scoreDelta).toEqual(expect.any(Number));
  expect(refund.draft[1]!.scoreDelta).toBeNull();

  const profile = byQuery.get("customer profile")!;
  expect(profile.verdict).toBe("changed");
  expect(profile.draft.map((h) => [h.id, h.change, h.previousRank, h.rank])).toEqual([
    ["crm.find_customer", "same", 1, 1],
    ["crm.refund_order", "moved", 3, 2],
  ]);
  expect(profile.left.map((h) => [h.id, h.rank, h.isGold])).toEqual([["crm.list_open_orders", 2, false]]);
  for (const q of review.queries) {
    for (const hit of q.draft)
      expect(
        hit.change === "entered"
          ? hit.previousRank === null
          : hit.change === "moved"
            ? hit.previousRank !== hit.rank
            : hit.previousRank === hit.rank,
      ).toBe(true);
  }
}

/** The hidden tool is removed; the edited one's search text gained the extra words. */
function expectToolChanges(review: DraftReview) {
  expect(review.tools.removed).toEqual([
    { id: "crm.list_open_orders", exposure: "deferred", description: "List open orders by customer ID." },
  ]);
  expect(review.tools.changed.map((t) => t.id)).toEqual(["mail.send_email"]);
  const [searchText] = review.tools.changed[0]!.fields;
  expect(searchText).toMatchObject({ field: "searchText" });
  expect(searchText!.parts.at(-1)).toEqual({ kind: "added", text: "refund payment" });
  expect(searchText!.parts.filter((p) => p.kind === "removed")).toEqual([]);
}

describe("review.get", () => {
  it("before the first publish: flags the queries the draft fails and counts the no-tool ones", async () => {
    const { at, viewer, editor } = await createPublishingFixture(db);
    await editor.golden.create({ ...at, query: "restart the server", expected: ["crm.refund_order"] });
    const review = await viewer.review.get(at);
    const failing = review.queries.filter((q) => q.isFailing).map((q) => q.query);
    expect(failing).toContain("restart the server");
    expect(failing).not.toContain("list open orders");
    expect(review.queries[0]!.isFailing).toBe(true); // failing first
    expect(review.counts).toMatchObject({ new: 6, failing: failing.length, expectNoTool: 1 });
    const thermostat = review.queries.find((q) => q.query === "set the thermostat")!;
    expect(thermostat.isFailing).toBe(thermostat.draft.length > 0);
  });

  it("before the first publish: every query is new, every tool added", async () => {
    const { at, viewer } = await createPublishingFixture(db);
    const review = await viewer.review.get(at);
    expect(review).toMatchObject({
      k: 8,
      latest: null,
      isUnchanged: false,
      counts: { new: 5 },
      metrics: { latest: null, regressions: [] },
    });
    expect(review.tools.added.map((t) => t.id)).toHaveLength(5);
    const orders = review.queries.find((q) => q.query === "list open orders")!;
    expect(orders.draft[0]).toMatchObject({
      id: "crm.list_open_orders",
      rank: 1,
      isGold: true,
      change: "entered",
      previousRank: null,
      scoreDelta: null,
    });
  });

  it("says why a golden query has no hit when the catalog drops weak hits and every hit is weak", async () => {
    const { at, editor, viewer, catalog } = await createPublishingFixture(db);
    await editor.golden.create({ ...at, query: "delete the customer refund", expected: [] });
    const shown = (await viewer.review.get(at)).queries.find((q) => q.query === "delete the customer refund")!;
    expect(shown.draft[0]).toMatchObject({ id: "crm.refund_order" });
    expect(shown.noMatch).toBeNull();
    await db.catalog.update({ where: { id: catalog.id }, data: { dropWeakHits: true } });
    const review = await viewer.review.get(at);
    const dropped = review.queries.find((q) => q.query === "delete the customer refund")!;
    expect(dropped.draft).toEqual([]);
    expect(dropped.noMatch).toBe(
      "No hit is strong: the request asks to delete something, and the best tool, crm.refund_order, never mentions it.",
    );
    expect(review.queries.find((q) => q.query === "list open orders")!.noMatch).toBeNull();
  });

  it("after edits: worse queries first, entered / left / moved with score changes, metric deltas and text diffs", async () => {
    const { at, editor, viewer, catalog } = await createPublishingFixture(db);
    await editor.review.publish({ ...at, note: "v1" });
    expect((await viewer.review.get(at)).isUnchanged).toBe(true);

    await editTool(db, catalog.id, "mail.send_email", {
      searchTextMode: "generated_extra",
      searchTextExtra: "refund payment",
    });
    await editTool(db, catalog.id, "crm.list_open_orders", { exposure: "hidden" });
    const review = await viewer.review.get(at);
    expect(review).toMatchObject({
      isUnchanged: false,
      latest: { version: 1 },
      counts: { worse: 1, better: 0, changed: 2, same: 2, new: 0 },
    });
    expect(review.queries[0]).toMatchObject({ query: "list open orders", verdict: "worse" }); // worse first
    expectQueryChanges(review);

    // The hidden gold tool costs one of four queries with gold its hit.
    expect(review.metrics.latest).toMatchObject({ successAt1: 1, recallAtK: 1 });
    expect(review.metrics.draft).toMatchObject({ successAt1: 0.75, recallAtK: 0.75 });
    expect(review.metrics.regressions).toContainEqual({ metric: "successAt1", before: 1, after: 0.75 });
    expect(review.metrics.regressions).toContainEqual({ metric: "recallAtK", before: 1, after: 0.75 });

    expectToolChanges(review);
  });

  it("diffs descriptions by word and parameters by line", async () => {
    const { at, editor, viewer, catalog } = await createPublishingFixture(db);
    await editor.review.publish({ ...at, note: "v1" });
    await editTool(db, catalog.id, "crm.find_customer", {
      description: "Find a person profile by email address.",
      parameters: { type: "object", properties: { email: { type: "string" } }, required: ["email"] },
    });
    await editTool(db, catalog.id, "ops.restart_server", { exposure: "deferred", fallback: "hidden" });
    const changed = new Map((await viewer.review.get(at)).tools.changed.map((t) => [t.id, t.fields]));
    expect(changed.get("ops.restart_server")).toEqual([
      {
        field: "exposure",
        before: "direct",
        after: "deferred (fallback hidden)",
        parts: [
          { kind: "removed", text: "direct" },
          { kind: "added", text: "deferred (fallback hidden)" },
        ],
      },
    ]);
    const fields = new Map(changed.get("crm.find_customer")!.map((f) => [f.field, f]));
    expect([...fields.keys()]).toEqual(["description", "parameters", "searchText"]);
    expect(fields.get("description")!.parts).toEqual([
      { kind: "same", text: "Find a " },
      { kind: "removed", text: "customer" },
      { kind: "added", text: "person" },
      { kind: "same", text: " profile by email address." },
    ]);
    const parameters = fields.get("parameters")!;
    expect(parameters.before).toBe('{\n  "properties": {},\n  "type": "object"\n}');
    expect(
      parameters.parts
        .filter((p) => p.kind === "added")
        .map((p) => p.text)
        .join(""),
    ).toContain('"required": [\n    "email"\n  ]');
    expect(
      parameters.parts
        .filter((p) => p.kind === "same")
        .map((p) => p.text)
        .join(""),
    ).toContain('"type": "object"');
  });

  it("lists removed (hidden) and added tools, namespace and engine changes, and honours k", async () => {
    const { at, editor, viewer, catalog } = await createPublishingFixture(db);
    await editor.review.publish({ ...at, note: "v1" });
    await editTool(db, catalog.id, "crm.refund_order", { exposure: "hidden" });
    await db.namespace.update({
      where: { catalogId_name: { catalogId: catalog.id, name: "ops" } },
      data: { description: "Server operations." },
    });
    await db.catalog.update({ where: { id: catalog.id }, data: { engineProfile: "codex_bm25", defaultLimit: 3 } });
    const review = await viewer.review.get(at);
    expect(review.k).toBe(3);
    expect(review.tools.removed).toEqual([
      { id: "crm.refund_order", exposure: "deferred", description: "Refund an order payment to the customer." },
    ]);
    expect(review.tools.namespaces).toEqual([{ name: "ops", before: "ops tools", after: "Server operations." }]);
    expect(review.tools.engine).toEqual({
      before: "stockroom (k1 1.2, b 0.75, top 8)",
      after: "codex-bm25 (k1 1.2, b 0.75, top 3)",
    });
    expect(review.queries.every((q) => q.draft.length <= 3)).toBe(true);
    const narrow = await viewer.review.get({ ...at, k: 1 });
    expect(narrow.k).toBe(1);
    expect(narrow.queries.every((q) => q.draft.length <= 1 && q.left.length <= 1)).toBe(true);
    await expect(viewer.review.get({ ...at, k: 0 })).rejects.toBeInstanceOf(TRPCError);
  });

  it("metrics: the draft and every version on today's golden queries", async () => {
    const { at, editor, viewer, catalog } = await createPublishingFixture(db);
    await editor.review.publish({ ...at, note: "v1" });
    await editTool(db, catalog.id, "mail.send_email", { exposure: "direct" });
    await editor.review.publish({ ...at, note: "v2", reason: "testing" });
    await editTool(db, catalog.id, "mail.send_email", { exposure: "deferred" });
    const before = await viewer.snapshot.metrics(at);
    expect(before).toMatchObject({ k: 8, goldenQueries: 5 });
    expect(before.versions.map((v) => [v.version, v.metrics.successAt1])).toEqual([
      [1, 1],
      [2, 0.75],
    ]);
    expect(before.draft.successAt1).toBe(1);
    // A new golden query changes every line, the chart re-evaluates all versions on it.
    await editor.golden.create({ ...at, query: "restart the server", expected: ["ops.restart_server"] });
    const after = await viewer.snapshot.metrics(at);
    expect(after.goldenQueries).toBe(6);
    expect(after.versions.map((v) => v.metrics.withGold)).toEqual([5, 5]);
    expect(after.versions[0]!.metrics.successAt1).toBe(0.8);
  });
});
