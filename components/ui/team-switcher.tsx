"use client";

import Link from "next/link";
import { DropdownMenu } from "radix-ui";
import { MENU_CLASS, MENU_ITEM_CLASS } from "./theme-switch";

/** The current team; a menu of the others when the person belongs to several. */
export function TeamSwitcher({
  current,
  teams,
}: {
  current: { slug: string; name: string };
  teams: Array<{ slug: string; name: string }>;
}) {
  if (teams.length < 2) return <span className="max-w-40 truncate font-medium text-stone-800">{current.name}</span>;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Team: ${current.name}`}
        className="flex max-w-48 items-center gap-1 rounded-md px-1.5 py-0.5 font-medium text-stone-800 hover:bg-stone-100"
      >
        <span className="truncate">{current.name}</span>
        <span aria-hidden className="text-stone-500">
          ▾
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={6} className={MENU_CLASS}>
          <DropdownMenu.Label className="px-2 py-1 text-xs text-stone-500">Switch team</DropdownMenu.Label>
          {teams.map((t) => (
            <DropdownMenu.Item key={t.slug} asChild className={MENU_ITEM_CLASS}>
              <Link href={`/t/${t.slug}`}>
                {t.slug === current.slug && <span className="absolute left-2">✓</span>}
                {t.name}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
