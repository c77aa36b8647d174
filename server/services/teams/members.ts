import type { PrismaClient, Role, Team } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../audit/record-audit-event";

export async function listMyTeams({ db, userId }: { db: PrismaClient; userId: string }) {
  const memberships = await db.membership.findMany({
    where: { userId },
    select: { role: true, team: { select: { id: true, slug: true, name: true, _count: { select: { catalogs: { where: { archivedAt: null } } } } } } },
    orderBy: { createdAt: "asc" },
  });
  return memberships.map(({ role, team: { _count, ...team } }) => ({ ...team, role, catalogCount: _count.catalogs }));
}

export async function listTeamMembers({ db, team }: { db: PrismaClient; team: Team }) {
  const [members, invitations] = await Promise.all([
    db.membership.findMany({
      where: { teamId: team.id },
      select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
      orderBy: { createdAt: "asc" },
    }),
    db.invitation.findMany({ where: { teamId: team.id }, select: { email: true, role: true, createdAt: true }, orderBy: { createdAt: "asc" } }),
  ]);
  return {
    members: members.map((m) => ({ ...m.user, role: m.role, since: m.createdAt })),
    invitations,
  };
}

interface InviteMemberOptions {
  db: PrismaClient;
  team: Team;
  actor: AuditActor;
  email: string;
  role: Role;
}

/** Adds an existing account to the team at once; otherwise keeps an invitation that sign-up accepts. */
export async function inviteMember({ db, team, actor, email, role }: InviteMemberOptions) {
  const normalized = email.trim().toLowerCase();
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email: normalized }, select: { id: true } });
    if (user) {
      const existing = await tx.membership.findUnique({ where: { teamId_userId: { teamId: team.id, userId: user.id } } });
      if (existing) throw new AppError("CONFLICT", `${normalized} is already a member (${existing.role}).`);
      await tx.membership.create({ data: { teamId: team.id, userId: user.id, role } });
    } else {
      await tx.invitation.upsert({
        where: { teamId_email: { teamId: team.id, email: normalized } },
        create: { teamId: team.id, email: normalized, role, invitedById: actor.id },
        update: { role },
      });
    }
    await recordAuditEvent({ db: tx, teamId: team.id, actor, action: "member.invited", targetType: "user", targetId: normalized, after: { email: normalized, role } });
    return { email: normalized, role, status: user ? ("added" as const) : ("invited" as const) };
  });
}

interface ChangeMemberRoleOptions {
  db: PrismaClient;
  team: Team;
  actor: AuditActor;
  userId: string;
  role: Role | null; // null removes the member
}

/** Changes or removes a membership; a team always keeps at least one owner. */
export async function changeMemberRole({ db, team, actor, userId, role }: ChangeMemberRoleOptions) {
  return db.$transaction(async (tx) => {
    const membership = await tx.membership.findUnique({ where: { teamId_userId: { teamId: team.id, userId } } });
    if (!membership) throw new AppError("NOT_FOUND", "That person is not a member of this team.");
    if (membership.role === "owner" && role !== "owner") {
      const owners = await tx.membership.count({ where: { teamId: team.id, role: "owner" } });
      if (owners <= 1) throw new AppError("CONFLICT", "A team needs at least one owner: make someone else owner first.");
    }
    if (role) await tx.membership.update({ where: { id: membership.id }, data: { role } });
    else await tx.membership.delete({ where: { id: membership.id } });
    await recordAuditEvent({
      db: tx,
      teamId: team.id,
      actor,
      action: role ? "member.role_changed" : "member.removed",
      targetType: "user",
      targetId: userId,
      before: { role: membership.role },
      after: role ? { role } : null,
    });
  });
}

export async function revokeInvitation({ db, team, actor, email }: { db: PrismaClient; team: Team; actor: AuditActor; email: string }) {
  const { count } = await db.invitation.deleteMany({ where: { teamId: team.id, email: email.toLowerCase() } });
  if (count === 0) throw new AppError("NOT_FOUND", `No pending invitation for ${email}.`);
  await recordAuditEvent({ db, teamId: team.id, actor, action: "member.invitation_revoked", targetType: "user", targetId: email });
}
