import type { Metadata } from "next";
import { AuthForm } from "@/components/auth-form";
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
      <AuthForm
        mode="sign-up"
        next={typeof next === "string" ? next : undefined}
        email={typeof email === "string" ? email : undefined}
      />
    </SiteFrame>
  );
}
