import type { Metadata } from "next";
import { AuthForm } from "@/components/auth-form";
import { SiteFrame } from "@/components/ui/site-frame";

export const metadata: Metadata = { title: "Create an account" };

export default function SignUpPage() {
  return (
    <SiteFrame>
      <AuthForm mode="sign-up" />
    </SiteFrame>
  );
}
