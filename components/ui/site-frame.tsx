import Link from "next/link";
import type { ReactNode } from "react";
import { Logo } from "./logo";
import { ThemeSwitch } from "./theme-switch";

/** The header for pages outside a team (sign-in, not found, errors, API docs): the same look, fewer links. */
export function SiteFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="min-h-screen">
      <header className="border-b border-stone-200 bg-white">
        <div className={`mx-auto flex items-center gap-4 px-4 py-3 sm:px-6 ${wide ? "max-w-7xl" : "max-w-5xl"}`}>
          <Logo />
          <nav aria-label="Site" className="ml-auto flex items-center gap-3 text-sm">
            <Link href="/docs/api" className="text-stone-600 hover:text-stone-900">
              API docs
            </Link>
            <Link href="/docs/glossary" className="text-stone-600 hover:text-stone-900">
              Glossary
            </Link>
            <ThemeSwitch />
          </nav>
        </div>
      </header>
      <main className={`mx-auto px-4 py-8 sm:px-6 ${wide ? "max-w-7xl" : "max-w-5xl"}`}>{children}</main>
    </div>
  );
}

/** The body of a not-found, forbidden or error page. */
export function StatusMessage({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="mx-auto mt-16 max-w-md text-center">
      <h1 className="mb-2 text-2xl font-semibold">{title}</h1>
      <div className="mb-6 text-stone-600">{children}</div>
      {action ?? (
        <Link href="/" className="rounded-md bg-stone-900 px-3 py-2 text-sm text-white hover:bg-stone-700">
          Back to your catalogs
        </Link>
      )}
    </div>
  );
}
