"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useEffect, useState } from "react";
import type { AppRouter } from "@/server/routers/root";
import { useTRPC } from "../trpc-provider";
import type { Profile } from "./format";
import { useDebouncedValue } from "./use-debounced-value";

export type PlaygroundResult = inferRouterOutputs<AppRouter>["playground"]["search"];

/** What the request form sets: the query as typed, the ranking source and profile, K. */
export interface PlaygroundRequest {
  query: string;
  version: number | null;
  profile: Profile | undefined;
  limit: number;
}

/** The ranking for the request, once typing settles; the settled query is mirrored in the URL's `q`. */
export function usePlaygroundSearch(team: string, catalog: string, request: PlaygroundRequest) {
  const trpc = useTRPC();
  const { version, profile, limit } = request;
  const debounced = useDebouncedValue(request.query, 200);
  const hasQuery = debounced.trim().length > 0;
  const search = useQuery(
    trpc.playground.search.queryOptions(
      { team, catalog, query: debounced, version, profile, limit },
      { enabled: hasQuery, placeholderData: keepPreviousData },
    ),
  );
  useEffect(() => {
    const url = new URL(window.location.href);
    if (debounced.trim()) url.searchParams.set("q", debounced);
    else url.searchParams.delete("q");
    window.history.replaceState(null, "", url);
  }, [debounced]);
  return { debounced, hasQuery, search, data: hasQuery ? search.data : undefined };
}

/** The hits ticked as the right answer for the golden query; a new query starts with nothing ticked. */
export function useExpectedKeys(debounced: string) {
  const [expected, setExpected] = useState<string[]>([]);
  // Pre-ticking the top hit would record today's answer as the right one.
  useEffect(() => setExpected([]), [debounced]);
  const setTicked = (key: string, on: boolean) =>
    setExpected((keys) => (on ? [...keys, key] : keys.filter((k) => k !== key)));
  const toggle = (key: string) =>
    setExpected((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));
  return { expected, setTicked, toggle };
}
