import { describe, expect, it } from "vitest";
import { canonicalJson, sealSnapshot, verifySnapshot } from "@/domain/snapshot/verify";
import { useTestDatabase } from "../../testing/use-test-database";
import { CacheRegistry } from "../../cache/bounded-cache";
import { listenForCacheChanges } from "../../cache/cache-notifications";
import { AGENT_ACCESS_OPTIONS } from "../tokens/access-cache";
import { buildSnapshotContent } from "../draft/build-snapshot-content";
import { loadDraftContent } from "../draft/draft-cache";
import { publishSnapshot } from "./publish-snapshot";
import { createPublishingFixture, editTool } from "../../testing/publishing-fixture";

// The publishing transaction runs on the plain driver (not a Prisma transaction); `db` here is the tests'
// stand-in client, so these also prove that the driver is found under it.
const { db, handle } = useTestDatabase();

const snapshotEvents = (catalogId: string) =>
  db.auditEvent.findMany({ where: { catalogId, action: { startsWith: "snapshot." } } });

describe("the publishing transaction", () => {
  it("stores the payload, hash, row and audit event that sealing the draft gives", async () => {
    const { at, editor, team, catalog } = await createPublishingFixture(db);
    const editorUser = await db.membership.findFirstOrThrow({
      where: { teamId: team.id, role: "editor" },
      include: { user: true },
    });
    const published = await editor.review.publish({ ...at, note: "v1" });

    const expected = await sealSnapshot(await buildSnapshotContent({ db, team, catalog }), 1, published.publishedAt);
    const row = await db.snapshot.findUniqueOrThrow({
      where: { catalogId_version: { catalogId: catalog.id, version: 1 } },
    });
    expect(row.payload).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(canonicalJson(row.payload)).toBe(canonicalJson(expected));
    expect([row.contentHash, published.contentHash]).toEqual([expected.contentHash, expected.contentHash]);
    expect(row.publishedAt.toISOString()).toBe(expected.publishedAt);
    expect(row).toMatchObject({
      publishedById: editorUser.user.id,
      publishedBy: editorUser.user.email,
      note: "v1",
      reason: null,
      rolledBackFrom: null,
    });
    expect(row.metrics).toEqual(published.metrics);

    const [event, ...more] = await snapshotEvents(catalog.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      teamId: team.id,
      actorId: editorUser.user.id,
      actorLabel: editorUser.user.email,
      action: "snapshot.published",
      targetType: "snapshot",
      targetId: `${catalog.id}:v1`,
      before: null,
      after: {
        version: 1,
        contentHash: expected.contentHash,
        note: "v1",
        reason: null,
        rolledBackFrom: null,
        regressions: [],
      },
    });
    expect(event!.id).toMatch(/^c[0-9a-z]{24}$/); // shaped like Prisma's cuids, so the history sorts alike
    expect(Math.abs(event!.at.getTime() - published.publishedAt.getTime())).toBeLessThan(5_000); // stored in UTC
  });

  it("a failure after the insert rolls the version and its audit event back; the retry is version 1", async () => {
    const { team, catalog } = await createPublishingFixture(db);
    const actor = { id: null, label: "test" };
    // A real failure inside the database, after the snapshot row is written: the audit insert is refused.
    await handle.sql.exec(`
      CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit store down'; END $$;
      CREATE TRIGGER test_refuse_audit BEFORE INSERT ON "AuditEvent" FOR EACH ROW
        WHEN (NEW."catalogId" = '${catalog.id}' AND NEW."action" = 'snapshot.published') EXECUTE FUNCTION test_refuse_audit();`);
    try {
      await expect(publishSnapshot({ db, team, catalog, actor, note: "v1" })).rejects.toThrow(/audit store down/);
    } finally {
      await handle.sql.exec(`DROP TRIGGER test_refuse_audit ON "AuditEvent"; DROP FUNCTION test_refuse_audit();`);
    }
    expect(await db.snapshot.count({ where: { catalogId: catalog.id } })).toBe(0);
    expect(await snapshotEvents(catalog.id)).toEqual([]);

    const retried = await publishSnapshot({ db, team, catalog, actor, note: "v1 again" });
    expect(retried.version).toBe(1);
    const row = await db.snapshot.findFirstOrThrow({ where: { catalogId: catalog.id } });
    expect((await verifySnapshot(row.payload)).contentHash).toBe(retried.contentHash);
    expect(await snapshotEvents(catalog.id)).toHaveLength(1);
  });

  it("a refused regression writes neither a version nor an audit event", async () => {
    const { at, editor, catalog } = await createPublishingFixture(db);
    await editor.review.publish({ ...at, note: "v1" });
    await editTool(db, catalog.id, "mail.send_email", { exposure: "direct" });
    await expect(editor.review.publish({ ...at, note: "worse" })).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
    });
    expect(await db.snapshot.count({ where: { catalogId: catalog.id } })).toBe(1);
    expect(await snapshotEvents(catalog.id)).toHaveLength(1);
  });

  it("reuses the reviewed draft only while its rows are exactly the ones read, whatever the writer bumped", async () => {
    const { at, editor, team, catalog } = await createPublishingFixture(db);
    const first = await loadDraftContent({ db, team, catalog });
    expect(await loadDraftContent({ db, team, catalog })).toBe(first);

    // Writes that bump neither revision nor updatedAt, between the review and the publish.
    await editor.review.get(at);
    const where = [catalog.id];
    await handle.sql.query(
      `UPDATE "Tool" SET "description" = 'Refund an order payment, quietly.' WHERE "catalogId" = $1 AND "key" = 'crm.refund_order'`,
      where,
    );
    await handle.sql.query(
      `UPDATE "Namespace" SET "description" = 'CRM, described anew.' WHERE "catalogId" = $1 AND "name" = 'crm'`,
      where,
    );
    await handle.sql.query(`DELETE FROM "Tool" WHERE "catalogId" = $1 AND "key" = 'ops.restart_server'`, where);
    const v1 = await editor.review.publish({ ...at, note: "v1" });

    const payload = await verifySnapshot(
      (await db.snapshot.findFirstOrThrow({ where: { catalogId: catalog.id, version: v1.version } })).payload,
    );
    expect(payload.tools.find((t) => t.id === "crm.refund_order")!.spec.description).toBe(
      "Refund an order payment, quietly.",
    );
    expect(payload.namespaces.find((n) => n.name === "crm")!.description).toBe("CRM, described anew.");
    expect(payload.tools.map((t) => t.id)).not.toContain("ops.restart_server");
    expect(canonicalJson(payload.tools)).toBe(canonicalJson((await buildSnapshotContent({ db, team, catalog })).tools));
  });

  it.runIf(process.env.STOCKROOM_TEST_DB === "postgres")(
    "tells other processes' agent caches at commit, and only when it commits",
    async () => {
      const { at, editor, catalog } = await createPublishingFixture(db);
      const otherProcess = new CacheRegistry(); // another app instance's caches
      const elsewhere = otherProcess.cache(AGENT_ACCESS_OPTIONS);
      const listener = listenForCacheChanges(handle.url!, otherProcess);
      const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
      try {
        await listener.ready;
        await editor.review.publish({ ...at, note: "v1" });
        await editTool(db, catalog.id, "mail.send_email", { exposure: "direct" });
        await settle();
        const before = elsewhere.currentGeneration;
        await expect(editor.review.publish({ ...at, note: "worse" })).rejects.toMatchObject({
          code: "UNPROCESSABLE_CONTENT",
        });
        await settle();
        expect(elsewhere.currentGeneration).toBe(before);
        await editor.review.publish({ ...at, note: "worse, knowingly", reason: "test" });
        const deadline = Date.now() + 5_000;
        while (elsewhere.currentGeneration === before && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));
        expect(elsewhere.currentGeneration).toBeGreaterThan(before);
      } finally {
        await listener.close();
      }
    },
  );
});
