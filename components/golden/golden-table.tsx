"use client";

import { GoldenRow, type GoldenQueryRow } from "./golden-row";
import type { TodayResult } from "./today-result";

interface GoldenTableProps {
  team: string;
  catalog: string;
  rows: GoldenQueryRow[];
  /** False while the list loads: no empty-state message yet. */
  isLoaded: boolean;
  isFiltered: boolean;
  todayOf: (id: string) => TodayResult | undefined;
  k: number;
  canEdit: boolean;
  onChanged: () => void;
}

/** The golden queries table, with its empty state. */
export function GoldenTable({
  team,
  catalog,
  rows,
  isLoaded,
  isFiltered,
  todayOf,
  k,
  canEdit,
  onChanged,
}: GoldenTableProps) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="w-full border-collapse text-sm" aria-label="Golden queries">
        <thead>
          <tr className="border-b border-stone-200 text-left text-stone-500">
            <th className="px-3 py-2 font-medium">Query</th>
            <th className="px-3 py-2 font-medium">Today</th>
            <th className="px-3 py-2 font-medium">Expected tools</th>
            <th className="px-3 py-2 font-medium">Note</th>
            <th className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <GoldenRow
              key={`${row.id}:${row.revision}`}
              team={team}
              catalog={catalog}
              row={row}
              today={todayOf(row.id)}
              k={k}
              canEdit={canEdit}
              onChanged={onChanged}
            />
          ))}
          {isLoaded && rows.length === 0 && (
            <tr>
              <td colSpan={5} className="px-3 py-8 text-center text-stone-500">
                {isFiltered
                  ? "No golden query matches."
                  : "No golden queries yet. Add what users ask and the tools that should answer above, or save a query from the Playground."}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
