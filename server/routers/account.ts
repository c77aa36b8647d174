import { z } from "zod";
import { getAuth } from "../auth";
import { endAccountSession, endOtherAccountSessions } from "../services/account/end-account-sessions";
import { listAccountSessions } from "../services/account/list-account-sessions";
import { authedProcedure, router } from "../trpc";

const sessionOutput = z.object({
  id: z.string(),
  createdAt: z.date(),
  lastActiveAt: z.date(),
  expiresAt: z.date(),
  ipAddress: z.string().nullable(),
  browser: z.string(),
  current: z.boolean(),
});

/** The session of this request (its cookie), as better-auth reads it; null for none. */
async function currentSessionId(headers: Headers): Promise<string | null> {
  const session = await (await getAuth()).api.getSession({ headers });
  return session?.session.id ?? null;
}

/**
 * The signed-in person's own account: who they are and their sessions. The password is changed through
 * better-auth's change-password (components/account/), which always ends every other session (auth-hooks.ts).
 */
export const accountRouter = router({
  me: authedProcedure
    .output(z.object({ id: z.string(), email: z.string(), name: z.string() }))
    .query(({ ctx }) => ({ id: ctx.user.id, email: ctx.user.email, name: ctx.user.name })),

  sessions: authedProcedure
    .output(z.array(sessionOutput))
    .query(async ({ ctx }) =>
      listAccountSessions({ db: ctx.db, userId: ctx.user.id, currentSessionId: await currentSessionId(ctx.headers) }),
    ),

  endSession: authedProcedure
    .input(z.object({ sessionId: z.string().trim().min(1, "sessionId is required").max(200) }))
    .output(z.object({ ended: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await endAccountSession({
        db: ctx.db,
        auth: await getAuth(),
        headers: ctx.headers,
        userId: ctx.user.id,
        currentSessionId: await currentSessionId(ctx.headers),
        sessionId: input.sessionId,
      });
      return { ended: true as const };
    }),

  endOtherSessions: authedProcedure.output(z.object({ ended: z.literal(true) })).mutation(async ({ ctx }) => {
    await endOtherAccountSessions({
      auth: await getAuth(),
      userId: ctx.user.id,
      currentSessionId: await currentSessionId(ctx.headers),
    });
    return { ended: true as const };
  }),
});
