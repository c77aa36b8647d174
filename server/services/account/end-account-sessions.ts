import type { PrismaClient } from "@prisma/client";
import type { Auth } from "../../auth/create-auth";
import { AppError } from "../../errors";

/** better-auth refuses a request it cannot tie to a live session (401) or a body it rejects: a 4xx, never a 500. */
async function throughAuth(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 401) throw new AppError("UNAUTHORIZED", "Your session has ended; sign in again.");
    if (status !== undefined && status >= 400 && status < 500)
      throw new AppError("INVALID_INPUT", (error as Error).message || "The session could not be ended.");
    throw error;
  }
}

/**
 * Ends one of the person's other sessions through better-auth's revoke-session (its hooks clear the session
 * cache, so the ended cookie stops working at once, in every process). Another person's session, an unknown or
 * expired one is NOT_FOUND; the session of this request is refused (signing out ends it).
 */
export async function endAccountSession({
  db,
  auth,
  headers,
  userId,
  currentSessionId,
  sessionId,
}: {
  db: PrismaClient;
  auth: Auth;
  headers: Headers;
  userId: string;
  currentSessionId: string | null;
  sessionId: string;
}): Promise<void> {
  if (sessionId === currentSessionId)
    throw new AppError("INVALID_INPUT", "That is the session you are using; sign out to end it.");
  const session = await db.session.findFirst({ where: { id: sessionId, userId }, select: { token: true } });
  if (!session) throw new AppError("NOT_FOUND", "That session was not found; it may have ended already.");
  await throughAuth(() => auth.api.revokeSession({ headers, body: { token: session.token } }));
}

/**
 * Ends every session of the person but this request's. It goes through better-auth's internal adapter (the same
 * calls its revoke-other-sessions makes, so the session cache is cleared too), keyed on the signed-in user rather
 * than on better-auth re-reading the cookie: a request without a session of its own keeps none.
 */
export async function endOtherAccountSessions({
  auth,
  userId,
  currentSessionId,
}: {
  auth: Auth;
  userId: string;
  currentSessionId: string | null;
}): Promise<void> {
  const { internalAdapter } = await auth.$context;
  const sessions = await internalAdapter.listSessions(userId);
  const others = sessions.filter((session) => session.id !== currentSessionId);
  await Promise.all(others.map((session) => internalAdapter.deleteSession(session.token)));
}
