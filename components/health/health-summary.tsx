import Link from "next/link";
import { CHECK_CATEGORIES, CHECK_SEVERITIES } from "@/domain/catalog-check/index";
import { plural } from "../ui/plural";
import { CATEGORY_HINTS, CATEGORY_LABELS, type HealthFindings, healthHref, SEVERITY_LABELS } from "./links";

const CELL_STYLE = { error: "text-red-800", warning: "text-amber-900", info: "text-stone-700" } as const;

/** The draft's findings by category and severity; each number filters the list below to it. */
export function HealthSummary({ base, summary }: { base: string; summary: HealthFindings["summary"] }) {
  return (
    <section aria-label="Findings by category" className="space-y-2">
      <p className="text-sm text-stone-600" role="status">
        {plural(summary.toolsWithFindings, "tool")} of {summary.tools} with findings. Findability ranks{" "}
        {plural(summary.golden, "golden query", "golden queries")} and {plural(summary.traffic, "request")} agents sent
        before calling a tool (the last 30 days).
      </p>
      <div className="overflow-x-auto">
        <table className="text-sm">
          <thead>
            <tr className="text-left text-xs text-stone-500">
              <th className="py-1 pr-6 font-normal">Category</th>
              {CHECK_SEVERITIES.map((s) => (
                <th key={s} className="px-3 py-1 text-right font-normal">
                  {SEVERITY_LABELS[s]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {CHECK_CATEGORIES.map((c) => (
              <tr key={c} className="border-t border-stone-200">
                <th scope="row" className="py-1.5 pr-6 text-left font-medium">
                  <Link href={healthHref(base, { category: c })} className="hover:underline">
                    {CATEGORY_LABELS[c]}
                  </Link>
                  <span className="block text-xs font-normal text-stone-500">{CATEGORY_HINTS[c]}</span>
                </th>
                {CHECK_SEVERITIES.map((s) => {
                  const count = summary.counts[c][s];
                  return (
                    <td key={s} className="px-3 py-1.5 text-right tabular-nums">
                      {count === 0 ? (
                        <span className="text-stone-400">0</span>
                      ) : (
                        <Link
                          href={healthHref(base, { category: c, severity: s })}
                          aria-label={`${count} ${CATEGORY_LABELS[c].toLowerCase()} ${s === "info" ? "info findings" : `${s}s`}`}
                          className={`font-medium hover:underline ${CELL_STYLE[s]}`}
                        >
                          {count.toLocaleString("en-US")}
                        </Link>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
