"use client";

import { useQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import { usePathname, useRouter } from "next/navigation";
import { Dialog } from "radix-ui";
import { useCallback, useState } from "react";
import { CATALOG_TABS } from "@/components/catalog-tabs";
import { useTRPC } from "@/components/trpc-provider";
import { useDebouncedValue } from "@/components/playground/use-debounced-value";
import { KeyboardShortcuts } from "./keyboard-shortcuts";

const ITEM =
  "flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-sm text-stone-800 data-[selected=true]:bg-stone-100";
const GROUP =
  "px-1 py-1 text-sm [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:text-stone-500";

/** ⌘K / Ctrl+K: go to any catalog, any page of a catalog, or a tool of the catalog on screen. */
export function CommandPalette({ team }: { team: string }) {
  const [isOpen, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const toggle = useCallback(() => setOpen((open) => !open), []);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="flex items-center gap-2 rounded-md border border-stone-200 px-2 py-1 text-stone-500 hover:border-stone-300 hover:text-stone-800"
      >
        <span>Go to…</span>
        <kbd className="hidden rounded border border-stone-200 px-1 font-sans text-xs sm:inline">⌘K</kbd>
      </button>
      <KeyboardShortcuts onPalette={toggle} />
      <Dialog.Root open={isOpen} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content className="fixed top-[12vh] left-1/2 z-50 w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-lg border border-stone-200 bg-white shadow-2xl">
            <Dialog.Title className="sr-only">Go to</Dialog.Title>
            <Dialog.Description className="sr-only">
              Type a catalog, page or tool name; Enter opens it.
            </Dialog.Description>
            <Command label="Go to" shouldFilter>
              <Command.Input
                value={search}
                onValueChange={setSearch}
                placeholder="Go to a catalog, page or tool…"
                className="w-full border-b border-stone-200 bg-transparent px-4 py-3 text-sm outline-none placeholder:text-stone-500"
              />
              <Command.List className="max-h-[min(60vh,24rem)] overflow-y-auto p-1">
                <Command.Empty className="px-3 py-6 text-center text-sm text-stone-500">Nothing matches.</Command.Empty>
                {isOpen && <PaletteItems team={team} search={search} onGo={() => (setOpen(false), setSearch(""))} />}
              </Command.List>
            </Command>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

function PaletteItems({ team, search, onGo }: { team: string; search: string; onGo: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const catalogs = useQuery(trpc.catalog.list.queryOptions({ team }));
  const parts = pathname.split("/");
  const current = parts[1] === "t" && parts[2] === team ? parts[3] : undefined;
  const onCatalog = catalogs.data?.some((c) => c.slug === current) ? current : undefined;
  const query = useDebouncedValue(search.trim(), 150);
  const tools = useQuery(
    trpc.tool.list.queryOptions(
      { team, catalog: onCatalog ?? "", search: query, page: 1, pageSize: 8 },
      { enabled: !!onCatalog && query.length > 1 },
    ),
  );
  const go = (href: string) => {
    onGo();
    router.push(href);
  };
  return (
    <>
      <Command.Group heading="Pages" className={GROUP}>
        <Command.Item className={ITEM} onSelect={() => go(`/t/${team}`)}>
          Catalogs
        </Command.Item>
        <Command.Item className={ITEM} onSelect={() => go(`/t/${team}/members`)}>
          Members
        </Command.Item>
        <Command.Item className={ITEM} onSelect={() => go("/docs/api")}>
          API docs
        </Command.Item>
      </Command.Group>
      {(catalogs.data ?? []).map((catalog) => (
        <Command.Group key={catalog.id} heading={catalog.name} className={GROUP}>
          {CATALOG_TABS.map((tab) => (
            <Command.Item
              key={tab.href}
              value={`${catalog.name} ${tab.label}`}
              className={ITEM}
              onSelect={() => go(`/t/${team}/${catalog.slug}${tab.href}`)}
            >
              <span className="text-stone-500">{catalog.name} /</span> {tab.label}
            </Command.Item>
          ))}
        </Command.Group>
      ))}
      {onCatalog && (tools.data?.tools.length ?? 0) > 0 && (
        <Command.Group heading="Tools" className={GROUP} forceMount>
          {tools.data!.tools.map((tool) => (
            <Command.Item
              key={tool.id}
              value={`tool ${tool.key} ${query}`}
              className={ITEM}
              onSelect={() => go(`/t/${team}/${onCatalog}/tools/${tool.id}`)}
            >
              <span className="font-mono text-xs">{tool.key}</span>
            </Command.Item>
          ))}
        </Command.Group>
      )}
    </>
  );
}
