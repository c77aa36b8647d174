"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import type { inferRouterOutputs } from "@trpc/server";
import { useTRPC } from "@/components/trpc-provider";
import type { AppRouter } from "@/server/routers/root";
import { BulkBar } from "./bulk-bar";
import { ExportMenu } from "./export-menu";
import { PAGE_SIZE, type Exposure, type ToolListFilters, type ToolSort } from "./tool-list-filters";
import { ToolListEmpty } from "./tool-list-empty";
import { ToolTable } from "./tool-table";
import { buttonClass, inputClass, secondaryButtonClass } from "./ui";
import { plural } from "@/components/ui/plural";
import { refetchAfterChange } from "@/components/refetch";

type Sort = ToolSort;
export type ToolPage = inferRouterOutputs<AppRouter>["tool"]["list"];

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The admin list: server-side search, filters, sort and paging; selection for bulk changes. */
export function ToolList({ team, catalog, canEdit, initial, initialData }: { team: string; catalog: string; canEdit: boolean; initial: ToolListFilters; initialData?: ToolPage }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState(initial);
  const search = useDebounced(filters.q, 250);
  const [selected, setSelected] = useState<Map<string, number>>(new Map());
  const input = { team, catalog, search: search || undefined, namespace: filters.ns, exposure: filters.exp, sort: filters.sort, page: filters.page, pageSize: PAGE_SIZE };
  // The server rendered the first page; reuse it while the filters are still the ones it was rendered for.
  const isInitial = search === initial.q && filters.ns === initial.ns && filters.exp === initial.exp && filters.sort === initial.sort && filters.page === initial.page;
  const list = useQuery(trpc.tool.list.queryOptions(input, { placeholderData: keepPreviousData, initialData: isInitial ? initialData : undefined }));
  const namespaces = useQuery(trpc.namespace.list.queryOptions({ team, catalog }));

  // The URL mirrors the filters so a reload or a shared link shows the same page (no server round trip).
  useEffect(() => {
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (filters.ns !== null) params.set("ns", filters.ns);
    if (filters.exp) params.set("exp", filters.exp);
    if (filters.sort !== "key") params.set("sort", filters.sort);
    if (filters.page > 1) params.set("page", String(filters.page));
    const query = params.toString();
    window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
  }, [search, filters.ns, filters.exp, filters.sort, filters.page]);

  // A search ranks by relevance unless the person picked another order; clearing it goes back to key order.
  const update = (patch: Partial<ToolListFilters>) =>
    setFilters((f) => {
      const next = { ...f, page: 1, ...patch };
      if (patch.q !== undefined && !patch.sort) {
        if (next.q.trim() && f.sort === "key") next.sort = "relevance";
        if (!next.q.trim() && f.sort === "relevance") next.sort = "key";
      }
      return next;
    });
  const data = list.data;
  const pageIds = data?.tools.map((t) => t.id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const isFiltered = !!filters.q.trim() || filters.ns !== null || filters.exp !== null;
  const toggle = useCallback(
    (id: string, revision: number) =>
      setSelected((s) => {
        const next = new Map(s);
        if (next.has(id)) next.delete(id);
        else next.set(id, revision);
        return next;
      }),
    [],
  );
  const togglePage = () =>
    setSelected((s) => {
      const next = new Map(s);
      for (const tool of data?.tools ?? []) {
        if (allOnPage) next.delete(tool.id);
        else next.set(tool.id, tool.revision);
      }
      return next;
    });
  async function selectAllMatching() {
    const ids = await queryClient.fetchQuery(trpc.tool.ids.queryOptions({ team, catalog, search: search || undefined, namespace: filters.ns, exposure: filters.exp }));
    setSelected(new Map(ids.map((t) => [t.id, t.revision])));
  }
  const refresh = () => refetchAfterChange(queryClient, { queryKey: trpc.tool.pathKey() });

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Tools</h2>
          <p className="text-sm text-stone-600" aria-live="polite">
            {data ? plural(data.total, "tool") : "Loading…"}
            {list.isFetching && data ? " · updating…" : ""}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <ExportMenu team={team} catalog={catalog} />
          {canEdit && (
            <>
              <Link href={`/t/${team}/${catalog}/import`} className={secondaryButtonClass}>
                Import
              </Link>
              <Link href={`/t/${team}/${catalog}/tools/new`} className={buttonClass}>
                New tool
              </Link>
            </>
          )}
        </div>
      </div>

      <div className="mb-3 grid grid-cols-2 gap-3 md:grid-cols-[2fr_1fr_1fr_1fr] [&>div:first-child]:col-span-2 [&>div:last-child]:col-span-2 md:[&>div:first-child]:col-span-1 md:[&>div:last-child]:col-span-1">
        <div className="text-xs text-stone-600">
          <label htmlFor="filter-search">Search tools</label>
          <input id="filter-search" type="search" data-shortcut="search" aria-keyshortcuts="/" value={filters.q} onChange={(e) => update({ q: e.target.value })} placeholder="Name or description  ( / )" className={`${inputClass} mt-1`} />
        </div>
        <div className="text-xs text-stone-600">
          <label htmlFor="filter-namespace">Namespace</label>
          <select id="filter-namespace" value={filters.ns ?? "*"} onChange={(e) => update({ ns: e.target.value === "*" ? null : e.target.value })} className={`${inputClass} mt-1`}>
            <option value="*">All namespaces</option>
            <option value="">(no namespace)</option>
            {namespaces.data?.map((ns) => (
              <option key={ns.id} value={ns.name}>
                {ns.name} ({ns.toolCount})
              </option>
            ))}
          </select>
        </div>
        <div className="text-xs text-stone-600">
          <label htmlFor="filter-exposure">Exposure</label>
          <select id="filter-exposure" value={filters.exp ?? ""} onChange={(e) => update({ exp: (e.target.value || null) as Exposure | null })} className={`${inputClass} mt-1`}>
            <option value="">Any exposure</option>
            <option value="direct">direct</option>
            <option value="deferred">deferred</option>
            <option value="hidden">hidden</option>
          </select>
        </div>
        <div className="text-xs text-stone-600">
          <label htmlFor="filter-sort">Sort</label>
          <select id="filter-sort" value={filters.sort} onChange={(e) => update({ sort: e.target.value as Sort })} className={`${inputClass} mt-1`}>
            <option value="relevance">Best match (when searching)</option>
            <option value="key">Key (namespace.name)</option>
            <option value="name">Name</option>
            <option value="updated">Recently changed</option>
            <option value="exposure">Exposure</option>
          </select>
        </div>
      </div>

      {canEdit && selected.size > 0 && (
        <BulkBar
          team={team}
          catalog={catalog}
          selected={selected}
          total={data?.total ?? 0}
          namespaces={namespaces.data?.map((n) => n.name) ?? []}
          onSelectAll={selectAllMatching}
          onClear={() => setSelected(new Map())}
          onDone={() => {
            setSelected(new Map());
            void refresh();
          }}
        />
      )}

      <ToolTable
        team={team}
        catalog={catalog}
        rows={data?.tools ?? []}
        canEdit={canEdit}
        search={search}
        sort={filters.sort}
        onSort={(sort) => update({ sort })}
        selected={selected}
        onToggle={toggle}
        onTogglePage={togglePage}
        empty={data ? <ToolListEmpty team={team} catalog={catalog} canEdit={canEdit} isFiltered={isFiltered} onClear={() => setFilters({ q: "", ns: null, exp: null, sort: "key", page: 1 })} /> : "Loading…"}
      />

      {/* One page (an empty or small catalog) needs no pager. */}
      {((data?.pageCount ?? 1) > 1 || filters.page > 1) && (
        <nav className="mt-4 flex items-center gap-3 text-sm" aria-label="Pages">
          <button type="button" className={secondaryButtonClass} disabled={filters.page <= 1} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
            ← Previous
          </button>
          <span className="text-stone-500">
            Page {data?.page ?? filters.page} of {data?.pageCount ?? 1}
          </span>
          <button type="button" className={secondaryButtonClass} disabled={!data || filters.page >= data.pageCount} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
            Next →
          </button>
        </nav>
      )}
    </div>
  );
}
