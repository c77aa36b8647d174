import type { InvalidateQueryFilters, QueryClient } from "@tanstack/react-query";

/**
 * Refetches what a change made stale. `invalidateQueries` alone is not enough while a query's first load is
 * still in flight: TanStack Query hands the refetch that load, which the server may have answered before the
 * change (an invitation sent before the member list arrived never showed up). Cancelling first makes the
 * refetch start after the change. Only queries on screen are cancelled: those are the ones invalidation refetches,
 * and a one-off `fetchQuery` in flight keeps its answer.
 */
export async function refetchAfterChange(queryClient: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  await queryClient.cancelQueries({ ...filters, type: "active" });
  await queryClient.invalidateQueries(filters);
}
