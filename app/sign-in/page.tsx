import type { Metadata } from "next";
import { AuthForm } from "@/components/auth-form";
import { safeNextPath } from "@/components/safe-next-path";
import { SiteFrame } from "@/components/ui/site-frame";
import { findDemoSignIn } from "@/server/services/seed/find-demo-sign-in";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  const demo = await findDemoSignIn();
  return (
    <SiteFrame>
      <AuthForm mode="sign-in" next={safeNextPath(next)} demo={demo} />
    </SiteFrame>
  );
}
