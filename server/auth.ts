import "server-only";
import { getDb } from "./db";
import { createAuth, type Auth } from "./auth/create-auth";
import { getEnv } from "./env";
import { onUserCreated } from "./services/teams/on-user-created";
import { resolveAuthSecret } from "./auth/secret";
import { AddressLimiter } from "./auth/address-limiter";
import { CLIENT_ADDRESS_HEADER } from "./trusted-proxies";
import { invalidateSessions, MAX_CACHED_COOKIE_LENGTH, sessionCache } from "./auth/session-cache";

const globalForAuth = globalThis as unknown as {
  stockroomAuth?: Promise<Auth>;
  stockroomSignInAddresses?: AddressLimiter;
};

/** This process's per-address sign-in budget, shared by better-auth's hooks and the HTTP front's refusals. */
function signInAddresses(): AddressLimiter {
  globalForAuth.stockroomSignInAddresses ??= new AddressLimiter({ perMinute: getEnv().STOCKROOM_SIGNIN_PER_MINUTE });
  return globalForAuth.stockroomSignInAddresses;
}

/** Counts a request refused for its size against its address's sign-in budget (issue 33, item 2). */
export function countRefusedRequest(headers: { get(name: string): string | null }): void {
  signInAddresses().count(headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown");
}

/** The better-auth instance of this process, over the one database. */
export function getAuth(): Promise<Auth> {
  globalForAuth.stockroomAuth ??= (async () => {
    const env = getEnv();
    const db = await getDb();
    return createAuth({
      db,
      secret: await resolveAuthSecret(env),
      baseURL: env.STOCKROOM_URL,
      signInPerMinute: env.STOCKROOM_SIGNIN_PER_MINUTE,
      signInFailures: env.STOCKROOM_SIGNIN_FAILURES,
      onAccountChange: () => invalidateSessions(db),
      // The composition point: the auth module knows no service; every new account gets a team of its own here.
      onUserCreated: (user) => onUserCreated({ db, user }),
      addressLimiter: signInAddresses(),
    });
  })();
  return globalForAuth.stockroomAuth;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** The signed-in user of a request's session cookie, or null; repeat look-ups come from the session cache. */
export async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
  const cookie = headers.get("cookie");
  const key = cookie && cookie.length <= MAX_CACHED_COOKIE_LENGTH ? cookie : null;
  const cache = sessionCache();
  const cached = key ? cache.get(key) : undefined;
  if (cached && cached.expiresAtMs > Date.now()) return cached.user;
  const generation = cache.currentGeneration;
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const user = { id: session.user.id, email: session.user.email, name: session.user.name };
  if (key) cache.set(key, { user, expiresAtMs: new Date(session.session.expiresAt).getTime() }, { generation });
  return user;
}
