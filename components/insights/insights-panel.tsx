"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useTRPC } from "../trpc-provider";
import { inputClass } from "../ui/control-styles";
import { BarChart } from "./bar-chart";
import { plural } from "../ui/plural";
import { Select } from "../ui/select";
import { FailingRequests } from "./failing-requests";
import { eventsHref, scopeParams, type InsightsScope } from "./links";
import { NoEventsNotice } from "./no-events-notice";
import { PrivacySettings } from "./privacy-settings";
import { StatCards } from "./stat-cards";
import { ToolFunnel } from "./tool-funnel";

/** Palette variables, so each theme draws the bars in its own shade. */
const COLORS = {
  ok: "var(--color-sky-700)",
  weak: "var(--color-amber-500)",
  empty: "var(--color-red-600)",
  rank: "var(--color-emerald-600)",
} as const;

/** What the catalog's agents searched and called over a period and snapshot version (kept in the URL). */
export function InsightsPanel(props: {
  team: string;
  catalog: string;
  scope: InsightsScope;
  canEdit: boolean;
  isOwner: boolean;
  hasPublished: boolean;
}) {
  const { team, catalog, scope, canEdit, isOwner, hasPublished } = props;
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const base = `/t/${team}/${catalog}`;
  const overview = useQuery({
    ...trpc.insights.overview.queryOptions({ team, catalog, ...scope }),
    placeholderData: keepPreviousData,
  });
  const setScope = (next: InsightsScope) => router.replace(`${pathname}?${scopeParams({ ...scope, ...next })}`);
  const data = overview.data;
  // Zeros, empty charts and empty lists say less than the steps that would fill them.
  const isEmpty = data !== undefined && data.totals.searches === 0 && data.totals.calls === 0;
  return (
    <div className="space-y-4">
      <form
        className="flex flex-wrap items-end gap-3 text-sm"
        aria-label="Period and version"
        onSubmit={(e) => e.preventDefault()}
      >
        <label>
          <span className="block text-xs text-stone-500">From</span>
          <input
            type="date"
            className={inputClass}
            value={data?.period.from ?? scope.from ?? ""}
            onChange={(e) => setScope({ from: e.target.value || undefined })}
          />
        </label>
        <label>
          <span className="block text-xs text-stone-500">To</span>
          <input
            type="date"
            className={inputClass}
            value={data?.period.to ?? scope.to ?? ""}
            onChange={(e) => setScope({ to: e.target.value || undefined })}
          />
        </label>
        <div>
          <label htmlFor="insights-version" className="block text-xs text-stone-500">
            Snapshot version
          </label>
          <Select
            id="insights-version"
            value={scope.version === null || scope.version === undefined ? "" : String(scope.version)}
            onValueChange={(v) => setScope({ version: v === "" ? null : Number(v) })}
            options={[
              { value: "", label: "All versions" },
              ...(data?.versions ?? []).map((v) => ({ value: String(v), label: v === 0 ? "unknown" : `v${v}` })),
            ]}
          />
        </div>
      </form>
      {overview.error && (
        <p role="alert" className="text-sm text-red-700">
          {overview.error.message}
        </p>
      )}
      {!data && !overview.error && <p className="text-sm text-stone-500">Loading what agents reported…</p>}
      {isEmpty && <NoEventsNotice team={team} catalog={catalog} hasPublished={hasPublished} />}
      {data && !isEmpty && (
        <>
          <StatCards base={base} scope={scope} overview={data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <BarChart
              title="Searches per day"
              note="bars link to that day's searches"
              legend={[
                { name: "answered", color: COLORS.ok },
                { name: "weak only", color: COLORS.weak },
                { name: "empty", color: COLORS.empty },
              ]}
              bars={data.perDay.map((day) => ({
                label: day.day.slice(5),
                href: eventsHref(base, scope, { kind: "search", day: day.day }),
                parts: [
                  { name: "answered", color: COLORS.ok, value: day.searches - day.empty - day.weak },
                  { name: "weak only", color: COLORS.weak, value: day.weak },
                  { name: "empty", color: COLORS.empty, value: day.empty },
                ],
              }))}
            />
            <BarChart
              title="Rank of the called tool"
              note={`${plural(data.totals.unreturned, "call")} of a tool the search did not return`}
              legend={[{ name: "calls", color: COLORS.rank }]}
              bars={data.rankDistribution.map((r) => ({
                label: `#${r.rank}`,
                href: eventsHref(base, scope, { kind: "call", rank: r.rank }),
                parts: [{ name: "calls", color: COLORS.rank, value: r.count }],
              }))}
            />
          </div>
          <FailingRequests team={team} catalog={catalog} base={base} scope={scope} canEdit={canEdit} />
          <ToolFunnel team={team} catalog={catalog} base={base} scope={scope} funnel={data.funnel} canEdit={canEdit} />
        </>
      )}
      <PrivacySettings team={team} catalog={catalog} isOwner={isOwner} />
    </div>
  );
}
