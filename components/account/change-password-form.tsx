"use client";

import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { buttonClass, inputClass } from "@/components/ui/control-styles";
import { Field } from "@/components/ui/field";
import { useHydrated } from "@/components/use-hydrated";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_RULE } from "@/server/auth/password-limits";
import { authClient } from "../auth-client";

/**
 * A new password, checked by the same policy as sign-up, set through better-auth's change-password. The server
 * ends every other session of the account whatever is asked (server/auth/auth-hooks.ts); this browser gets a new one.
 */
export function ChangePasswordForm({ email, onChanged }: { email: string; onChanged: () => void }) {
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get("currentPassword") ?? "");
    const newPassword = String(data.get("newPassword") ?? "");
    setError(null);
    // The server checks the same rule; loaded on demand (its dictionaries are large).
    const { passwordProblem } = await import("@/server/auth/password-policy");
    const problem = passwordProblem(newPassword, [email]);
    if (problem) return setError(problem);
    setPending(true);
    const result = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
    setPending(false);
    if (result.error) return setError(result.error.message ?? "The password was not changed; try again.");
    form.reset();
    toast.success("Password changed; every other session has ended.");
    onChanged();
  }

  return (
    <form onSubmit={onSubmit} className="max-w-sm space-y-3" aria-label="Change password">
      <Field label="Current password" htmlFor="current-password">
        <input
          id="current-password"
          name="currentPassword"
          type="password"
          required
          maxLength={MAX_PASSWORD_LENGTH}
          autoComplete="current-password"
          className={inputClass}
        />
      </Field>
      <Field label="New password" htmlFor="new-password" hint={PASSWORD_RULE} error={error}>
        <input
          id="new-password"
          name="newPassword"
          type="password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          maxLength={MAX_PASSWORD_LENGTH}
          autoComplete="new-password"
          className={inputClass}
        />
      </Field>
      <button type="submit" disabled={!hydrated || pending} className={buttonClass}>
        {pending ? "Changing…" : "Change password"}
      </button>
    </form>
  );
}
