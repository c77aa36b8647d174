"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "./trpc-provider";
import { InviteForm } from "./invite-form";
import { refetchAfterChange } from "./refetch";
import { RelativeTime } from "./ui/relative-time";
import { optionsOf, Select } from "./ui/select";

import { ROLES } from "@/domain/vocabulary";

export function MembersPanel({ team, canManage }: { team: string; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.team.members.queryOptions({ team }));
  const refresh = () => refetchAfterChange(queryClient, { queryKey: trpc.team.members.queryKey({ team }) });
  const setRole = useMutation(
    trpc.team.setRole.mutationOptions({
      onSuccess: refresh,
      meta: { success: "Role changed", errorTitle: "The role was not changed" },
    }),
  );
  const revoke = useMutation(
    trpc.team.revokeInvitation.mutationOptions({
      onSuccess: refresh,
      meta: { success: "Invitation revoked", errorTitle: "The invitation was not revoked" },
    }),
  );

  const error = setRole.error ?? revoke.error;
  return (
    <div className="space-y-6">
      <table className="w-full bg-white text-sm" aria-label="Members">
        <thead>
          <tr className="border-b border-stone-200 text-left text-stone-500">
            <th className="px-3 py-2 font-medium">Member</th>
            <th className="px-3 py-2 font-medium">Role</th>
          </tr>
        </thead>
        <tbody>
          {!members.data && (
            <tr>
              <td colSpan={2} className="px-3 py-4 text-stone-500">
                {members.error ? members.error.message : "Loading members…"}
              </td>
            </tr>
          )}
          {members.data?.members.map((m) => (
            <tr key={m.id} className="border-b border-stone-100">
              <td className="px-3 py-2">
                {m.name} <span className="text-stone-500">{m.email}</span>
              </td>
              <td className="px-3 py-2">
                {canManage ? (
                  <Select
                    aria-label={`Role of ${m.email}`}
                    value={m.role}
                    onValueChange={(role) => setRole.mutate({ team, userId: m.id, role })}
                    options={optionsOf(ROLES)}
                  />
                ) : (
                  m.role
                )}
              </td>
            </tr>
          ))}
          {members.data?.invitations.map((i) => (
            <tr key={i.email} className="border-b border-stone-100 text-stone-500">
              <td className="px-3 py-2">
                {i.email} (invited){" "}
                <span className="text-xs">
                  {i.expired || !i.expiresAt ? (
                    "link expired: invite again"
                  ) : (
                    <>
                      pending, expires <RelativeTime date={i.expiresAt} />
                    </>
                  )}
                </span>
              </td>
              <td className="px-3 py-2">
                {i.role}
                {canManage && (
                  <button
                    type="button"
                    onClick={() => revoke.mutate({ team, email: i.email })}
                    className="ml-3 text-xs underline"
                    aria-label={`Revoke the invitation of ${i.email}`}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {canManage && <InviteForm team={team} onInvited={refresh} />}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}
