import type { Metadata } from "next";
import { AuthForm } from "@/components/auth-form";
import { SiteFrame } from "@/components/ui/site-frame";
import { getDb } from "@/server/db";
import { getEnv } from "@/server/env";
import { DEMO_EMAIL } from "@/server/services/seed/seed-demo";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  const env = getEnv();
  const db = await getDb();
  const hasDemoUser = env.STOCKROOM_DEMO === "1" && (await db.user.count({ where: { email: DEMO_EMAIL } })) > 0;
  return (
    <SiteFrame>
      <AuthForm mode="sign-in" next={typeof next === "string" ? next : undefined} demo={hasDemoUser ? { email: DEMO_EMAIL, password: env.STOCKROOM_DEMO_PASSWORD } : null} />
    </SiteFrame>
  );
}
