"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import type { inferRouterOutputs } from "@trpc/server";
import { useTRPC } from "@/components/trpc-provider";
import type { AppRouter } from "@/server/routers/root";
import { BulkBar } from "./bulk-bar";
import { ExportMenu } from "./export-menu";
import { PAGE_SIZE, type Exposure, type ToolListFilters, type ToolSort } from "./tool-list-filters";
import { buttonClass, ExposureBadge, inputClass, secondaryButtonClass } from "./ui";
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

  const update = (patch: Partial<ToolListFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const data = list.data;
  const pageIds = data?.tools.map((t) => t.id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: string, revision: number) =>
    setSelected((s) => {
      const next = new Map(s);
      if (next.has(id)) next.delete(id);
      else next.set(id, revision);
      return next;
    });
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
            {data ? `${data.total} ${data.total === 1 ? "tool" : "tools"}` : "Loading…"}
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

      <div className="mb-3 grid gap-3 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="text-xs text-stone-600">
          <label htmlFor="filter-search">Search tools</label>
          <input id="filter-search" type="search" value={filters.q} onChange={(e) => update({ q: e.target.value })} placeholder="name or description" className={`${inputClass} mt-1`} />
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

      <table className="w-full border-collapse bg-white text-sm shadow-sm" aria-label="Tools">
        <thead>
          <tr className="border-b border-stone-200 text-left text-stone-500">
            {canEdit && (
              <th className="w-8 px-3 py-2">
                <input type="checkbox" aria-label="Select all on this page" checked={allOnPage} onChange={togglePage} />
              </th>
            )}
            <th className="px-3 py-2 font-medium">Tool</th>
            <th className="px-3 py-2 font-medium">Exposure</th>
            <th className="px-3 py-2 font-medium">Description</th>
          </tr>
        </thead>
        <tbody>
          {data?.tools.map((tool) => (
            <tr key={tool.id} className="border-b border-stone-100 align-top hover:bg-stone-50">
              {canEdit && (
                <td className="px-3 py-2">
                  <input type="checkbox" aria-label={`Select ${tool.key}`} checked={selected.has(tool.id)} onChange={() => toggle(tool.id, tool.revision)} />
                </td>
              )}
              <td className="px-3 py-2 font-mono text-xs">
                <Link href={`/t/${team}/${catalog}/tools/${tool.id}`} className="hover:underline">
                  {tool.key}
                </Link>
              </td>
              <td className="px-3 py-2">
                <ExposureBadge exposure={tool.exposure} />
                {tool.searchTextMode !== "generated" && <span className="ml-1 text-xs text-stone-500" title={`search text: ${tool.searchTextMode}`}>✎</span>}
              </td>
              <td className="max-w-xl truncate px-3 py-2 text-stone-700">{tool.description.split("\n")[0]}</td>
            </tr>
          ))}
          {data && data.tools.length === 0 && (
            <tr>
              <td colSpan={4} className="px-3 py-8 text-center text-stone-500">
                No tools match.
              </td>
            </tr>
          )}
        </tbody>
      </table>

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
    </div>
  );
}
