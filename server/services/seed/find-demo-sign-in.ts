import "server-only";
import type { PrismaClient } from "@prisma/client";
import { getDb } from "../../db";
import { getEnv } from "../../env";
import { DEMO_EMAIL } from "./seed-demo";

export type DemoSignIn = { email: string; password: string };

/** The demo account's credentials for the sign-in form, or null unless STOCKROOM_DEMO=1 and the demo user exists. */
export async function findDemoSignIn(options: { db?: PrismaClient } = {}): Promise<DemoSignIn | null> {
  const env = getEnv();
  if (env.STOCKROOM_DEMO !== "1") return null;
  const db = options.db ?? (await getDb());
  const count = await db.user.count({ where: { email: DEMO_EMAIL } });
  return count > 0 ? { email: DEMO_EMAIL, password: env.STOCKROOM_DEMO_PASSWORD } : null;
}
