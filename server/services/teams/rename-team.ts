import "server-only";
import type { PrismaClient, Team } from "@prisma/client";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { slugify, uniqueTeamSlug } from "./slugify";

export const MAX_TEAM_NAME_LENGTH = 80;

/**
 * Renames a team (sign-up asks for the name; owners change it later). A team nobody else can know yet (its owner
 * alone, no catalog, no invitation: the one sign-up just made) takes a URL from its new name; otherwise the slug,
 * and so every URL, stays.
 */
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
  const moves = slugify(name) !== team.slug && (await isUnknownYet(db, team));
  const slug = moves ? await uniqueTeamSlug(db, name) : team.slug;
  return db.$transaction(async (tx) => {
    const updated = await tx.team.update({
      where: { id: team.id },
      data: { name, slug },
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

async function isUnknownYet(db: PrismaClient, team: Team): Promise<boolean> {
  const [members, catalogs, invitations] = await Promise.all([
    db.membership.count({ where: { teamId: team.id } }),
    db.catalog.count({ where: { teamId: team.id } }),
    db.invitation.count({ where: { teamId: team.id } }),
  ]);
  return members <= 1 && catalogs === 0 && invitations === 0;
}
