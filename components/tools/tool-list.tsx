"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { refetchAfterChange } from "@/components/refetch";
import { useServerSeed } from "@/components/server-seed";
import { useTRPC } from "@/components/trpc-provider";
import { BulkBar } from "./bulk-bar";
import { PAGE_SIZE, type ToolListFilters } from "./tool-list-filters";
import { ToolListEmpty } from "./tool-list-empty";
import { ToolListFilterBar, ToolListHeader, ToolListPager } from "./tool-list-toolbar";
import { ToolTable, type ToolPage } from "./tool-table";
import { useToolListFilters, useToolSelection } from "./use-tool-list-state";

interface ToolListProps {
  team: string;
  catalog: string;
  canEdit: boolean;
  initial: ToolListFilters;
  initialData?: ToolPage;
  /** When the server read `initialData` (ms since the epoch). */
  renderedAt?: number;
}

/** The server rendered the first page; reuse it while the filters are still the ones it was rendered for. */
function isInitialPage(search: string, filters: ToolListFilters, initial: ToolListFilters): boolean {
  const { ns, exp, sort, page } = filters;
  return (
    search === initial.q && ns === initial.ns && exp === initial.exp && sort === initial.sort && page === initial.page
  );
}

/** The admin list: server-side search, filters, sort and paging; selection for bulk changes. */
export function ToolList({ team, catalog, canEdit, initial, initialData, renderedAt }: ToolListProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { filters, setFilters, search, update } = useToolListFilters(initial);
  const scope = { team, catalog, search: search || undefined, namespace: filters.ns, exposure: filters.exp };
  const input = { ...scope, sort: filters.sort, page: filters.page, pageSize: PAGE_SIZE };
  const placeholderData = keepPreviousData;
  const seed = isInitialPage(search, filters, initial) ? initialData : undefined;
  const listOptions = trpc.tool.list.queryOptions(input, { placeholderData, initialData: seed });
  useServerSeed(queryClient, listOptions.queryKey, seed, renderedAt);
  const list = useQuery(listOptions);
  const namespaces = useQuery(trpc.namespace.list.queryOptions({ team, catalog }));
  const data = list.data;
  const { selected, setSelected, toggle, togglePage } = useToolSelection(data?.tools ?? []);
  const isFiltered = !!filters.q.trim() || filters.ns !== null || filters.exp !== null;
  // An empty catalog has nothing to search, filter or export: only the ways to add tools.
  const isCatalogEmpty = data?.total === 0 && !isFiltered;
  async function selectAllMatching() {
    const ids = await queryClient.fetchQuery(trpc.tool.ids.queryOptions(scope));
    setSelected(new Map(ids.map((t) => [t.id, t.revision])));
  }
  const refresh = () => refetchAfterChange(queryClient, { queryKey: trpc.tool.pathKey() });
  const clearFilters = () => setFilters({ q: "", ns: null, exp: null, sort: "key", page: 1 });
  const empty = <ToolListEmpty {...{ team, catalog, canEdit, isFiltered }} onClear={clearFilters} />;

  return (
    <div>
      <ToolListHeader
        {...{ team, catalog, canEdit }}
        total={data?.total}
        isFetching={list.isFetching}
        isCatalogEmpty={isCatalogEmpty}
      />
      {!isCatalogEmpty && <ToolListFilterBar filters={filters} namespaces={namespaces.data} update={update} />}
      {canEdit && selected.size > 0 && (
        <BulkBar
          {...{ team, catalog, selected }}
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
        {...{ team, catalog, canEdit, search, selected }}
        rows={data?.tools ?? []}
        sort={filters.sort}
        onSort={(sort) => update({ sort })}
        onToggle={toggle}
        onTogglePage={togglePage}
        empty={data ? empty : "Loading…"}
      />
      <ToolListPager
        page={filters.page}
        shownPage={data?.page ?? filters.page}
        pageCount={data?.pageCount}
        onPage={(delta) => setFilters((f) => ({ ...f, page: f.page + delta }))}
      />
    </div>
  );
}
