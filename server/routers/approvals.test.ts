import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers, createTools, createUser } from "../testing/factories";
import { outcomeCode } from "../testing/outcome";
import { useTestDatabase } from "../testing/use-test-database";

describe("approvals: four eyes before publishing", () => {
  const { db } = useTestDatabase();

  async function guardedCatalog() {
    const people = await createTeamWithMembers(db);
    const secondEditor = await createUser(db);
    await db.membership.create({ data: { teamId: people.team.id, userId: secondEditor.id, role: "editor" } });
    const catalog = await createCatalog(db, people.team.id, { name: "Support" });
    await createTools(db, catalog.id, [{ namespace: "crm", name: "refund", description: "Refund an order." }]);
    const input = { team: people.team.slug, catalog: catalog.slug };
    const owner = callerFor(db, people.owner);
    const editor = callerFor(db, people.editor);
    const second = callerFor(db, secondEditor);
    return { ...people, secondEditor, catalog, input, owner, editor, second };
  }

  it("is an owner's setting, shown in the catalog's settings and recorded in History", async () => {
    const { input, owner, editor, viewer } = await guardedCatalog();
    expect((await editor.catalog.get(input)).requirePublishApproval).toBe(false);
    expect(await outcomeCode(editor.catalog.setPublishApproval({ ...input, required: true }))).toBe("FORBIDDEN");
    expect(await outcomeCode(callerFor(db, viewer).catalog.setPublishApproval({ ...input, required: true }))).toBe(
      "FORBIDDEN",
    );
    await owner.catalog.setPublishApproval({ ...input, required: true });
    expect((await editor.catalog.get(input)).requirePublishApproval).toBe(true);
    const event = (await editor.history.list(input)).events.find((e) => e.action === "catalog.updated");
    expect(event).toMatchObject({ before: { requirePublishApproval: false }, after: { requirePublishApproval: true } });
    // Without approval on, there is nothing to request.
    await owner.catalog.setPublishApproval({ ...input, required: false });
    await expect(editor.review.requestPublish({ ...input, note: "v1" })).rejects.toThrow(/publish the draft directly/);
  });

  it("with it on: publishing alone is refused; a request is approved by another editor and publishes", async () => {
    const { input, owner, editor, second, viewer, editor: requester } = await guardedCatalog();
    await owner.catalog.setPublishApproval({ ...input, required: true });
    expect(await outcomeCode(editor.review.publish({ ...input, note: "alone" }))).toBe("FORBIDDEN");
    expect(await outcomeCode(callerFor(db, viewer).review.requestPublish({ ...input, note: "x" }))).toBe("FORBIDDEN");
    const request = await requester.review.requestPublish({ ...input, note: "first release" });
    expect(request).toMatchObject({ status: "pending", isMine: true, note: "first release" });
    expect((await second.review.requests(input)).pending).toMatchObject({ id: request.id, isMine: false });
    // A second request waits for the first; the requester cannot approve or refuse their own.
    expect(await outcomeCode(second.review.requestPublish({ ...input, note: "mine too" }))).toBe("CONFLICT");
    await expect(requester.review.approvePublish({ ...input, requestId: request.id })).rejects.toThrow(/four eyes/);
    expect(await outcomeCode(requester.review.refusePublish({ ...input, requestId: request.id, reason: "no" }))).toBe(
      "FORBIDDEN",
    );
    expect(await outcomeCode(callerFor(db, viewer).review.approvePublish({ ...input, requestId: request.id }))).toBe(
      "FORBIDDEN",
    );
    const published = await second.review.approvePublish({ ...input, requestId: request.id });
    expect(published).toMatchObject({ version: 1, note: "first release" });
    const after = await editor.review.requests(input);
    expect(after.pending).toBeNull();
    expect(after.latest).toMatchObject({
      status: "approved",
      version: 1,
      requestedBy: expect.stringContaining("editor"),
    });
    expect(await outcomeCode(owner.review.approvePublish({ ...input, requestId: request.id }))).toBe("CONFLICT");
    const events = (await editor.history.list(input)).events;
    const actions = events.map((e) => [e.action, e.actorLabel.split("-")[0]]);
    expect(actions.slice(0, 3)).toEqual([
      ["snapshot.published", "user"],
      ["snapshot.publish_approved", "user"],
      ["snapshot.publish_requested", "editor"],
    ]);
  });

  it("refuses an approval when the draft changed after the request: nothing published, the request goes stale", async () => {
    const { input, owner, editor, catalog } = await guardedCatalog();
    await owner.catalog.setPublishApproval({ ...input, required: true });
    const request = await editor.review.requestPublish({ ...input, note: "reviewed" });
    const tool = await db.tool.findFirstOrThrow({ where: { catalogId: catalog.id } });
    await editor.tool.update({ ...input, id: tool.id, revision: tool.revision, patch: { description: "Sneaky." } });
    await expect(owner.review.approvePublish({ ...input, requestId: request.id })).rejects.toThrow(
      /The draft changed after .* asked to publish it .* The request is stale/,
    );
    expect(await db.snapshot.count({ where: { catalogId: catalog.id } })).toBe(0);
    const state = await editor.review.requests(input);
    expect(state.pending).toBeNull();
    expect(state.latest).toMatchObject({ id: request.id, status: "stale" });
    expect((await editor.history.list(input)).events[0]).toMatchObject({ action: "snapshot.publish_request_stale" });
    // A request naming a revision older than the draft's is refused at once.
    await expect(
      editor.review.requestPublish({ ...input, note: "old", draftRevision: request.draftRevision }),
    ).rejects.toThrow(/changed since you reviewed it/);
  });

  it("refuses with a reason, and lets the requester withdraw; both in History", async () => {
    const { input, owner, editor, second } = await guardedCatalog();
    await owner.catalog.setPublishApproval({ ...input, required: true });
    const first = await editor.review.requestPublish({ ...input, note: "try one" });
    expect(await outcomeCode(second.review.refusePublish({ ...input, requestId: first.id, reason: "  " }))).toBe(
      "BAD_REQUEST",
    );
    const refused = await second.review.refusePublish({ ...input, requestId: first.id, reason: "Golden set is red." });
    expect(refused).toMatchObject({ status: "refused", decisionReason: "Golden set is red." });
    const again = await editor.review.requestPublish({ ...input, note: "try two" });
    expect(await outcomeCode(second.review.withdrawPublish({ ...input, requestId: again.id }))).toBe("FORBIDDEN");
    await editor.review.withdrawPublish({ ...input, requestId: again.id });
    const events = (await editor.history.list(input)).events.map((e) => e.action);
    expect(events.slice(0, 4)).toEqual([
      "snapshot.publish_request_withdrawn",
      "snapshot.publish_requested",
      "snapshot.publish_refused",
      "snapshot.publish_requested",
    ]);
    expect(await outcomeCode(second.review.approvePublish({ ...input, requestId: "nope" }))).toBe("NOT_FOUND");
  });
});
