"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "./trpc-provider";
import { useHydrated } from "./use-hydrated";
import { refetchAfterChange } from "./refetch";

export function MembersPanel({ team, canManage }: { team: string; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.team.members.queryOptions({ team }));
  const refresh = () => refetchAfterChange(queryClient, { queryKey: trpc.team.members.queryKey({ team }) });
  const invite = useMutation(trpc.team.invite.mutationOptions({ onSuccess: refresh, meta: { success: "Invitation saved", errorTitle: "Nobody was invited" } }));
  const setRole = useMutation(trpc.team.setRole.mutationOptions({ onSuccess: refresh, meta: { success: "Role changed", errorTitle: "The role was not changed" } }));
  const [email, setEmail] = useState("");
  const [role, setRoleValue] = useState<"owner" | "editor" | "viewer">("editor");
  const hydrated = useHydrated();

  function onInvite(event: FormEvent) {
    event.preventDefault();
    invite.mutate({ team, email, role }, { onSuccess: () => setEmail("") });
  }

  const error = invite.error ?? setRole.error;
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
          {members.data?.members.map((m) => (
            <tr key={m.id} className="border-b border-stone-100">
              <td className="px-3 py-2">
                {m.name} <span className="text-stone-500">{m.email}</span>
              </td>
              <td className="px-3 py-2">
                {canManage ? (
                  <select
                    aria-label={`Role of ${m.email}`}
                    value={m.role}
                    onChange={(e) => setRole.mutate({ team, userId: m.id, role: e.target.value as typeof role })}
                    className="rounded border border-stone-300 px-1 py-0.5"
                  >
                    <option value="owner">owner</option>
                    <option value="editor">editor</option>
                    <option value="viewer">viewer</option>
                  </select>
                ) : (
                  m.role
                )}
              </td>
            </tr>
          ))}
          {members.data?.invitations.map((i) => (
            <tr key={i.email} className="border-b border-stone-100 text-stone-500">
              <td className="px-3 py-2">{i.email} (invited)</td>
              <td className="px-3 py-2">{i.role}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {canManage && (
        <form onSubmit={onInvite} className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            Invite by email
            <input
              type="email"
              required
              disabled={!hydrated}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="mt-1 block w-72 rounded border border-stone-300 px-2 py-1"
            />
          </label>
          <select aria-label="Role" disabled={!hydrated} value={role} onChange={(e) => setRoleValue(e.target.value as typeof role)} className="rounded border border-stone-300 px-2 py-1 text-sm">
            <option value="viewer">viewer — reads</option>
            <option value="editor">editor — edits tools</option>
            <option value="owner">owner — manages members and tokens</option>
          </select>
          <button className="rounded bg-stone-900 px-3 py-1.5 text-sm text-white" disabled={!hydrated || invite.isPending}>
            Invite
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}
