"use client";

import { useCallback, useEffect, useState } from "react";
import { useDebouncedValue } from "@/components/playground/use-debounced-value";
import type { ToolListFilters } from "./tool-list-filters";

/** The list's filters, the debounced search, and the URL kept in step with them. */
export function useToolListFilters(initial: ToolListFilters) {
  const [filters, setFilters] = useState(initial);
  const search = useDebouncedValue(filters.q, 250);

  // The URL mirrors the filters so a reload or a shared link shows the same list (no server round trip). An old
  // link's `page` is dropped here: the list opened at that page's first tool, and scrolling replaces paging.
  useEffect(() => {
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (filters.ns !== null) params.set("ns", filters.ns);
    if (filters.exp) params.set("exp", filters.exp);
    // The order a link opens with by default (the page's rule): best match with a search, key order without.
    if (filters.sort !== (search ? "relevance" : "key")) params.set("sort", filters.sort);
    const query = params.toString();
    window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
  }, [search, filters.ns, filters.exp, filters.sort]);

  // A search ranks by relevance unless the person picked another order; clearing it goes back to key order.
  const update = (patch: Partial<ToolListFilters>) =>
    setFilters((f) => {
      const next = { ...f, ...patch };
      if (patch.q !== undefined && !patch.sort) {
        if (next.q.trim() && f.sort === "key") next.sort = "relevance";
        if (!next.q.trim() && f.sort === "relevance") next.sort = "key";
      }
      return next;
    });
  return { filters, setFilters, search, update };
}

interface Selection {
  tools: Map<string, number>;
  /** The filters (as a key) whose every matching tool was picked at once; null once a tool is ticked by hand. */
  allOf: string | null;
}

/** The tools picked for a bulk change, by id, with the revision each was picked at. */
export function useToolSelection() {
  const [selection, setSelection] = useState<Selection>({ tools: new Map(), allOf: null });
  const toggle = useCallback(
    (id: string, revision: number) =>
      setSelection(({ tools }) => {
        const next = new Map(tools);
        if (next.has(id)) next.delete(id);
        else next.set(id, revision);
        return { tools: next, allOf: null };
      }),
    [],
  );
  const selectAll = useCallback(
    (filtersKey: string, tools: { id: string; revision: number }[]) =>
      setSelection({ tools: new Map(tools.map((t) => [t.id, t.revision])), allOf: filtersKey }),
    [],
  );
  const clear = useCallback(() => setSelection({ tools: new Map(), allOf: null }), []);
  return { selected: selection.tools, allOf: selection.allOf, toggle, selectAll, clear };
}
