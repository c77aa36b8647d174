import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient, Role, Team } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { sendMail, type MailSettings } from "../mail/send-mail";
import { assertQuota } from "../quotas";

/**
 * Joining a team takes the invite link: a single-use secret that proves the invited address received it (by the
 * e-mail Stockroom sends, or from the inviter's hand). Signing up with the invited address alone grants nothing.
 */
export const INVITATION_DAYS = 7;
const LINK_PATH = "/invite/";
const TOKEN_PATTERN = /^inv_[A-Za-z0-9_-]{32}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const INVALID_LINK =
  "This invitation link is not valid: it was used, revoked, replaced by a newer one or has expired. Ask the team's owner for a new one.";

export interface InviteMemberOptions {
  db: PrismaClient;
  team: Team;
  actor: AuditActor;
  email: string;
  role: Role;
  /** The app's public URL (STOCKROOM_URL), for the link. */
  baseUrl: string;
  mail: MailSettings;
}

/** A pending invitation with a fresh link (an earlier link for the address stops working); e-mailed when SMTP is set. */
export async function inviteMember({ db, team, actor, email, role, baseUrl, mail }: InviteMemberOptions) {
  const normalized = email.trim().toLowerCase();
  const token = `inv_${randomBytes(24).toString("base64url")}`;
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  await db.$transaction(async (tx) => {
    const member = await tx.membership.findFirst({
      where: { teamId: team.id, user: { email: normalized } },
      select: { role: true },
    });
    if (member) throw new AppError("CONFLICT", `${normalized} is already a member (${member.role}).`);
    const data = { role, invitedById: actor.id, tokenHash: hashOf(token), expiresAt };
    await tx.invitation.upsert({
      where: { teamId_email: { teamId: team.id, email: normalized } },
      create: { teamId: team.id, email: normalized, ...data },
      update: data,
    });
    await recordAuditEvent({
      db: tx,
      teamId: team.id,
      actor,
      action: "member.invited",
      targetType: "user",
      targetId: normalized,
      after: { email: normalized, role, expiresAt: expiresAt.toISOString() },
    });
  });
  const link = `${baseUrl.replace(/\/$/, "")}${LINK_PATH}${token}`;
  const emailed = await sendMail(mail, {
    to: normalized,
    subject: `You are invited to ${team.name} on Stockroom`,
    text: `${actor.label} invited you to the team "${team.name}" on Stockroom as ${role}.\n\nJoin with this link (it works once, until ${expiresAt.toUTCString()}):\n${link}\n\nIf you did not expect this, ignore this message.\n`,
  });
  return { email: normalized, role, status: "invited" as const, link, expiresAt, emailed };
}

/** The invitation behind a link, or NOT_FOUND saying why a link stops working. */
async function findByToken(db: Pick<PrismaClient, "invitation">, token: string) {
  if (!TOKEN_PATTERN.test(token)) throw new AppError("NOT_FOUND", INVALID_LINK);
  const invitation = await db.invitation.findUnique({
    where: { tokenHash: hashOf(token) },
    include: { team: { select: { id: true, slug: true, name: true } } },
  });
  if (!invitation || !invitation.expiresAt || invitation.expiresAt.getTime() <= Date.now())
    throw new AppError("NOT_FOUND", INVALID_LINK);
  return invitation;
}

/** What the invite page shows to whoever holds the link. */
export async function describeInvitation({ db, token }: { db: PrismaClient; token: string }) {
  const invitation = await findByToken(db, token);
  return { team: invitation.team, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt! };
}

/** Joins the signed-in user to the team, once: the link's address must be theirs. */
export async function acceptInvitation({
  db,
  user,
  token,
}: {
  db: PrismaClient;
  user: { id: string; email: string };
  token: string;
}) {
  return db.$transaction(async (tx) => {
    const invitation = await findByToken(tx, token);
    const email = user.email.toLowerCase();
    if (invitation.email !== email) {
      throw new AppError(
        "FORBIDDEN",
        `This invitation is for ${invitation.email}; you are signed in as ${email}. Sign in with the invited address.`,
      );
    }
    const teams = await tx.membership.count({ where: { userId: user.id } });
    assertQuota(
      "teamsPerUser",
      teams,
      1,
      "You are in as many teams as an account may be",
      "Leave a team you no longer need first.",
    );
    // Deleting first makes the link single-use even when two accepts race: only one deletes the row.
    const { count } = await tx.invitation.deleteMany({ where: { id: invitation.id } });
    if (count === 0) throw new AppError("NOT_FOUND", INVALID_LINK);
    await tx.membership.upsert({
      where: { teamId_userId: { teamId: invitation.teamId, userId: user.id } },
      create: { teamId: invitation.teamId, userId: user.id, role: invitation.role },
      update: {},
    });
    await recordAuditEvent({
      db: tx,
      teamId: invitation.teamId,
      actor: { id: user.id, label: email },
      action: "member.joined",
      targetType: "user",
      targetId: user.id,
      after: { email, role: invitation.role },
    });
    return { team: invitation.team.slug, role: invitation.role };
  });
}

export async function revokeInvitation({
  db,
  team,
  actor,
  email,
}: {
  db: PrismaClient;
  team: Team;
  actor: AuditActor;
  email: string;
}) {
  const { count } = await db.invitation.deleteMany({ where: { teamId: team.id, email: email.toLowerCase() } });
  if (count === 0) throw new AppError("NOT_FOUND", `No pending invitation for ${email}.`);
  await recordAuditEvent({
    db,
    teamId: team.id,
    actor,
    action: "member.invitation_revoked",
    targetType: "user",
    targetId: email,
  });
}
