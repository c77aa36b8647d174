"use client";

import { useQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import { usePathname, useRouter } from "next/navigation";
import { Dialog } from "radix-ui";
import { type KeyboardEvent, useCallback, useEffect, useMemo, useState } from "react";
import { CATALOG_TABS } from "@/components/catalog-tabs";
import { useTRPC } from "@/components/trpc-provider";
import { useDebouncedValue } from "@/components/playground/use-debounced-value";
import { KeyboardShortcuts } from "./keyboard-shortcuts";
import { type PaletteEntry, rankPalette } from "./palette-rank";

const ITEM =
  "flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-sm text-stone-800 data-[selected=true]:bg-stone-100";

/** ⌘K / Ctrl+K: go to any catalog, any page of a catalog, or a tool of the catalog on screen. */
export function CommandPalette({ team }: { team: string }) {
  const [isOpen, setOpen] = useState(false);
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
            {isOpen && <PaletteCommand team={team} onGo={() => setOpen(false)} />}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

/** The palette's own ranking (palette-rank.ts): an exact name first and selected; "Nothing matches" only once nothing can. */
function PaletteCommand({ team, onGo }: { team: string; onGo: () => void }) {
  const router = useRouter();
  const [search, setSearch] = useState("");
  const { entries, isSearching } = usePaletteEntries(team, search);
  const ranked = useMemo(() => rankPalette(entries, search), [entries, search]);
  const [selected, setSelected] = useState("");
  const first = ranked[0]?.id ?? "";
  // Whenever the best match changes (typing, or tools arriving), it becomes the selected one.
  useEffect(() => setSelected(first), [first]);
  const go = (href: string) => {
    onGo();
    router.push(href);
  };
  const onEarlyEnter = useEnterBeforeResults(isSearching, ranked[0]?.href, go);
  return (
    <Command
      label="Go to"
      shouldFilter={false}
      value={selected}
      onValueChange={setSelected}
      onKeyDown={(event) => {
        if (event.key === "Enter" && ranked.length === 0 && isSearching) onEarlyEnter(event);
      }}
    >
      <Command.Input
        value={search}
        onValueChange={setSearch}
        placeholder="Go to a catalog, page or tool…"
        className="w-full border-b border-stone-200 bg-transparent px-4 py-3 text-sm outline-none placeholder:text-stone-500"
      />
      <Command.List className="max-h-[min(60vh,24rem)] overflow-y-auto p-1">
        {ranked.map((entry) => (
          <Command.Item key={entry.id} value={entry.id} className={ITEM} onSelect={() => go(entry.href)}>
            <span className={entry.kind === "Tool" ? "font-mono text-xs" : undefined}>{entry.label}</span>
            <span className="ml-auto text-xs text-stone-500">{entry.kind}</span>
          </Command.Item>
        ))}
        {ranked.length === 0 && (
          <p className="px-3 py-6 text-center text-sm text-stone-500">
            {isSearching ? "Searching…" : "Nothing matches."}
          </p>
        )}
      </Command.List>
    </Command>
  );
}

/**
 * Enter typed before the list has loaded (a fast typist, a slow network: the catalogs arrive after the keystroke)
 * opens the best match once the search settles, instead of being dropped.
 */
function useEnterBeforeResults(isSearching: boolean, best: string | undefined, go: (href: string) => void) {
  const [isPending, setPending] = useState(false);
  useEffect(() => {
    if (!isPending || isSearching) return;
    setPending(false);
    if (best) go(best);
  }, [isPending, isSearching, best, go]);
  return (event: KeyboardEvent) => {
    event.preventDefault();
    setPending(true);
  };
}

const PAGES = [
  { label: "Catalogs", path: "" },
  { label: "Members", path: "/members" },
];

/** Everything the palette can go to: team pages, every catalog's pages, and the tools of the catalog on screen. */
function usePaletteEntries(team: string, search: string): { entries: PaletteEntry[]; isSearching: boolean } {
  const trpc = useTRPC();
  const pathname = usePathname();
  const catalogs = useQuery(trpc.catalog.list.queryOptions({ team }));
  const parts = pathname.split("/");
  const current = parts[1] === "t" && parts[2] === team ? parts[3] : undefined;
  const onCatalog = catalogs.data?.some((c) => c.slug === current) ? current : undefined;
  const query = useDebouncedValue(search.trim(), 150);
  const wantsTools = !!onCatalog && search.trim().length > 1;
  const tools = useQuery(
    trpc.tool.list.queryOptions(
      { team, catalog: onCatalog ?? "", search: query, page: 1, pageSize: 8 },
      { enabled: !!onCatalog && query.length > 1 },
    ),
  );
  const entries = useMemo(() => {
    const list: PaletteEntry[] = PAGES.map((p) => ({
      id: `page:${p.label}`,
      label: p.label,
      kind: "Page",
      href: `/t/${team}${p.path}`,
      names: [p.label],
    }));
    list.push({ id: "page:api", label: "API docs", kind: "Page", href: "/docs/api", names: ["API docs"] });
    list.push({ id: "page:glossary", label: "Glossary", kind: "Page", href: "/docs/glossary", names: ["Glossary"] });
    for (const catalog of catalogs.data ?? [])
      for (const tab of CATALOG_TABS)
        list.push({
          id: `catalog:${catalog.slug}${tab.href}`,
          label: `${catalog.name} / ${tab.label}`,
          kind: tab.href ? "Catalog page" : "Catalog",
          href: `/t/${team}/${catalog.slug}${tab.href}`,
          names: tab.href ? [`${catalog.name} ${tab.label}`] : [catalog.name, `${catalog.name} ${tab.label}`],
        });
    for (const tool of wantsTools ? (tools.data?.tools ?? []) : [])
      list.push({
        id: `tool:${tool.id}`,
        label: tool.key,
        kind: "Tool",
        href: `/t/${team}/${onCatalog}/tools/${tool.id}`,
        names: [tool.key, tool.key.slice(tool.key.indexOf(".") + 1)],
      });
    return list;
  }, [team, catalogs.data, tools.data, wantsTools, onCatalog]);
  const isSearching = catalogs.isPending || (wantsTools && (query !== search.trim() || tools.isFetching));
  return { entries, isSearching };
}
