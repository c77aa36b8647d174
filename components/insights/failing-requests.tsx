"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import {
  FAILING_WINDOW,
  FAILURE_KINDS,
  FAILURE_LABELS,
  type FailureKind,
} from "@/server/services/insights/event-filters";
import { ToggleGroup } from "radix-ui";
import { useTRPC } from "../trpc-provider";
import { inputClass, secondaryButtonClass } from "../ui/control-styles";
import { eventsHref, type InsightsScope } from "./links";

type FailingRowData = {
  queryHash: string;
  query: string | null;
  count: number;
  calledToolId: string | null;
  meanRank?: number | null;
};
interface FailingRowProps {
  team: string;
  catalog: string;
  base: string;
  scope: InsightsScope;
  canEdit: boolean;
  kind: FailureKind;
  k: number;
  row: FailingRowData;
  added: string | undefined;
  addGolden: {
    isPending: boolean;
    mutate: (input: { team: string; catalog: string; query: string; toolId: string }) => void;
  };
}

/** One failing request: how often, which tool the model called, and the button that makes it a golden query. */
function FailingRow({ team, catalog, base, scope, canEdit, kind, k, row, added, addGolden }: FailingRowProps) {
  return (
    <tr className="border-t border-stone-100 align-top">
      <td className="py-1.5 pr-3">{row.query ?? <span className="text-stone-400">(text not stored)</span>}</td>
      <td className="py-1.5 pr-3 tabular-nums">
        <Link
          className="underline"
          href={eventsHref(base, scope, {
            flag: kind,
            k: kind === "low-rank" ? k : undefined,
            ...(kind === "low-rank" ? {} : { queryHash: row.queryHash }),
          })}
        >
          {row.count}
        </Link>
      </td>
      <td className="py-1.5 pr-3 font-mono text-xs">
        {row.calledToolId ?? "–"}
        {row.meanRank ? ` (rank ${row.meanRank})` : ""}
      </td>
      <td className="py-1.5 text-right">
        {added ? (
          <span role="status" className="text-xs text-emerald-700">
            {added}
          </span>
        ) : (
          canEdit &&
          row.query &&
          row.calledToolId && (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={addGolden.isPending}
              onClick={() => addGolden.mutate({ team, catalog, query: row.query!, toolId: row.calledToolId! })}
            >
              Add as golden query
            </button>
          )
        )}
      </td>
    </tr>
  );
}

/** The requests agents failed on most, by kind; each one can become a golden query in one click. */
export function FailingRequests({
  team,
  catalog,
  base,
  scope,
  canEdit,
}: {
  team: string;
  catalog: string;
  base: string;
  scope: InsightsScope;
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const [kind, setKind] = useState<FailureKind>("empty");
  const [k, setK] = useState(3);
  const rows = useQuery(trpc.insights.failing.queryOptions({ team, catalog, ...scope, kind, k }));
  const [added, setAdded] = useState<Record<string, string>>({});
  const addGolden = useMutation(
    trpc.insights.addGolden.mutationOptions({
      onSuccess: (golden, input) =>
        setAdded((a) => ({ ...a, [input.query]: `Added as a golden query expecting ${golden.expected[0]}.` })),
      meta: { success: "Golden query added" },
    }),
  );
  return (
    <section aria-label="Failing requests" className="rounded-lg border border-stone-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h3 className="mr-2 font-semibold">Failing requests</h3>
        <ToggleGroup.Root
          type="single"
          aria-label="Kind of failure"
          value={kind}
          onValueChange={(value) => value && setKind(value as FailureKind)}
          className="flex flex-wrap gap-1"
        >
          {FAILURE_KINDS.map((value) => (
            <ToggleGroup.Item
              key={value}
              value={value}
              className="rounded bg-stone-100 px-2 py-1 text-xs text-stone-700 data-[state=on]:bg-stone-900 data-[state=on]:text-white"
            >
              {FAILURE_LABELS[value]}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
        {kind === "low-rank" && (
          <label className="flex items-center gap-1 text-xs">
            K
            <input
              type="number"
              min={1}
              max={50}
              value={k}
              onChange={(e) => setK(Math.max(1, Number(e.target.value) || 1))}
              className={`${inputClass} w-16`}
            />
          </label>
        )}
      </div>
      <p className="mb-2 text-xs text-stone-500">
        Most frequent among the latest {FAILING_WINDOW.toLocaleString("en")}{" "}
        {kind === "low-rank" ? "calls" : "searches"} of the period; the counts open every matching event.
      </p>
      {rows.error && (
        <p role="alert" className="text-sm text-red-700">
          {rows.error.message}
        </p>
      )}
      {addGolden.error && (
        <p role="alert" className="text-sm text-red-700">
          {addGolden.error.message}
        </p>
      )}
      {rows.data && rows.data.length === 0 && (
        <p className="text-sm text-stone-500">No such requests in this period.</p>
      )}
      {rows.data && rows.data.length > 0 && (
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-stone-500">
            <tr>
              <th className="py-1">Request</th>
              <th className="py-1">Times</th>
              <th className="py-1">Tool the model called</th>
              <th className="py-1" />
            </tr>
          </thead>
          <tbody>
            {rows.data.map((row) => (
              <FailingRow
                key={row.queryHash}
                {...{ team, catalog, base, scope, canEdit, kind, k, row, addGolden }}
                added={added[row.query ?? ""]}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
