"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTRPC } from "./trpc-provider";
import { RelativeTime } from "./ui/relative-time";
import { Select, type SelectOption } from "./ui/select";
import { UnsavedChangesGuard } from "./ui/unsaved-changes";
import { useHydrated } from "./use-hydrated";

import type { Role } from "@/domain/vocabulary";

const ROLE_OPTIONS: SelectOption<Role>[] = [
  { value: "viewer", label: "viewer — reads" },
  { value: "editor", label: "editor — edits tools" },
  { value: "owner", label: "owner — manages members and tokens" },
];

/** Invites by e-mail; the single-use link is shown here once, for the owner to send on. */
export function InviteForm({ team, onInvited }: { team: string; onInvited: () => Promise<unknown> | void }) {
  const trpc = useTRPC();
  const invite = useMutation(
    trpc.team.invite.mutationOptions({
      onSuccess: () => onInvited(),
      meta: { success: "Invitation created: send the link below", errorTitle: "No invitation was created" },
    }),
  );
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("editor");
  const [copied, setCopied] = useState(false);
  const hydrated = useHydrated();
  const roleId = useId();
  const sent = invite.data;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setCopied(false);
    invite.mutate({ team, email, role }, { onSuccess: () => setEmail("") });
  }

  async function copy(link: string) {
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  }

  return (
    <div className="space-y-3">
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
        <UnsavedChangesGuard isDirty={email.trim() !== "" && !invite.isPending} />
        <label className="max-w-full text-sm">
          Invite by email
          <input
            type="email"
            required
            disabled={!hydrated}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="mt-1 block w-72 max-w-full rounded border border-stone-300 px-2 py-1"
          />
        </label>
        <div className="max-w-full text-sm">
          <label htmlFor={roleId} className="block">
            Role
          </label>
          <Select
            id={roleId}
            disabled={!hydrated}
            value={role}
            onValueChange={setRole}
            options={ROLE_OPTIONS}
            className="mt-1"
          />
        </div>
        <button
          className="rounded bg-stone-900 px-3 py-1.5 text-sm text-white"
          disabled={!hydrated || invite.isPending}
        >
          Invite
        </button>
      </form>
      {sent && (
        <div
          role="status"
          aria-label="Invitation link"
          className="rounded border border-amber-300 bg-amber-50 p-3 text-sm"
        >
          <p>
            Send this link to <strong>{sent.email}</strong>
            {sent.emailed ? " (we also e-mailed it)" : ""}. It works once, expires{" "}
            <RelativeTime date={sent.expiresAt} />, and is not shown again.
          </p>
          <div className="mt-2 flex gap-2">
            <input
              readOnly
              aria-label="Invite link"
              value={sent.link}
              onFocus={(e) => e.target.select()}
              className="w-full rounded border border-stone-300 bg-white px-2 py-1 font-mono text-xs"
            />
            <button
              type="button"
              onClick={() => void copy(sent.link)}
              className="rounded border border-stone-300 bg-white px-2 py-1 text-sm"
            >
              {copied ? "Copied" : "Copy"}
            </button>
          </div>
        </div>
      )}
      {invite.error && (
        <p role="alert" className="text-sm text-red-700">
          {invite.error.message}
        </p>
      )}
    </div>
  );
}
