import type { PrismaClient } from "@prisma/client";
import { uniqueTeamSlug } from "./slugify";

interface OnUserCreatedOptions {
  db: PrismaClient;
  user: { id: string; email: string; name: string };
}

/** Every new account owns a team of its own, and joins the teams that invited its email address. */
export async function onUserCreated({ db, user }: OnUserCreatedOptions): Promise<void> {
  const label = user.name.trim() || user.email.split("@")[0] || "team";
  const slug = await uniqueTeamSlug(db, label);
  const email = user.email.toLowerCase();
  await db.$transaction(async (tx) => {
    const team = await tx.team.create({ data: { slug, name: `${label}'s team` } });
    await tx.membership.create({ data: { teamId: team.id, userId: user.id, role: "owner" } });
    const invitations = await tx.invitation.findMany({ where: { email } });
    for (const invitation of invitations) {
      await tx.membership.upsert({
        where: { teamId_userId: { teamId: invitation.teamId, userId: user.id } },
        create: { teamId: invitation.teamId, userId: user.id, role: invitation.role },
        update: {},
      });
      await tx.auditEvent.create({
        data: {
          teamId: invitation.teamId,
          actorId: user.id,
          actorLabel: email,
          action: "member.joined",
          targetType: "user",
          targetId: user.id,
          after: { email, role: invitation.role },
        },
      });
    }
    await tx.invitation.deleteMany({ where: { email } });
  });
}
