import type { Metadata } from "next";
import Link from "next/link";
import { TRPCError } from "@trpc/server";
import { AcceptInvitation } from "@/components/accept-invitation";
import { safeNextPath } from "@/components/safe-next-path";
import { api } from "@/server/caller";

export const metadata: Metadata = { title: "Invitation" };
export const dynamic = "force-dynamic";

/** Where an invite link lands: the team and address it is for, and the way in for the invited account. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const caller = await api();
  const invitation = await caller.team.invitation({ token }).catch((error: unknown) => {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST"))
      return error.message;
    throw error;
  });
  const me = await caller.account.me().catch(() => null);
  const next = encodeURIComponent(safeNextPath(`/invite/${encodeURIComponent(token)}`));
  return (
    <div className="mx-auto mt-24 w-full max-w-md space-y-4 rounded-lg border border-stone-200 bg-white p-6 text-sm shadow-sm">
      <h1 className="text-xl font-semibold">Team invitation</h1>
      {typeof invitation === "string" ? (
        <p role="alert">{invitation}</p>
      ) : (
        <>
          <p>
            <strong>{invitation.email}</strong> is invited to <strong>{invitation.team.name}</strong> as{" "}
            {invitation.role} (until {invitation.expiresAt.toUTCString()}).
          </p>
          {me ? (
            <AcceptInvitation token={token} invitedEmail={invitation.email} signedInEmail={me.email} />
          ) : (
            <p>
              <Link className="underline" href={`/sign-up?next=${next}&email=${encodeURIComponent(invitation.email)}`}>
                Create an account
              </Link>{" "}
              or{" "}
              <Link className="underline" href={`/sign-in?next=${next}`}>
                sign in
              </Link>{" "}
              as {invitation.email} to join.
            </p>
          )}
        </>
      )}
    </div>
  );
}
