"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { authClient } from "../auth-client";
import { safeNextPath } from "../safe-next-path";
import { useTRPCClient } from "../trpc-provider";

const field = (form: FormData, name: string) => String(form.get(name) ?? "");

/** Sign-up checks the same password rule as the server first: it saves a round trip. */
async function localPasswordProblem(form: FormData, email: string): Promise<string | null> {
  // Loaded on demand: its dictionaries of common passwords are large.
  const { passwordProblem } = await import("@/server/auth/password-policy");
  return passwordProblem(field(form, "password"), [email, field(form, "name")]);
}

function signUpOrIn(isSignUp: boolean, form: FormData, email: string) {
  const password = field(form, "password");
  return isSignUp
    ? authClient.signUp.email({ email, password, name: field(form, "name").trim() || email.split("@")[0]! })
    : authClient.signIn.email({ email, password });
}

/** The sign-in / sign-up submit: its pending and error state, then the redirect to `next`. */
export function useAuthSubmit({ isSignUp, next }: { isSignUp: boolean; next: string | undefined }) {
  const router = useRouter();
  const trpcClient = useTRPCClient();
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  /** The account's own team is created as "<name>'s team"; the name typed at sign-up replaces it. */
  async function nameOwnTeam(teamName: string) {
    const teams = await trpcClient.team.mine.query();
    const own = teams.find((t) => t.role === "owner" && t.catalogCount === 0);
    if (own && own.name !== teamName) await trpcClient.team.rename.mutate({ team: own.slug, name: teamName });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = field(form, "email").trim();
    setError(null);
    setIsPending(true);
    const problem = isSignUp ? await localPasswordProblem(form, email) : null;
    if (problem) {
      setIsPending(false);
      setError(problem);
      return;
    }
    const result = await signUpOrIn(isSignUp, form, email);
    setIsPending(false);
    if (result.error) {
      setError(result.error.message ?? "That did not work; check the fields and try again.");
      return;
    }
    const teamName = field(form, "team").trim();
    if (isSignUp && teamName) {
      try {
        await nameOwnTeam(teamName);
      } catch (e) {
        toast.error(`Your account is ready, but the team keeps its default name: ${(e as Error).message}`);
      }
    }
    router.push(safeNextPath(next));
    router.refresh();
  }

  return { error, isPending, onSubmit };
}
