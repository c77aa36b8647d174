import { describe, expect, it } from "vitest";
import { createCatalog, createTeamWithMembers, createTools } from "../testing/factories";
import { useTestDatabase } from "../testing/use-test-database";
import { findMemberAccess } from "./member-access";

const { db } = useTestDatabase();

describe("findMemberAccess (the one statement behind every team and catalog procedure)", () => {
  it("reads the team and catalog rows exactly as Prisma does, every column", async () => {
    const { team, editor } = await createTeamWithMembers(db);
    // Every column away from its default, so a column the statement forgot or mistyped cannot pass unnoticed.
    const catalog = await createCatalog(db, team.id, {
      description: "Payments — 支払い",
      engineProfile: "codex_bm25",
      defaultLimit: 5,
      dropWeakHits: true,
      vocabularyPacks: ["general"],
      vocabularyLines: "refund > create_refund",
      archivedAt: new Date("2026-11-30T08:09:10.123Z"),
      revision: 7,
      telemetryText: "none",
      telemetryRetentionDays: 12,
    });
    await createTools(db, catalog.id, [{ name: "ping", description: "Ping." }]); // moves the draft revision
    const stored = await db.draftRevision.findUniqueOrThrow({ where: { catalogId: catalog.id } });
    expect(stored.revision).toBeGreaterThan(0n);
    const access = await findMemberAccess(db, editor.id, team.slug, catalog.slug, { includeArchived: true });
    expect(access).toEqual({
      role: "editor",
      team: await db.team.findUniqueOrThrow({ where: { id: team.id } }),
      catalog: await db.catalog.findUniqueOrThrow({ where: { id: catalog.id } }),
      draftRevision: String(stored.revision),
    });
    expect(Object.keys(access!.catalog!).sort()).toEqual(Object.keys(catalog).sort());
    const live = await createCatalog(db, team.id);
    expect(await findMemberAccess(db, editor.id, team.slug, live.slug)).toMatchObject({
      catalog: live,
      draftRevision: "0",
    });
  });

  it("finds no membership for a stranger, an unknown team, and no catalog when it is archived or unknown", async () => {
    const { team, owner, stranger } = await createTeamWithMembers(db);
    const archived = await createCatalog(db, team.id, { archivedAt: new Date() });
    expect(await findMemberAccess(db, stranger.id, team.slug, archived.slug)).toBeNull();
    expect(await findMemberAccess(db, owner.id, "no-such-team")).toBeNull();
    const withoutArchived = await findMemberAccess(db, owner.id, team.slug, archived.slug);
    expect(withoutArchived).toMatchObject({ role: "owner", team: { id: team.id }, catalog: null, draftRevision: null });
    expect((await findMemberAccess(db, owner.id, team.slug, "no-such-catalog"))?.catalog).toBeNull();
    expect((await findMemberAccess(db, owner.id, team.slug))?.catalog).toBeNull();
  });
});
