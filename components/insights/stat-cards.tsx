import Link from "next/link";
import { plural } from "../ui/plural";
import { eventsHref, percent, type InsightsOverview, type InsightsScope } from "./links";

interface Stat {
  label: string;
  value: string;
  detail: string;
  href: string;
}

function statsOf(base: string, scope: InsightsScope, { totals }: InsightsOverview): Stat[] {
  const href = (filters: Parameters<typeof eventsHref>[2]) => eventsHref(base, scope, filters);
  const ms = (value: number | null) => (value === null ? "–" : `${value.toFixed(value < 10 ? 2 : 0)} ms`);
  return [
    {
      label: "Searches",
      value: String(totals.searches),
      detail: `${plural(totals.calls, "call")} reported`,
      href: href({ kind: "search" }),
    },
    {
      label: "Empty answers",
      value: percent(totals.emptyShare),
      detail: `${plural(totals.empty, "search", "searches")} returned no tool`,
      href: href({ flag: "empty" }),
    },
    {
      label: "Weak-only answers",
      value: percent(totals.weakShare),
      detail: `${plural(totals.weak, "search", "searches")} matched only weakly`,
      href: href({ flag: "weak" }),
    },
    {
      label: "Followed by a call",
      value: percent(totals.followedShare),
      detail: `${plural(totals.followed, "search", "searches")} led to a call of a returned tool`,
      href: href({ flag: "followed" }),
    },
    {
      label: "Calls no search returned",
      value: String(totals.unreturned),
      detail: "the model called a tool its search did not return",
      href: href({ flag: "unreturned" }),
    },
    {
      label: "Searched again",
      value: percent(totals.repeatedShare),
      detail: `${plural(totals.repeated, "repeated search", "repeated searches")} in one conversation`,
      href: href({ flag: "repeated" }),
    },
    {
      label: "Search latency",
      value: `p50 ${ms(totals.latencyP50Ms)}`,
      detail: `p95 ${ms(totals.latencyP95Ms)}, measured by the agent`,
      href: href({ kind: "search" }),
    },
    {
      label: "Call success",
      value: percent(totals.successRate),
      detail: `${totals.succeeded} of ${plural(totals.finished, "call")} with an outcome`,
      href: href({ flag: "failed" }),
    },
  ];
}

/** The headline numbers; each links to the events it counts. */
export function StatCards({
  base,
  scope,
  overview,
}: {
  base: string;
  scope: InsightsScope;
  overview: InsightsOverview;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Headline numbers">
      {statsOf(base, scope, overview).map((stat) => (
        <li key={stat.label}>
          <Link
            href={stat.href}
            className="block rounded-lg border border-stone-200 bg-white p-3 hover:border-stone-400"
            aria-label={`${stat.label}: ${stat.value}`}
          >
            <span className="block text-xs text-stone-500">{stat.label}</span>
            <span className="block text-xl font-semibold tabular-nums">{stat.value}</span>
            <span className="block text-xs text-stone-500">{stat.detail}</span>
          </Link>
        </li>
      ))}
      {overview.totals.dropped > 0 && (
        <li className="col-span-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-xs text-amber-900 md:col-span-4">
          Agents dropped {plural(overview.totals.dropped, "event")} because their queue was full: these numbers
          undercount.
        </li>
      )}
    </ul>
  );
}
