import type { Metadata } from "next";
import { AuthForm } from "@/components/auth-form";
import { safeNextPath } from "@/components/safe-next-path";
import { SiteFrame } from "@/components/ui/site-frame";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; email?: string }>;
}) {
  const { next, email } = await searchParams;
  return (
    <SiteFrame>
      <AuthForm mode="sign-up" next={safeNextPath(next)} email={typeof email === "string" ? email : undefined} />
    </SiteFrame>
  );
}
