import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { isSameContent, SNAPSHOT_FORMAT, verifySnapshot } from "@/domain/snapshot/verify";
import { useTestDatabase } from "../../testing/use-test-database";
import { createPublishingFixture, editTool } from "../../testing/publishing-fixture";

const { db, handle } = useTestDatabase();

async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

type Fixture = Awaited<ReturnType<typeof createPublishingFixture>>;
type Published = Awaited<ReturnType<Fixture["editor"]["review"]["publish"]>>;
type Publisher = { id: string; email: string };

/** The stored row and its payload: a verified snapshot of the draft, published by `by`. */
async function expectStoredVersion1({ at, catalog }: Fixture, published: Published, by: Publisher) {
  const row = await db.snapshot.findUniqueOrThrow({
    where: { catalogId_version: { catalogId: catalog.id, version: 1 } },
  });
  expect(row).toMatchObject({
    contentHash: published.contentHash,
    publishedById: by.id,
    publishedBy: by.email,
    note: "First release",
  });
  expect(row.publishedAt.getTime()).toBe(published.publishedAt.getTime());
  expect(row.metrics).toEqual(published.metrics);
  const snapshot = await verifySnapshot(row.payload);
  expect(snapshot).toMatchObject({
    format: SNAPSHOT_FORMAT,
    version: 1,
    catalog: { team: at.team, slug: at.catalog, name: "Support agent" },
    engine: { profile: "stockroom", k1: 1.2, b: 0.75, defaultLimit: 8 },
  });
  expect(snapshot.publishedAt).toBe(published.publishedAt.toISOString());
  expect(snapshot.tools.map((t) => t.id)).toEqual([
    "crm.find_customer",
    "crm.list_open_orders",
    "crm.refund_order",
    "mail.send_email",
    "ops.restart_server",
  ]);
}

/** The version is in the history and downloads as a verifiable snapshot file. */
async function expectHistoryAndDownload({ at, viewer }: Fixture, published: Published, by: Publisher) {
  const history = await viewer.snapshot.versions(at);
  expect(history).toEqual([
    expect.objectContaining({
      version: 1,
      publishedBy: by.email,
      note: "First release",
      contentHash: published.contentHash,
      metrics: published.metrics,
    }),
  ]);
  const download = await viewer.snapshot.download({ ...at, version: 1 });
  expect(download.filename).toBe(`${at.team}-${at.catalog}-v1.json`);
  expect(download.snapshot.contentHash).toBe(published.contentHash);
  await expect(verifySnapshot(JSON.parse(JSON.stringify(download.snapshot)))).resolves.toBeTruthy();
}

describe("review.publish", () => {
  it("publishes version 1 in the snapshot format with publisher, note, metrics and an audit event", async () => {
    const fixture = await createPublishingFixture(db);
    const { at, editor, catalog, team } = fixture;
    const editorUser = await db.membership.findFirstOrThrow({
      where: { teamId: team.id, role: "editor" },
      include: { user: true },
    });
    const published = await editor.review.publish({ ...at, note: "  First release  " });
    expect(published).toMatchObject({
      version: 1,
      note: "First release",
      reason: null,
      rolledBackFrom: null,
      publishedBy: editorUser.user.email,
      regressions: [],
    });
    expect(published.metrics).toMatchObject({
      k: 8,
      queries: 5,
      withGold: 4,
      tools: { total: 5, direct: 1, deferred: 4 },
    });
    expect(published.metrics.successAt1).toBe(1);

    await expectStoredVersion1(fixture, published, editorUser.user);
    const events = await db.auditEvent.findMany({ where: { catalogId: catalog.id, action: "snapshot.published" } });
    expect(events).toHaveLength(1);
    expect(events[0]!.after).toMatchObject({ version: 1, contentHash: published.contentHash });

    await expectHistoryAndDownload(fixture, published, editorUser.user);
  });

  it("refuses to publish a draft identical to the latest version, and writes nothing", async () => {
    const { at, editor, catalog } = await createPublishingFixture(db);
    await editor.review.publish({ ...at, note: "v1" });
    const error = await failure(editor.review.publish({ ...at, note: "again" }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe("Nothing to publish: the draft is identical to version 1. Change a tool first.");
    expect(await db.snapshot.count({ where: { catalogId: catalog.id } })).toBe(1);
    // A new revision with the same content (an edit undone) is still no change.
    await editTool(db, catalog.id, "crm.refund_order", { description: "Refund an order payment to the customer." });
    expect((await failure(editor.review.publish({ ...at, note: "again" }))).code).toBe("CONFLICT");
  });

  it("needs a note and the editor role; viewers read the history", async () => {
    const { at, viewer, editor, stranger } = await createPublishingFixture(db);
    expect((await failure(editor.review.publish({ ...at, note: "   " }))).message).toMatch(/Add a note/);
    expect((await failure(viewer.review.publish({ ...at, note: "sneaky" }))).code).toBe("FORBIDDEN");
    const { callerFor } = await import("../../testing/factories");
    expect((await failure(callerFor(db, stranger).snapshot.versions(at))).code).toBe("NOT_FOUND");
    expect(await viewer.snapshot.versions(at)).toEqual([]);
    expect((await failure(viewer.snapshot.download({ ...at, version: 1 }))).code).toBe("NOT_FOUND");
  });

  it("asks for a reason when the golden queries rank worse, and records it", async () => {
    const { at, editor, catalog } = await createPublishingFixture(db);
    const v1 = await editor.review.publish({ ...at, note: "v1" });
    await editTool(db, catalog.id, "mail.send_email", { exposure: "direct" });
    const refused = await failure(editor.review.publish({ ...at, note: "send email directly" }));
    expect(refused.code).toBe("UNPROCESSABLE_CONTENT");
    expect(refused.message).toMatch(/rank worse than version 1 \(success@1 1\.000 → 0\.750.*\)\. .*give a reason/);
    expect(await db.snapshot.count({ where: { catalogId: catalog.id } })).toBe(1);

    const v2 = await editor.review.publish({
      ...at,
      note: "send email directly",
      reason: "Weather tool replaces email next week",
    });
    expect(v2).toMatchObject({ version: 2, reason: "Weather tool replaces email next week" });
    expect(v2.metrics.successAt1).toBeLessThan(v1.metrics.successAt1);
    expect(v2.regressions.map((r) => r.metric)).toEqual(
      expect.arrayContaining(["successAt1", "recallAtK", "mrr", "ndcg10"]),
    );
    expect((await db.snapshot.findFirstOrThrow({ where: { catalogId: catalog.id, version: 2 } })).reason).toBe(
      "Weather tool replaces email next week",
    );

    // An improvement needs no reason.
    await editTool(db, catalog.id, "mail.send_email", { exposure: "deferred" });
    expect(await editor.review.publish({ ...at, note: "fix email" })).toMatchObject({
      version: 3,
      reason: null,
      regressions: [],
    });
  });

  it("an empty catalog can be reviewed but not published", async () => {
    const { createCatalog, createTeamWithMembers, callerFor } = await import("../../testing/factories");
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const at = { team: people.team.slug, catalog: catalog.slug };
    const editor = callerFor(db, people.editor);
    await editor.golden.create({ ...at, query: "anything at all", expected: [] });
    const review = await editor.review.get(at);
    expect(review).toMatchObject({
      latest: null,
      counts: { new: 1 },
      metrics: { draft: { queries: 1, withGold: 0, noMatchEmptyRate: 1, tools: { total: 0 } } },
    });
    const error = await failure(editor.review.publish({ ...at, note: "empty" }));
    expect(error).toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message: "There is nothing to publish: the catalog has no direct or deferred tools.",
    });
  });

  it("snapshots are immutable in the database itself: UPDATE and DELETE are refused", async () => {
    const { at, editor, catalog } = await createPublishingFixture(db);
    await editor.review.publish({ ...at, note: "v1" });
    await expect(
      db.snapshot.updateMany({ where: { catalogId: catalog.id }, data: { note: "rewritten" } }),
    ).rejects.toThrow(/immutable/);
    await expect(db.snapshot.deleteMany({ where: { catalogId: catalog.id } })).rejects.toThrow(/immutable/);
    await expect(
      handle.sql.query(`UPDATE "Snapshot" SET "payload" = '{}' WHERE "catalogId" = $1`, [catalog.id]),
    ).rejects.toThrow(/immutable: UPDATE refused on version 1/);
    await expect(handle.sql.query(`DELETE FROM "Snapshot" WHERE "catalogId" = $1`, [catalog.id])).rejects.toThrow(
      /immutable: DELETE refused on version 1/,
    );
    expect((await db.snapshot.findFirstOrThrow({ where: { catalogId: catalog.id } })).note).toBe("v1");
  });
});

describe("snapshot.rollback", () => {
  it("publishes an older version's content as a new version and leaves the draft alone", async () => {
    const { at, editor, viewer, catalog } = await createPublishingFixture(db);
    await editor.review.publish({ ...at, note: "v1" });
    await editTool(db, catalog.id, "crm.refund_order", {
      description: "Refund an order payment to the customer, fully or in part.",
    });
    await editor.review.publish({ ...at, note: "v2" });
    const v3 = await editor.snapshot.rollback({ ...at, version: 1, note: "back to v1" });
    expect(v3).toMatchObject({ version: 3, rolledBackFrom: 1, note: "back to v1" });
    const [one, three] = await Promise.all([
      viewer.snapshot.download({ ...at, version: 1 }),
      viewer.snapshot.download({ ...at, version: 3 }),
    ]);
    expect(isSameContent(one.snapshot, three.snapshot)).toBe(true);
    expect(three.snapshot.contentHash).not.toBe(one.snapshot.contentHash); // the version and date are hashed too
    expect(
      (await db.tool.findFirstOrThrow({ where: { catalogId: catalog.id, key: "crm.refund_order" } })).description,
    ).toMatch(/fully or in part/);
    expect((await viewer.snapshot.versions(at)).map((h) => [h.version, h.rolledBackFrom])).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);

    const again = await failure(editor.snapshot.rollback({ ...at, version: 1, note: "again" }));
    expect(again).toMatchObject({
      code: "CONFLICT",
      message: "The latest version 3 already has the content of version 1; nothing to roll back.",
    });
    expect((await failure(editor.snapshot.rollback({ ...at, version: 3, note: "x" }))).message).toBe(
      "Version 3 is already the latest; there is nothing to roll back.",
    );
    expect((await failure(editor.snapshot.rollback({ ...at, version: 9, note: "x" }))).code).toBe("NOT_FOUND");
    expect((await failure(viewer.snapshot.rollback({ ...at, version: 2, note: "x" }))).code).toBe("FORBIDDEN");
    // The draft differs from v3 (the rollback) again, so it can be published.
    expect(await editor.review.publish({ ...at, note: "redo v2" })).toMatchObject({ version: 4 });
  });

  it("asks for a reason when the rolled-back content ranks worse", async () => {
    const { at, editor, catalog } = await createPublishingFixture(db);
    await editTool(db, catalog.id, "mail.send_email", { exposure: "hidden" });
    await editor.review.publish({ ...at, note: "v1 (email hidden)" });
    await editTool(db, catalog.id, "mail.send_email", { exposure: "deferred" });
    await editor.review.publish({ ...at, note: "v2 fixed" });
    expect((await failure(editor.snapshot.rollback({ ...at, version: 1, note: "undo" }))).code).toBe(
      "UNPROCESSABLE_CONTENT",
    );
    expect(
      await editor.snapshot.rollback({ ...at, version: 1, note: "undo", reason: "v2 broke a client" }),
    ).toMatchObject({ version: 3, reason: "v2 broke a client" });
  });
});
