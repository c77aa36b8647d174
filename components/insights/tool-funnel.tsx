"use client";

import Link from "next/link";
import { Fragment, useState } from "react";
import { eventsHref, type InsightsOverview, type InsightsScope } from "./links";
import { TermSuggestions } from "./term-suggestions";

/** Per tool: how often searches returned it, the model called it, the call succeeded, and its mean rank when called. */
export function ToolFunnel({
  team,
  catalog,
  base,
  scope,
  funnel,
  canEdit,
}: {
  team: string;
  catalog: string;
  base: string;
  scope: InsightsScope;
  funnel: InsightsOverview["funnel"];
  canEdit: boolean;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const cell = (value: number | string, href: string, label: string) => (
    <Link href={href} className="underline tabular-nums" aria-label={label}>
      {value}
    </Link>
  );
  return (
    <section aria-label="Tool funnel" className="rounded-lg border border-stone-200 bg-white p-4">
      <h3 className="mb-3 font-semibold">Per tool</h3>
      {funnel.length === 0 && <p className="text-sm text-stone-500">No tool was returned or called in this period.</p>}
      {funnel.length > 0 && (
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-stone-500">
            <tr>
              <th className="py-1">Tool</th>
              <th className="py-1">Returned</th>
              <th className="py-1">Called</th>
              <th className="py-1">Succeeded</th>
              <th className="py-1">Mean rank when called</th>
              <th className="py-1" />
            </tr>
          </thead>
          <tbody>
            {funnel.map((row) => (
              <Fragment key={row.toolId}>
                <tr className="border-t border-stone-100">
                  <td className="py-1.5 pr-3 font-mono text-xs">{row.toolId}</td>
                  <td className="py-1.5 pr-3">
                    {cell(
                      row.returned,
                      eventsHref(base, scope, { kind: "search", toolId: row.toolId }),
                      `${row.toolId} returned ${row.returned}`,
                    )}
                  </td>
                  <td className="py-1.5 pr-3">
                    {cell(
                      row.called,
                      eventsHref(base, scope, { kind: "call", toolId: row.toolId }),
                      `${row.toolId} called ${row.called}`,
                    )}
                  </td>
                  <td className="py-1.5 pr-3">
                    {cell(
                      row.succeeded,
                      eventsHref(base, scope, { flag: "ok", toolId: row.toolId }),
                      `${row.toolId} succeeded ${row.succeeded}`,
                    )}
                  </td>
                  <td className="py-1.5 pr-3 tabular-nums">{row.meanRank ?? "–"}</td>
                  <td className="py-1.5 text-right">
                    <button
                      type="button"
                      className="text-xs underline"
                      aria-expanded={open === row.toolId}
                      onClick={() => setOpen(open === row.toolId ? null : row.toolId)}
                    >
                      {open === row.toolId ? "Hide suggestions" : `Suggest search terms for ${row.toolId}`}
                    </button>
                  </td>
                </tr>
                {open === row.toolId && (
                  <tr>
                    <td colSpan={6} className="pb-3">
                      <TermSuggestions
                        team={team}
                        catalog={catalog}
                        scope={scope}
                        toolId={row.toolId}
                        canEdit={canEdit}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
