"use client";

import { useQuery } from "@tanstack/react-query";
import { CHECK_CATEGORIES } from "@/domain/catalog-check/index";
import { useTRPC } from "../trpc-provider";
import { CATEGORY_LABELS, type HealthVersions } from "./links";

type Counts = HealthVersions["draft"];

function CountCells({ counts }: { counts: Counts | null }) {
  if (!counts)
    return (
      <td colSpan={CHECK_CATEGORIES.length + 1} className="px-3 py-1.5 text-stone-500">
        Counting…
      </td>
    );
  return (
    <>
      {CHECK_CATEGORIES.map((c) => {
        const { error, warning, info } = counts.counts[c];
        return (
          <td key={c} className="px-3 py-1.5 text-right tabular-nums" title={`${info} info`}>
            <span className={error ? "font-medium text-red-800" : "text-stone-400"}>{error}</span>
            {" / "}
            <span className={warning ? "text-amber-900" : "text-stone-400"}>{warning}</span>
          </td>
        );
      })}
      <td className="px-3 py-1.5 text-right tabular-nums">
        {counts.toolsWithFindings} of {counts.tools}
      </td>
    </>
  );
}

/** Errors and warnings per category for the draft and each published version (newest first). */
export function VersionCounts({ team, catalog }: { team: string; catalog: string }) {
  const trpc = useTRPC();
  const versions = useQuery({
    ...trpc.health.versions.queryOptions({ team, catalog }),
    // A catalog with many unchecked versions is counted a few at a time: ask again until every one is.
    refetchInterval: (query) => (query.state.data && !query.state.data.isComplete ? 2_000 : false),
  });
  return (
    <section aria-label="Findings per version" className="space-y-2">
      <h3 className="font-semibold">Per version</h3>
      <p className="text-xs text-stone-500">
        Errors / warnings per category. Each version&apos;s tools are checked on their own (with requests made from
        their own words); golden queries and traffic change after a version is published, so they count above only.
      </p>
      {versions.error ? (
        <p role="alert" className="text-sm text-red-700">
          {versions.error.message}
        </p>
      ) : !versions.data ? (
        <p className="text-sm text-stone-500">Loading the counts of each version…</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="text-sm">
            <thead>
              <tr className="text-left text-xs text-stone-500">
                <th className="py-1 pr-4 font-normal">Version</th>
                {CHECK_CATEGORIES.map((c) => (
                  <th key={c} className="px-3 py-1 text-right font-normal">
                    {CATEGORY_LABELS[c]}
                  </th>
                ))}
                <th className="px-3 py-1 text-right font-normal">Tools with findings</th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-t border-stone-200">
                <th scope="row" className="py-1.5 pr-4 text-left font-medium">
                  Draft
                </th>
                <CountCells counts={versions.data.draft} />
              </tr>
              {versions.data.versions.map((v) => (
                <tr key={v.version} className="border-t border-stone-200">
                  <th scope="row" className="py-1.5 pr-4 text-left font-normal">
                    Version {v.version}
                  </th>
                  <CountCells counts={v.counts} />
                </tr>
              ))}
            </tbody>
          </table>
          {versions.data.versions.length === 0 && <p className="mt-1 text-xs text-stone-500">Nothing published yet.</p>}
        </div>
      )}
    </section>
  );
}
