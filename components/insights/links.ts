import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/root";
import { EVENT_FLAGS } from "@/server/services/insights/event-filters";

export type InsightsOverview = inferRouterOutputs<AppRouter>["insights"]["overview"];
export type EventFilters = NonNullable<inferRouterInputs<AppRouter>["insights"]["events"]["filters"]>;

/** The page's period and version, as the URL carries them (so every view can be linked and reloaded). */
export interface InsightsScope {
  from?: string;
  to?: string;
  version?: number | null;
}

export function scopeParams(scope: InsightsScope): URLSearchParams {
  const params = new URLSearchParams();
  if (scope.from) params.set("from", scope.from);
  if (scope.to) params.set("to", scope.to);
  if (scope.version !== undefined && scope.version !== null) params.set("version", String(scope.version));
  return params;
}

/** The events list behind one number of the page. */
export function eventsHref(base: string, scope: InsightsScope, filters: EventFilters = {}): string {
  const params = scopeParams(scope);
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  return `${base}/insights/events?${params}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pick = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Reads the period, version and event filters from a page's search params; anything malformed is ignored. */
export function parseInsightsParams(params: Record<string, string | string[] | undefined>): {
  scope: InsightsScope;
  filters: EventFilters;
} {
  const text = (key: string) => pick(params[key])?.slice(0, 300) || undefined;
  const int = (key: string) => {
    const value = Number(pick(params[key]));
    return Number.isInteger(value) && value >= 0 && value < 1_000_000 ? value : undefined;
  };
  const from = text("from");
  const to = text("to");
  const kind = text("kind");
  const flag = text("flag");
  const day = text("day");
  return {
    scope: {
      from: from && DAY.test(from) ? from : undefined,
      to: to && DAY.test(to) ? to : undefined,
      version: int("version") ?? null,
    },
    filters: {
      kind: kind === "search" || kind === "call" || kind === "outcome" ? kind : undefined,
      flag: EVENT_FLAGS.find((f) => f === flag),
      day: day && DAY.test(day) ? day : undefined,
      toolId: text("toolId"),
      queryHash: text("queryHash"),
      rank: int("rank") || undefined,
      k: int("k") || undefined,
    },
  };
}

export const percent = (share: number | null) => (share === null ? "–" : `${(100 * share).toFixed(1)} %`);
