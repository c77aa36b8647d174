import { z } from "zod";
import { roleSchema } from "@/domain/vocabulary";
import { getEnv } from "../env";
import { authedProcedure, publicProcedure, router, teamProcedure } from "../trpc";
import { acceptInvitation, describeInvitation, inviteMember, revokeInvitation } from "../services/teams/invitations";
import { changeMemberRole, listMyTeams, listTeamMembers } from "../services/teams/members";
import { MAX_TEAM_NAME_LENGTH, renameTeam } from "../services/teams/rename-team";

const ROLE = roleSchema;
const TOKEN = z.string().trim().min(1, "The invitation link is incomplete.").max(100);
const mailSettings = () => ({ smtpUrl: getEnv().STOCKROOM_SMTP_URL, from: getEnv().STOCKROOM_MAIL_FROM });

export const teamRouter = router({
  mine: authedProcedure
    .output(
      z.array(
        z.object({ id: z.string(), slug: z.string(), name: z.string(), role: ROLE, catalogCount: z.number().int() }),
      ),
    )
    .query(({ ctx }) => listMyTeams({ db: ctx.db, userId: ctx.user.id })),

  members: teamProcedure("viewer")
    .output(
      z.object({
        members: z.array(
          z.object({ id: z.string(), email: z.string(), name: z.string(), role: ROLE, since: z.date() }),
        ),
        invitations: z.array(
          z.object({
            email: z.string(),
            role: ROLE,
            createdAt: z.date(),
            expiresAt: z.date().nullable(),
            expired: z.boolean(),
          }),
        ),
      }),
    )
    .query(({ ctx }) => listTeamMembers({ db: ctx.db, team: ctx.team })),

  /** A pending invitation and its single-use link, shown once to the inviter (and e-mailed when SMTP is set). */
  invite: teamProcedure("owner")
    .input(z.object({ email: z.string().trim().email("Enter a valid email address.").max(254), role: ROLE }))
    .output(
      z.object({
        email: z.string(),
        role: ROLE,
        status: z.literal("invited"),
        link: z.string(),
        expiresAt: z.date(),
        emailed: z.boolean(),
      }),
    )
    .mutation(({ ctx, input }) =>
      inviteMember({
        db: ctx.db,
        team: ctx.team,
        actor: ctx.actor,
        email: input.email,
        role: input.role,
        baseUrl: getEnv().STOCKROOM_URL,
        mail: mailSettings(),
      }),
    ),

  /** Who holds the link sees which team and address it is for. */
  invitation: publicProcedure
    .input(z.object({ token: TOKEN }))
    .output(
      z.object({
        team: z.object({ slug: z.string(), name: z.string() }),
        email: z.string(),
        role: ROLE,
        expiresAt: z.date(),
      }),
    )
    .query(({ ctx, input }) => describeInvitation({ db: ctx.db, token: input.token })),

  acceptInvitation: authedProcedure
    .input(z.object({ token: TOKEN }))
    .output(z.object({ team: z.string(), role: ROLE }))
    .mutation(({ ctx, input }) => acceptInvitation({ db: ctx.db, user: ctx.user, token: input.token })),

  setRole: teamProcedure("owner")
    .input(z.object({ userId: z.string().min(1).max(64), role: ROLE.nullable() }))
    .output(z.void())
    .mutation(({ ctx, input }) =>
      changeMemberRole({
        db: ctx.db,
        team: ctx.team,
        actor: ctx.actor,
        userId: input.userId,
        role: input.role,
      }),
    ),

  revokeInvitation: teamProcedure("owner")
    .input(z.object({ email: z.string().trim().email().max(254) }))
    .output(z.void())
    .mutation(({ ctx, input }) =>
      revokeInvitation({ db: ctx.db, team: ctx.team, actor: ctx.actor, email: input.email }),
    ),

  rename: teamProcedure("owner")
    .input(
      z.object({
        name: z
          .string()
          .trim()
          .min(1, "Enter a team name.")
          .max(MAX_TEAM_NAME_LENGTH, `Keep the team name under ${MAX_TEAM_NAME_LENGTH} characters.`),
      }),
    )
    .output(z.object({ slug: z.string(), name: z.string() }))
    .mutation(({ ctx, input }) => renameTeam({ db: ctx.db, team: ctx.team, actor: ctx.actor, name: input.name })),
});
