import type { PrismaClient } from "@prisma/client";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { onUserCreated } from "../services/teams/on-user-created";

export interface CreateAuthOptions {
  db: PrismaClient;
  secret: string;
  baseURL: string;
  signInPerMinute: number;
}

/**
 * Email + password accounts (scrypt hashes), sessions in the database, a team for every new user.
 * Kept free of the process singletons so tests can build one over their own database.
 */
export function createAuth({ db, secret, baseURL, signInPerMinute }: CreateAuthOptions) {
  return betterAuth({
    appName: "Stockroom",
    secret,
    baseURL,
    database: prismaAdapter(db, { provider: "postgresql" }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
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
    // Session cookies are HttpOnly and SameSite=Lax always, Secure in production.
    advanced: { cookiePrefix: "stockroom", useSecureCookies: process.env.NODE_ENV === "production" },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await onUserCreated({ db, user: { id: user.id, email: user.email, name: user.name } });
          },
        },
      },
    },
    telemetry: { enabled: false },
    plugins: [nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
