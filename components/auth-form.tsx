"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_RULE } from "@/server/auth/password-limits";
import { toast } from "sonner";
import { authClient } from "./auth-client";
import { useTRPCClient } from "./trpc-provider";
import { useHydrated } from "./use-hydrated";

interface AuthFormProps {
  mode: "sign-in" | "sign-up";
  demo?: { email: string; password: string } | null;
  /** Where to go afterwards (an invite link); only paths on this site. */
  next?: string;
  /** Prefilled address (from an invite link). */
  email?: string;
}

/** A same-site path, never `//host` or `/\host` (which browsers read as another site). */
export const safeNext = (next: string | undefined) => (next && /^\/(?![/\\])/.test(next) ? next : "/");

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: to split (#18 item 4): sign-in/sign-up state and the demo panel; left whole while #23 reworks the UI
export function AuthForm({ mode, demo, next, email: invitedEmail }: AuthFormProps) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const isSignUp = mode === "sign-up";
  const hydrated = useHydrated();
  const trpcClient = useTRPCClient();
  const [name, setName] = useState("");

  /** The account's own team is created as "<name>'s team"; the name typed at sign-up replaces it. */
  async function nameOwnTeam(teamName: string) {
    const teams = await trpcClient.team.mine.query();
    const own = teams.find((t) => t.role === "owner" && t.catalogCount === 0);
    if (own && own.name !== teamName) await trpcClient.team.rename.mutate({ team: own.slug, name: teamName });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setError(null);
    setIsPending(true);
    if (isSignUp) {
      // The server checks the same rule; checking here first saves a round trip. Loaded on demand: its
      // dictionaries of common passwords are large.
      const { passwordProblem } = await import("@/server/auth/password-policy");
      const problem = passwordProblem(password, [email, String(form.get("name") ?? "")]);
      if (problem) {
        setIsPending(false);
        setError(problem);
        return;
      }
    }
    const result = isSignUp
      ? await authClient.signUp.email({
          email,
          password,
          name: String(form.get("name") ?? "").trim() || email.split("@")[0]!,
        })
      : await authClient.signIn.email({ email, password });
    setIsPending(false);
    if (result.error) {
      setError(result.error.message ?? "That did not work; check the fields and try again.");
      return;
    }
    const teamName = String(form.get("team") ?? "").trim();
    if (isSignUp && teamName) {
      try {
        await nameOwnTeam(teamName);
      } catch (e) {
        toast.error(`Your account is ready, but the team keeps its default name: ${(e as Error).message}`);
      }
    }
    router.push(safeNext(next));
    router.refresh();
  }

  return (
    <div className="mx-auto mt-8 w-full max-w-sm sm:mt-16">
      <h1 className="mb-1 text-2xl font-semibold">{isSignUp ? "Create your account" : "Sign in"}</h1>
      <p className="mb-6 text-sm text-stone-600">
        {isSignUp ? "Create an account and a team." : "Sign in to your tool catalogs."}
      </p>
      {demo && !isSignUp && (
        <div className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="demo-credentials">
          <p className="font-medium">Demo mode</p>
          <p>
            Email <code className="font-mono">{demo.email}</code>, password{" "}
            <code className="font-mono">{demo.password}</code>
          </p>
        </div>
      )}
      <form onSubmit={onSubmit} className="space-y-3 rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
        {isSignUp && (
          <label className="block text-sm">
            Name
            <input
              name="name"
              autoComplete="name"
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
              className="mt-1 w-full rounded border border-stone-300 px-2 py-1.5"
            />
          </label>
        )}
        {isSignUp && (
          <label className="block text-sm">
            Team
            <input
              name="team"
              autoComplete="organization"
              maxLength={80}
              placeholder={`${name.trim() || "Your name"}'s team`}
              aria-describedby="team-hint"
              className="mt-1 w-full rounded border border-stone-300 px-2 py-1.5"
            />
          </label>
        )}
        {isSignUp && (
          <p id="team-hint" className="-mt-2 text-xs text-stone-500">
            Your team owns the catalogs; invite colleagues later. Left blank, it is called as shown.
          </p>
        )}
        <label className="block text-sm">
          Email
          <input
            name="email"
            type="email"
            required
            autoComplete="email"
            maxLength={254}
            defaultValue={invitedEmail}
            className="mt-1 w-full rounded border border-stone-300 px-2 py-1.5"
          />
        </label>
        <label className="block text-sm">
          Password
          <input
            name="password"
            type="password"
            required
            minLength={isSignUp ? MIN_PASSWORD_LENGTH : undefined}
            maxLength={MAX_PASSWORD_LENGTH}
            autoComplete={isSignUp ? "new-password" : "current-password"}
            aria-describedby={isSignUp ? "password-rule" : undefined}
            className="mt-1 w-full rounded border border-stone-300 px-2 py-1.5"
          />
        </label>
        {isSignUp && (
          <p id="password-rule" className="text-xs text-stone-600">
            {PASSWORD_RULE}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={!hydrated || isPending}
          className="w-full rounded bg-stone-900 py-2 text-sm font-medium text-white disabled:opacity-60"
        >
          {isPending ? "…" : isSignUp ? "Create account" : "Sign in"}
        </button>
      </form>
      <p className="mt-4 text-center text-sm text-stone-600">
        {isSignUp ? (
          <>
            Have an account?{" "}
            <Link href="/sign-in" className="underline">
              Sign in
            </Link>
          </>
        ) : (
          <>
            New here?{" "}
            <Link href="/sign-up" className="underline">
              Create an account
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
