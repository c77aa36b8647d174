"use client";

import { useCallback, useEffect, useState } from "react";
import { useDebouncedValue } from "@/components/playground/use-debounced-value";
import type { ToolListFilters } from "./tool-list-filters";

/** The list's filters, the debounced search, and the URL kept in step with them. */
export function useToolListFilters(initial: ToolListFilters) {
  const [filters, setFilters] = useState(initial);
  const search = useDebouncedValue(filters.q, 250);

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
  return { filters, setFilters, search, update };
}

/** The tools picked for a bulk change, by id, with the revision each was picked at. */
export function useToolSelection(pageTools: { id: string; revision: number }[]) {
  const [selected, setSelected] = useState<Map<string, number>>(new Map());
  const allOnPage = pageTools.length > 0 && pageTools.every((tool) => selected.has(tool.id));
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
      for (const tool of pageTools) {
        if (allOnPage) next.delete(tool.id);
        else next.set(tool.id, tool.revision);
      }
      return next;
    });
  return { selected, setSelected, toggle, togglePage };
}
