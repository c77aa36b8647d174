"use client";

import Link from "next/link";
import { useState } from "react";
import { DemoCredentials, EmailAndPasswordFields, NameAndTeamFields } from "./auth/auth-fields";
import { useAuthSubmit } from "./auth/use-auth-submit";
import { useHydrated } from "./use-hydrated";

interface AuthFormProps {
  mode: "sign-in" | "sign-up";
  demo?: { email: string; password: string } | null;
  /** Where to go afterwards (an invite link); only paths on this site. */
  next?: string;
  /** Prefilled address (from an invite link). */
  email?: string;
}

export function AuthForm({ mode, demo, next, email: invitedEmail }: AuthFormProps) {
  const isSignUp = mode === "sign-up";
  const hydrated = useHydrated();
  const [name, setName] = useState("");
  const { error, isPending, onSubmit } = useAuthSubmit({ isSignUp, next });

  return (
    <div className="mx-auto mt-8 w-full max-w-sm sm:mt-16">
      <h1 className="mb-1 text-2xl font-semibold">{isSignUp ? "Create your account" : "Sign in"}</h1>
      <p className="mb-6 text-sm text-stone-600">
        {isSignUp ? "Create an account and a team." : "Sign in to your tool catalogs."}
      </p>
      {demo && !isSignUp && <DemoCredentials demo={demo} />}
      <form onSubmit={onSubmit} className="space-y-3 rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
        {isSignUp && <NameAndTeamFields name={name} onNameChange={setName} />}
        <EmailAndPasswordFields isSignUp={isSignUp} invitedEmail={invitedEmail} />
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
      <SwitchModeLink isSignUp={isSignUp} />
    </div>
  );
}

function SwitchModeLink({ isSignUp }: { isSignUp: boolean }) {
  return (
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
  );
}
