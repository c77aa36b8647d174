import "server-only";
import { getDb } from "./db";
import { createAuth, type Auth } from "./auth/create-auth";
import { getEnv } from "./env";
import { resolveAuthSecret } from "./auth/secret";

const globalForAuth = globalThis as unknown as { stockroomAuth?: Promise<Auth> };

/** The better-auth instance of this process, over the one database. */
export function getAuth(): Promise<Auth> {
  globalForAuth.stockroomAuth ??= (async () => {
    const env = getEnv();
    return createAuth({
      db: await getDb(),
      secret: await resolveAuthSecret(env),
      baseURL: env.STOCKROOM_URL,
      signInPerMinute: env.STOCKROOM_SIGNIN_PER_MINUTE,
      signInFailures: env.STOCKROOM_SIGNIN_FAILURES,
    });
  })();
  return globalForAuth.stockroomAuth;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  return { id: session.user.id, email: session.user.email, name: session.user.name };
}
