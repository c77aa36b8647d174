import type { PrismaClient, Role, Team } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";

export async function listMyTeams({ db, userId }: { db: PrismaClient; userId: string }) {
  const memberships = await db.membership.findMany({
    where: { userId },
    select: {
      role: true,
      team: {
        select: { id: true, slug: true, name: true, _count: { select: { catalogs: { where: { archivedAt: null } } } } },
      },
    },
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
    db.invitation.findMany({
      where: { teamId: team.id },
      select: { email: true, role: true, createdAt: true, expiresAt: true },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  return {
    members: members.map((m) => ({ ...m.user, role: m.role, since: m.createdAt })),
    // Pending until accepted or revoked; an expired one (or one from before links) needs a new invitation.
    invitations: invitations.map((i) => ({ ...i, expired: !i.expiresAt || i.expiresAt.getTime() <= Date.now() })),
  };
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
      if (owners <= 1)
        throw new AppError("CONFLICT", "A team needs at least one owner: make someone else owner first.");
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
