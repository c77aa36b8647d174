import { beforeAll, describe, expect, it } from "vitest";
import { callerFor, createUser, createCatalog, createTeamWithMembers, createTools } from "../testing/factories";
import { useTestDatabase } from "../testing/use-test-database";

describe("teams and roles", () => {
  const { db, handle } = useTestDatabase();
  let t: Awaited<ReturnType<typeof createTeamWithMembers>>;
  beforeAll(async () => {
    t = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, t.team.id, { slug: "support" });
    await createTools(db, catalog.id, [
      { name: "a", exposure: "direct" },
      { name: "b", namespace: "crm" },
      { name: "c", namespace: "crm", exposure: "hidden" },
    ]);
  });

  it("lists a member's catalogs with tool counts by exposure", async () => {
    const list = await callerFor(db, t.viewer).catalog.list({ team: t.team.slug });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      slug: "support",
      counts: { direct: 1, deferred: 1, hidden: 1, total: 3 },
      latestVersion: null,
    });
  });

  it("hides a team from non-members and signed-out callers", async () => {
    await expect(callerFor(db, t.stranger).catalog.list({ team: t.team.slug })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(callerFor(db, null).catalog.list({ team: t.team.slug })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect((await callerFor(db, t.stranger).team.mine()).map((x) => x.slug)).not.toContain(t.team.slug);
  });

  it("lets an owner rename the team (slug kept, audited); others and blank names are refused", async () => {
    const t = await createTeamWithMembers(db);
    const at = { team: t.team.slug };
    await expect(callerFor(db, t.editor).team.rename({ ...at, name: "Editors' team" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(callerFor(db, t.owner).team.rename({ ...at, name: "   " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/Enter a team name/),
    });
    expect(await callerFor(db, t.owner).team.rename({ ...at, name: "  Support crew " })).toEqual({
      slug: t.team.slug,
      name: "Support crew",
    });
    expect((await callerFor(db, t.viewer).team.mine()).find((x) => x.slug === t.team.slug)?.name).toBe("Support crew");
    expect(await db.auditEvent.count({ where: { teamId: t.team.id, action: "team.renamed" } })).toBe(1);
  });

  it("moves a team nobody else knows yet (the one sign-up made) to a URL from its new name", async () => {
    const owner = await createUser(db);
    const suffix = owner.id.slice(-6).toLowerCase();
    const team = await db.team.create({ data: { slug: `own-${suffix}`, name: "Own team" } });
    await db.membership.create({ data: { teamId: team.id, userId: owner.id, role: "owner" } });
    const renamed = await callerFor(db, owner).team.rename({ team: team.slug, name: `Acme Robotics ${suffix}` });
    expect(renamed).toEqual({ slug: `acme-robotics-${suffix}`, name: `Acme Robotics ${suffix}` });
  });

  it("lets only owners manage members", async () => {
    await expect(
      callerFor(db, t.editor).team.invite({ team: t.team.slug, email: "x@example.test", role: "viewer" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    // An existing account joins through the link too (accounts are not e-mail-verified, so the address is unproven).
    const added = await callerFor(db, t.owner).team.invite({
      team: t.team.slug,
      email: t.stranger.email.toUpperCase(),
      role: "viewer",
    });
    expect(added).toMatchObject({ email: t.stranger.email, role: "viewer", status: "invited" });
    await callerFor(db, t.stranger).team.acceptInvitation({ token: added.link.split("/invite/")[1]! });
    await expect(
      callerFor(db, t.owner).team.invite({ team: t.team.slug, email: t.stranger.email, role: "viewer" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const members = await callerFor(db, t.viewer).team.members({ team: t.team.slug });
    expect(members.members.map((m) => m.email)).toContain(t.stranger.email);
    await callerFor(db, t.owner).team.setRole({ team: t.team.slug, userId: t.stranger.id, role: null });
    await expect(callerFor(db, t.stranger).catalog.list({ team: t.team.slug })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const audit = await db.auditEvent.findMany({ where: { teamId: t.team.id }, orderBy: { at: "asc" } });
    expect(audit.map((e) => e.action)).toEqual(["member.invited", "member.joined", "member.removed"]);
  });

  it("keeps at least one owner", async () => {
    await expect(
      callerFor(db, t.owner).team.setRole({ team: t.team.slug, userId: t.owner.id, role: "editor" }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/at least one owner/),
    });
  });

  it("validates input with a message that says what to fix", async () => {
    await expect(
      callerFor(db, t.owner).team.invite({ team: t.team.slug, email: "not-an-email", role: "viewer" }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/valid email/),
    });
  });
});
