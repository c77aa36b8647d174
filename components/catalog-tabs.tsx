"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

/** The catalog's pages, in tab order (the command palette lists them too). */
export const CATALOG_TABS = [
  { href: "", label: "Tools" },
  { href: "/namespaces", label: "Namespaces" },
  { href: "/playground", label: "Playground" },
  { href: "/first-request", label: "First request" },
  { href: "/golden", label: "Golden queries" },
  { href: "/health", label: "Health" },
  { href: "/review", label: "Review & publish" },
  { href: "/snapshots", label: "Snapshots" },
  { href: "/insights", label: "Insights" },
  { href: "/tokens", label: "Agent tokens" },
  { href: "/history", label: "History" },
  { href: "/settings", label: "Settings" },
] as const;

export function CatalogTabs({ team, catalog, name }: { team: string; catalog: string; name: string }) {
  const pathname = usePathname();
  const base = `/t/${team}/${catalog}`;
  const navRef = useRef<HTMLElement>(null);
  // On a phone the tabs scroll sideways: bring the current one into view (sideways only, never the page).
  useEffect(() => {
    const nav = navRef.current;
    const tab = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && tab) nav.scrollLeft = tab.offsetLeft - (nav.clientWidth - tab.offsetWidth) / 2;
  }, [pathname]);
  const active = (href: string) =>
    href === ""
      ? pathname === base || pathname.startsWith(`${base}/tools`) || pathname.startsWith(`${base}/import`)
      : pathname.startsWith(base + href);
  return (
    <div className="mb-6 border-b border-stone-200">
      <p className="text-xs text-stone-500">
        <Link href={`/t/${team}`} className="hover:underline">
          Catalogs
        </Link>{" "}
        / <span className="font-mono">{catalog}</span>
      </p>
      <h1 className="mb-3 text-xl font-semibold">{name}</h1>
      <nav
        ref={navRef}
        className="relative -mb-px flex gap-1 overflow-x-auto text-sm whitespace-nowrap [scrollbar-width:none]"
        aria-label="Catalog"
      >
        {CATALOG_TABS.map((tab) => (
          <Link
            key={tab.href}
            href={base + tab.href}
            aria-current={active(tab.href) ? "page" : undefined}
            className={`rounded-t border-b-2 px-3 py-2 ${active(tab.href) ? "border-stone-900 font-medium text-stone-900" : "border-transparent text-stone-600 hover:text-stone-900"}`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
