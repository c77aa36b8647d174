import "server-only";
import type { PrismaClient, Team } from "@prisma/client";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";

export const MAX_TEAM_NAME_LENGTH = 80;

/** Renames a team (sign-up asks for the name; owners change it later). The slug, and so every URL, stays. */
export async function renameTeam({
  db,
  team,
  actor,
  name,
}: {
  db: PrismaClient;
  team: Team;
  actor: AuditActor;
  name: string;
}) {
  if (name === team.name) return { slug: team.slug, name };
  return db.$transaction(async (tx) => {
    const updated = await tx.team.update({
      where: { id: team.id },
      data: { name },
      select: { slug: true, name: true },
    });
    await recordAuditEvent({
      db: tx,
      teamId: team.id,
      actor,
      action: "team.renamed",
      targetType: "team",
      targetId: team.id,
      before: { name: team.name },
      after: { name },
    });
    return updated;
  });
}
