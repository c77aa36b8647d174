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

/**
 * The ranking for the request as typed: each key asks for its ranking at once (a few ms of the server's time; the
 * 200 ms debounce it waited for was most of a keystroke's wait, issue 39). The URL's `q` and the panels below the
 * ranking follow `settled`, the query once typing stops.
 */
export function usePlaygroundSearch(team: string, catalog: string, request: PlaygroundRequest) {
  const trpc = useTRPC();
  const { query, version, profile, limit } = request;
  const settled = useDebouncedValue(query, 200);
  const hasQuery = query.trim().length > 0;
  const search = useQuery(
    trpc.playground.search.queryOptions(
      { team, catalog, query, version, profile, limit },
      { enabled: hasQuery, placeholderData: keepPreviousData },
    ),
  );
  useEffect(() => {
    const url = new URL(window.location.href);
    if (settled.trim()) url.searchParams.set("q", settled);
    else url.searchParams.delete("q");
    window.history.replaceState(null, "", url);
  }, [settled]);
  return { query, settled, hasQuery, search, data: hasQuery ? search.data : undefined };
}

/** The hits ticked as the right answer for the golden query; a new query starts with nothing ticked. */
export function useExpectedKeys(query: string) {
  const [expected, setExpected] = useState<string[]>([]);
  // Pre-ticking the top hit would record today's answer as the right one.
  useEffect(() => setExpected([]), [query]);
  const setTicked = (key: string, on: boolean) =>
    setExpected((keys) => (on ? [...keys, key] : keys.filter((k) => k !== key)));
  const toggle = (key: string) =>
    setExpected((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));
  return { expected, setTicked, toggle };
}
