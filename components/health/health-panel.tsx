"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "../trpc-provider";
import { plural } from "../ui/plural";
import { FindingList } from "./finding-list";
import { HealthFilters } from "./health-filters";
import { HealthSummary } from "./health-summary";
import { type HealthFindings, type HealthView, healthHref } from "./links";
import { VersionCounts } from "./version-counts";

function Pager({ base, view, data }: { base: string; view: HealthView; data: HealthFindings }) {
  if (data.pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center gap-4 text-sm">
      {data.page > 1 && (
        <Link href={healthHref(base, { ...view, page: data.page - 1 })} className="hover:underline">
          ← Previous
        </Link>
      )}
      <span className="text-stone-600">
        Page {data.page} of {data.pageCount}
      </span>
      {data.page < data.pageCount && (
        <Link href={healthHref(base, { ...view, page: data.page + 1 })} className="hover:underline">
          Next →
        </Link>
      )}
    </nav>
  );
}

function Findings({ base, view, data }: { base: string; view: HealthView; data: HealthFindings }) {
  const isFiltered = Boolean(view.category || view.severity || view.tool);
  if (data.matching.findings === 0)
    return (
      <p className="text-sm text-stone-600">
        {isFiltered ? "No finding matches these filters." : "The catalog check found nothing in the draft."}
      </p>
    );
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-600">
        {plural(data.matching.findings, "finding")} in {plural(data.matching.tools, "tool")}
        {isFiltered ? " match the filters" : ""}, the worst first.
      </p>
      <FindingList base={base} tools={data.tools} />
      <Pager base={base} view={view} data={data} />
    </div>
  );
}

/** The catalog check over the draft (filtered as the URL says) and the counts of every published version. */
export function HealthPanel({ team, catalog, view }: { team: string; catalog: string; view: HealthView }) {
  const trpc = useTRPC();
  const base = `/t/${team}/${catalog}`;
  const findings = useQuery({
    ...trpc.health.findings.queryOptions({ team, catalog, ...view }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="space-y-6">
      {findings.error ? (
        <p role="alert" className="text-sm text-red-700">
          {findings.error.message}
        </p>
      ) : !findings.data ? (
        <p className="text-sm text-stone-500">Loading the findings: checking every tool of the draft…</p>
      ) : (
        <HealthSummary base={base} summary={findings.data.summary} />
      )}
      <VersionCounts team={team} catalog={catalog} />
      <section aria-label="Findings" className="space-y-3">
        <h3 className="font-semibold">Findings</h3>
        {/* Keyed on the filters: its fields are uncontrolled, and a client-side navigation must reset them. */}
        <HealthFilters key={`${view.category}|${view.severity}|${view.tool}`} base={base} view={view} />
        {findings.data && <Findings base={base} view={view} data={findings.data} />}
      </section>
    </div>
  );
}
