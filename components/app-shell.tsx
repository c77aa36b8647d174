import Link from "next/link";
import type { ReactNode } from "react";
import { SignOutButton } from "./sign-out-button";

interface AppShellProps {
  team: { slug: string; name: string; role: string };
  teams: Array<{ slug: string; name: string }>;
  user: { email: string };
  children: ReactNode;
}

export function AppShell({ team, teams, user, children }: AppShellProps) {
  return (
    <div className="min-h-screen">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-6 px-6 py-3">
          <Link href={`/t/${team.slug}`} className="font-semibold tracking-tight">
            Stockroom
          </Link>
          <nav className="flex items-center gap-4 text-sm" aria-label="Team">
            {teams.length > 1 ? (
              <details className="relative">
                <summary className="cursor-pointer list-none text-stone-700">{team.name} ▾</summary>
                <ul className="absolute z-10 mt-2 min-w-48 rounded border border-stone-200 bg-white py-1 shadow">
                  {teams.map((t) => (
                    <li key={t.slug}>
                      <Link href={`/t/${t.slug}`} className="block px-3 py-1 hover:bg-stone-100">
                        {t.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </details>
            ) : (
              <span className="text-stone-700">{team.name}</span>
            )}
            <Link href={`/t/${team.slug}`} className="text-stone-600 hover:text-stone-900">
              Catalogs
            </Link>
            <Link href={`/t/${team.slug}/members`} className="text-stone-600 hover:text-stone-900">
              Members
            </Link>
          </nav>
          <div className="ml-auto flex items-center gap-4 text-sm">
            <span className="text-stone-500">
              {user.email} · {team.role}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-6 py-8">{children}</main>
    </div>
  );
}
