import type { PrismaClient } from "@prisma/client";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { createAuthHooks } from "./auth-hooks";
import { CLIENT_ADDRESS_HEADER } from "../trusted-proxies";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-policy";
import { SignInThrottle } from "./sign-in-throttle";
import { AddressLimiter } from "./address-limiter";
import { log } from "../ops/logger";

export interface CreateAuthOptions {
  db: PrismaClient;
  secret: string;
  baseURL: string;
  /** Sign-in and sign-up attempts per minute per client address (all accounts together). */
  signInPerMinute: number;
  /** Wrong passwords for one account from one address before that pair waits 15 minutes. */
  signInFailures?: number;
  /**
   * Called after anything that can end a session or change its user (better-auth endpoints other than
   * get-session, session and user updates and deletes): clears cached session look-ups (server/auth.ts).
   */
  onAccountChange?: () => Promise<void>;
  /** Called once a new account exists (the app gives every new user a team of its own: server/auth.ts). */
  onUserCreated: (user: { id: string; email: string; name: string }) => Promise<void>;
  /**
   * Sign-in and sign-up attempts per address, shared with the HTTP front, which counts the requests it refuses
   * for an oversized body there (server/auth.ts); by default one of this instance's own.
   */
  addressLimiter?: AddressLimiter;
}

const FAILURE_WINDOW_SECONDS = 15 * 60;

/**
 * Email + password accounts (scrypt hashes), sessions in the database; what a new account gets is the caller's.
 * Kept free of the process singletons so tests can build one over their own database.
 * Client addresses come from the header `scripts/serve.mjs` sets from the socket (see client-address.ts).
 */
export function createAuth({
  db,
  secret,
  baseURL,
  signInPerMinute,
  signInFailures = 5,
  onAccountChange,
  onUserCreated,
  addressLimiter = new AddressLimiter({ perMinute: signInPerMinute }),
}: CreateAuthOptions) {
  const throttle = new SignInThrottle({ maxFailures: signInFailures, windowSeconds: FAILURE_WINDOW_SECONDS });
  return betterAuth({
    appName: "Stockroom",
    secret,
    baseURL,
    // Its lines join the app's JSON log; only an error object of its arguments is kept (the rest may hold input).
    logger: {
      log: (level, message, ...args) =>
        log()[level]({ source: "better-auth", err: args.find((arg) => arg instanceof Error) }, message),
    },
    database: prismaAdapter(db, { provider: "postgresql" }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
    },
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: signInPerMinute },
        "/sign-up/email": { window: 60, max: signInPerMinute },
      },
    },
    hooks: createAuthHooks({ throttle, addressLimiter, onAccountChange }),
    // Session cookies are HttpOnly and SameSite=Lax always, Secure in production.
    advanced: {
      cookiePrefix: "stockroom",
      useSecureCookies: process.env.NODE_ENV === "production",
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // The session and its user in one Prisma query (an include) rather than two: every request reads them.
      database: { joins: true },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await onUserCreated({ id: user.id, email: user.email, name: user.name });
          },
        },
        update: { after: async () => onAccountChange?.() },
        delete: { after: async () => onAccountChange?.() },
      },
      session: {
        update: { after: async () => onAccountChange?.() },
        delete: { after: async () => onAccountChange?.() },
      },
    },
    telemetry: { enabled: false },
    plugins: [nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
