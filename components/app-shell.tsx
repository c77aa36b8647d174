import Link from "next/link";
import type { ReactNode } from "react";
import { SignOutButton } from "./sign-out-button";
import { CommandPalette } from "./ui/command-palette";
import { Logo } from "./ui/logo";
import { TeamSwitcher } from "./ui/team-switcher";
import { ThemeSwitch } from "./ui/theme-switch";

interface AppShellProps {
  team: { slug: string; name: string; role: string };
  teams: Array<{ slug: string; name: string }>;
  user: { email: string };
  children: ReactNode;
}

/** The frame of every team page: product, team, the team's pages, search (⌘K), theme and account. */
export function AppShell({ team, teams, user, children }: AppShellProps) {
  return (
    <div className="min-h-screen">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-5 gap-y-2 px-4 py-2.5 sm:px-6">
          <Logo href={`/t/${team.slug}`} />
          <nav className="flex min-w-0 items-center gap-4 text-sm" aria-label="Team">
            <TeamSwitcher current={team} teams={teams} />
            <Link href={`/t/${team.slug}`} className="text-stone-600 hover:text-stone-900">
              Catalogs
            </Link>
            <Link href={`/t/${team.slug}/members`} className="text-stone-600 hover:text-stone-900">
              Members
            </Link>
            <Link href="/docs/api" className="hidden text-stone-600 hover:text-stone-900 sm:inline">
              API docs
            </Link>
            <Link href="/docs/glossary" className="hidden text-stone-600 hover:text-stone-900 md:inline">
              Glossary
            </Link>
          </nav>
          <div className="ml-auto flex items-center gap-2 text-sm">
            <CommandPalette team={team.slug} />
            <span className="hidden text-stone-500 lg:inline">
              {user.email} · {team.role}
            </span>
            <ThemeSwitch />
            <Link href="/account" className="text-stone-600 hover:text-stone-900">
              Account
            </Link>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
    </div>
  );
}
