import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { useState } from "react";

/**
 * A page the server just rendered is newer than what this tab cached before it navigated there (an import on
 * another page, another tab, the CLI). TanStack Query ignores `initialData` once a key has data, so the cached copy
 * would show until it went stale ("no tools yet" right after an import). This puts the server's copy in the cache,
 * once per mount, when it is the newer one.
 */
export function useServerSeed<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  data: T | undefined,
  renderedAt: number | undefined,
): void {
  useState(() => {
    if (data === undefined || renderedAt === undefined) return null;
    const cached = queryClient.getQueryState(queryKey);
    if (cached && cached.dataUpdatedAt >= renderedAt) return null;
    queryClient.setQueryData(queryKey, data, { updatedAt: renderedAt });
    return null;
  });
}
