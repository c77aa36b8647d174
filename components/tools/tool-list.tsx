"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { refetchAfterChange } from "@/components/refetch";
import { useServerSeed } from "@/components/server-seed";
import { useTRPC } from "@/components/trpc-provider";
import { BulkBar } from "./bulk-bar";
import { PAGE_SIZE, type ToolListFilters } from "./tool-list-filters";
import { ToolListEmpty } from "./tool-list-empty";
import { ToolListFilterBar, ToolListHeader } from "./tool-list-toolbar";
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
  /** The row an old link's `?page=` pointed at: the list opens scrolled to it. */
  startRow?: number;
}

/** The server rendered the first page; reuse it while the filters are still the ones it was rendered for. */
function isInitialQuery(search: string, filters: ToolListFilters, initial: ToolListFilters): boolean {
  const { ns, exp, sort } = filters;
  return search === initial.q && ns === initial.ns && exp === initial.exp && sort === initial.sort;
}

/** "Select all matching": the ids of every tool the filters match (the first BULK_TOOL_LIMIT by key). */
function useSelectAllMatching(scope: { team: string; catalog: string } & Record<string, unknown>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { selected, allOf, toggle, selectAll, clear } = useToolSelection();
  const scopeKey = JSON.stringify(scope);
  // The box ticks at once; the ids follow from the server.
  const [pendingOf, setPendingOf] = useState<string | null>(null);
  const selectAllMatching = useCallback(async () => {
    const filters = JSON.parse(scopeKey) as Parameters<typeof trpc.tool.ids.queryOptions>[0];
    setPendingOf(scopeKey);
    try {
      selectAll(scopeKey, await queryClient.fetchQuery(trpc.tool.ids.queryOptions(filters)));
    } finally {
      setPendingOf(null);
    }
  }, [queryClient, trpc, scopeKey, selectAll]);
  const isAllSelected = allOf === scopeKey;
  const checked = isAllSelected || pendingOf === scopeKey;
  const hasSelection = selected.size > 0;
  const selectAllBox = useMemo(
    () => ({
      checked,
      mixed: hasSelection && !checked,
      onChange: () => (checked ? clear() : void selectAllMatching()),
    }),
    [checked, hasSelection, clear, selectAllMatching],
  );
  return { selected, isAllSelected, toggle, clear, selectAllMatching, selectAllBox };
}

/** The admin list: server-side search, filters and sort; rows fetched as it scrolls; selection for bulk changes. */
export function ToolList({ team, catalog, canEdit, initial, initialData, renderedAt, startRow = 0 }: ToolListProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { filters, setFilters, search, update } = useToolListFilters(initial);
  const scope = { team, catalog, search: search || undefined, namespace: filters.ns, exposure: filters.exp };
  const query = { ...scope, sort: filters.sort };
  const seed = isInitialQuery(search, filters, initial) ? initialData : undefined;
  const listOptions = trpc.tool.list.queryOptions(
    { ...query, page: 1, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData, initialData: seed },
  );
  useServerSeed(queryClient, listOptions.queryKey, seed, renderedAt);
  const list = useQuery(listOptions);
  const namespaces = useQuery(trpc.namespace.list.queryOptions({ team, catalog }));
  const data = list.data;
  const selection = useSelectAllMatching(scope);
  const { selected, clear } = selection;
  const isFiltered = !!filters.q.trim() || filters.ns !== null || filters.exp !== null;
  // An empty catalog has nothing to search, filter or export: only the ways to add tools.
  const isCatalogEmpty = data?.total === 0 && !isFiltered;
  const refresh = () => refetchAfterChange(queryClient, { queryKey: trpc.tool.pathKey() });
  const clearFilters = () => setFilters({ q: "", ns: null, exp: null, sort: "key" });
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
          isAllSelected={selection.isAllSelected}
          namespaces={namespaces.data?.map((n) => n.name) ?? []}
          onSelectAll={selection.selectAllMatching}
          onClear={clear}
          onDone={() => {
            clear();
            void refresh();
          }}
        />
      )}
      <ToolTable
        {...{ team, catalog, canEdit, search, selected, query, startRow }}
        firstPage={data}
        sort={filters.sort}
        onSort={(sort) => update({ sort })}
        onToggle={selection.toggle}
        selectAll={selection.selectAllBox}
        empty={data ? empty : "Loading…"}
      />
    </div>
  );
}
