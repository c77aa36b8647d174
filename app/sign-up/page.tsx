import type { Metadata } from "next";
import { AuthForm } from "@/components/auth-form";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ next?: string; email?: string }> }) {
  const { next, email } = await searchParams;
  return <AuthForm mode="sign-up" next={typeof next === "string" ? next : undefined} email={typeof email === "string" ? email : undefined} />;
}
