"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { refetchAfterChange } from "@/components/refetch";
import { useTRPC } from "@/components/trpc-provider";
import { ChangePasswordForm } from "./change-password-form";
import { SessionsPanel } from "./sessions-panel";

/** The signed-in person's account: their password and their sessions. */
export function AccountPage({ user }: { user: { email: string; name: string } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshSessions = () => refetchAfterChange(queryClient, { queryKey: trpc.account.sessions.queryKey() });
  return (
    <div className="space-y-8">
      <div>
        <h1 className="mb-1 text-2xl font-semibold">Account</h1>
        <p className="text-sm text-stone-600">
          Signed in as <strong>{user.email}</strong>.{" "}
          <Link href="/" className="underline">
            Back to your catalogs
          </Link>
        </p>
      </div>
      <section aria-labelledby="password-heading" className="space-y-3">
        <h2 id="password-heading" className="text-lg font-semibold">
          Password
        </h2>
        <p className="text-sm text-stone-600">Changing it signs out every other browser and device.</p>
        <ChangePasswordForm email={user.email} onChanged={refreshSessions} />
      </section>
      <section aria-labelledby="sessions-heading" className="space-y-3">
        <h2 id="sessions-heading" className="text-lg font-semibold">
          Sessions
        </h2>
        <p className="text-sm text-stone-600">Where your account is signed in. End any you do not recognise.</p>
        <SessionsPanel />
      </section>
    </div>
  );
}
