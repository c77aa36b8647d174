import type { PrismaClient } from "@prisma/client";
import { uniqueTeamSlug } from "./slugify";

interface OnUserCreatedOptions {
  db: PrismaClient;
  user: { id: string; email: string; name: string };
}

/**
 * Every new account owns a team of its own. It joins no other team here: an invitation is accepted only with its
 * link (teams/invitations.ts), since signing up with an address proves nothing about owning it.
 */
export async function onUserCreated({ db, user }: OnUserCreatedOptions): Promise<void> {
  const label = user.name.trim() || user.email.split("@")[0] || "team";
  // The team's URL comes from the team's name ("Ada's team" → /t/adas-team), not from its owner's alone.
  const name = `${label}'s team`;
  const slug = await uniqueTeamSlug(db, name);
  await db.$transaction(async (tx) => {
    const team = await tx.team.create({ data: { slug, name } });
    await tx.membership.create({ data: { teamId: team.id, userId: user.id, role: "owner" } });
  });
}
