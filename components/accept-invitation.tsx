"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "./trpc-provider";
import { useHydrated } from "./use-hydrated";

/** The "Join" step of an invite link, for the signed-in account of the invited address. */
export function AcceptInvitation({
  token,
  invitedEmail,
  signedInEmail,
}: {
  token: string;
  invitedEmail: string;
  signedInEmail: string;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const hydrated = useHydrated();
  const accept = useMutation(
    trpc.team.acceptInvitation.mutationOptions({
      onSuccess: ({ team }) => router.push(`/t/${team}`),
      meta: { success: "You joined the team" },
    }),
  );
  if (invitedEmail !== signedInEmail.toLowerCase()) {
    return (
      <p role="alert">
        You are signed in as {signedInEmail}; this invitation is for {invitedEmail}. Sign out and sign in (or create an
        account) with that address.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <button
        type="button"
        disabled={!hydrated || accept.isPending}
        onClick={() => accept.mutate({ token })}
        className="rounded bg-stone-900 px-3 py-1.5 text-white disabled:opacity-60"
      >
        Join the team
      </button>
      {accept.error && (
        <p role="alert" className="text-red-700">
          {accept.error.message}
        </p>
      )}
    </div>
  );
}
