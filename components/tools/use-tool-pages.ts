"use client";

import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { useTRPC } from "@/components/trpc-provider";
import type { AppRouter } from "@/server/routers/root";
import { PAGE_SIZE } from "./tool-list-filters";
import { pagesAround } from "./virtual-rows";

/** One page of the tool list, as the `tool.list` procedure returns it. */
export type ToolPage = inferRouterOutputs<AppRouter>["tool"]["list"];
export type ToolRow = ToolPage["tools"][number];
/** The list's query without its page: scope, filters and sort. */
export type ToolListQuery = Omit<inferRouterInputs<AppRouter>["tool"]["list"], "page" | "pageSize">;

/**
 * The rows of the pages around the viewport, fetched as it moves (each page a query of its own, so pages scrolled
 * past stay cached and a jump skips the pages between). `rowAt` is undefined for a row whose page is still loading.
 */
export function useToolPages(query: ToolListQuery, firstPage: ToolPage, start: number, end: number) {
  const trpc = useTRPC();
  const numbers = pagesAround(start, end, firstPage.total);
  // The same queries while the view stays on the same pages (most scroll frames): nothing for the observer to redo.
  // `pagesKey` stands for `query` and `numbers`, which are new objects on every render.
  const pagesKey = `${JSON.stringify(query)}|${numbers.join(",")}`;
  const queries = useMemo(
    () => numbers.map((page) => trpc.tool.list.queryOptions({ ...query, page, pageSize: PAGE_SIZE })),
    [trpc, pagesKey],
  );
  const pages = useQueries({ queries });
  const rowsOf = new Map<number, ToolRow[]>([[1, firstPage.tools]]);
  numbers.forEach((page, i) => {
    const tools = pages[i]?.data?.tools;
    if (tools) rowsOf.set(page, tools);
  });
  return (index: number): ToolRow | undefined => rowsOf.get(Math.floor(index / PAGE_SIZE) + 1)?.[index % PAGE_SIZE];
}
