import { describe, expect, it } from "vitest";
import { callerFor, createTeamWithMembers, createUser } from "../../testing/factories";
import { outcomeCode } from "../../testing/outcome";
import { useSmtpCapture } from "../../testing/use-smtp-capture";
import { useTestDatabase } from "../../testing/use-test-database";
import { inviteMember } from "./invitations";

const { db } = useTestDatabase();
const tokenOf = (link: string) => link.split("/invite/")[1]!;

async function invited(role: "owner" | "editor" | "viewer" = "owner") {
  const t = await createTeamWithMembers(db);
  const invitee = await createUser(db);
  const owner = callerFor(db, t.owner);
  const invitation = await owner.team.invite({ team: t.team.slug, email: invitee.email.toUpperCase(), role });
  return { ...t, invitee, owner, invitation, token: tokenOf(invitation.link) };
}

describe("invitations need the link (issue #17 item 3)", () => {
  it("shows the link once, lists it as pending with its expiry, and joins the invited address once", async () => {
    const { team, invitee, owner, invitation, token } = await invited("editor");
    expect(invitation.link).toMatch(/^http:\/\/localhost:3000\/invite\/inv_[A-Za-z0-9_-]{32}$/);
    const days = (invitation.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const pending = (await owner.team.members({ team: team.slug })).invitations;
    expect(pending).toEqual([expect.objectContaining({ email: invitee.email, role: "editor", expired: false })]);
    expect(JSON.stringify(pending)).not.toContain(token); // only shown at creation

    expect(await callerFor(db, null).team.invitation({ token })).toMatchObject({
      email: invitee.email,
      team: { slug: team.slug },
    });
    expect(await callerFor(db, invitee).team.acceptInvitation({ token })).toEqual({ team: team.slug, role: "editor" });
    expect(await db.membership.findFirst({ where: { teamId: team.id, userId: invitee.id } })).toMatchObject({
      role: "editor",
    });
    expect(await outcomeCode(callerFor(db, invitee).team.acceptInvitation({ token }))).toBe("NOT_FOUND"); // single use
    expect((await owner.team.members({ team: team.slug })).invitations).toEqual([]);
  });

  it("refuses the link to another account, and a guessed, revoked, replaced or expired link", async () => {
    const { team, invitee, owner, stranger, token } = await invited();
    expect(await outcomeCode(callerFor(db, stranger).team.acceptInvitation({ token }))).toBe("FORBIDDEN");
    expect(await outcomeCode(callerFor(db, invitee).team.acceptInvitation({ token: `inv_${"A".repeat(32)}` }))).toBe(
      "NOT_FOUND",
    );
    expect(await outcomeCode(callerFor(db, null).team.acceptInvitation({ token }))).toBe("UNAUTHORIZED");

    const again = await owner.team.invite({ team: team.slug, email: invitee.email, role: "viewer" });
    expect(await outcomeCode(callerFor(db, invitee).team.acceptInvitation({ token }))).toBe("NOT_FOUND"); // replaced
    await db.invitation.updateMany({ where: { teamId: team.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await outcomeCode(callerFor(db, invitee).team.acceptInvitation({ token: tokenOf(again.link) }))).toBe(
      "NOT_FOUND",
    );
    expect((await owner.team.members({ team: team.slug })).invitations[0]).toMatchObject({ expired: true });

    const third = await owner.team.invite({ team: team.slug, email: invitee.email, role: "viewer" });
    await owner.team.revokeInvitation({ team: team.slug, email: invitee.email });
    expect(await outcomeCode(callerFor(db, invitee).team.acceptInvitation({ token: tokenOf(third.link) }))).toBe(
      "NOT_FOUND",
    );
    expect(await db.membership.count({ where: { teamId: team.id, userId: invitee.id } })).toBe(0);
  });

  it("an existing member cannot be invited again", async () => {
    const { team, owner, editor } = await createTeamWithMembers(db).then((t) => ({
      ...t,
      owner: callerFor(db, t.owner),
    }));
    expect(await outcomeCode(owner.team.invite({ team: team.slug, email: editor.email, role: "owner" }))).toBe(
      "CONFLICT",
    );
  });

  describe("with SMTP configured", () => {
    const { received, url: smtpUrl } = useSmtpCapture();

    it("e-mails the same link to the invited address", async () => {
      const t = await createTeamWithMembers(db);
      const result = await inviteMember({
        db,
        team: t.team,
        actor: { id: t.owner.id, label: t.owner.email },
        email: "Newcomer@Example.test",
        role: "viewer",
        baseUrl: "https://stockroom.example/",
        mail: { smtpUrl: smtpUrl(), from: "Stockroom <noreply@stockroom.example>" },
      });
      expect(result.emailed).toBe(true);
      expect(result.link).toMatch(/^https:\/\/stockroom\.example\/invite\/inv_/);
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toBe("newcomer@example.test");
      expect(received[0]!.text.replace(/=\r?\n/g, "")).toContain(result.link);
    });

    it("still shows the link when the mail cannot be sent", async () => {
      const t = await createTeamWithMembers(db);
      const options = {
        db,
        team: t.team,
        actor: { id: t.owner.id, label: t.owner.email },
        email: "x@example.test",
        role: "viewer" as const,
        baseUrl: "http://h",
      };
      const result = await inviteMember({ ...options, mail: { smtpUrl: "smtp://127.0.0.1:1", from: "s@h" } });
      expect(result).toMatchObject({ emailed: false, status: "invited" });
    });
  });
});
