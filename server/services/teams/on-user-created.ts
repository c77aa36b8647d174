import type { PrismaClient } from "@prisma/client";
import { uniqueTeamSlug } from "./slugify";

interface OnUserCreatedOptions {
  db: PrismaClient;
  user: { id: string; email: string; name: string };
}

/** Prisma's P2002, or Postgres's 23505 as the PGlite adapter passes it up (a DriverAdapterError's cause). */
function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return code === "P2002" || cause?.code === "23505";
}

/** Tries at a free team slug before a sign-up fails. */
const SLUG_ATTEMPTS = 5;

/**
 * Every new account owns a team of its own. It joins no other team here: an invitation is accepted only with its
 * link (teams/invitations.ts), since signing up with an address proves nothing about owning it.
 */
export async function onUserCreated({ db, user }: OnUserCreatedOptions): Promise<void> {
  const label = user.name.trim() || user.email.split("@")[0] || "team";
  // The team's URL comes from the team's name ("Ada's team" → /t/adas-team), not from its owner's alone.
  const name = `${label}'s team`;
  for (let attempt = 1; ; attempt++) {
    const slug = await uniqueTeamSlug(db, name);
    try {
      await db.$transaction(async (tx) => {
        const team = await tx.team.create({ data: { slug, name } });
        await tx.membership.create({ data: { teamId: team.id, userId: user.id, role: "owner" } });
      });
      return;
    } catch (error) {
      // Two people of the same name signing up at once (in two processes, say) pick the same free slug: the one
      // whose insert lost picks again.
      if (!isUniqueViolation(error) || attempt === SLUG_ATTEMPTS) throw error;
    }
  }
}
