"use client";

import { useState } from "react";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/root";
import { GoldenRowActions } from "./golden-row-actions";
import { GoldenRowEditor } from "./golden-row-editor";
import { TodayBadge, type TodayResult } from "./today-result";

export type GoldenQueryRow = inferRouterOutputs<AppRouter>["golden"]["list"]["queries"][number];

const ISSUE_TEXT = {
  missing: "not in the catalog",
  hidden: "hidden: never searchable",
  direct: "direct: sent on turn one, not searchable",
} as const;

interface GoldenRowProps {
  team: string;
  catalog: string;
  row: GoldenQueryRow;
  today: TodayResult | undefined;
  k: number;
  canEdit: boolean;
  onChanged: () => void;
}

/** One golden query: its expected tools (flagging ids tool_search can never return), edited in place with its revision. */
export function GoldenRow({ team, catalog, row, today, k, canEdit, onChanged }: GoldenRowProps) {
  const [isEditing, setIsEditing] = useState(false);
  if (isEditing) {
    return (
      <GoldenRowEditor
        team={team}
        catalog={catalog}
        row={row}
        onClose={() => setIsEditing(false)}
        onChanged={onChanged}
      />
    );
  }
  return (
    <tr className="border-b border-stone-100 align-top">
      <td className="px-3 py-2">{row.query}</td>
      <td className="px-3 py-2">
        <TodayBadge result={today} k={k} />
      </td>
      <td className="px-3 py-2">
        <ExpectedTools row={row} />
      </td>
      <td className="px-3 py-2 text-xs text-stone-600">{row.note}</td>
      <td className="whitespace-nowrap px-3 py-2 text-right">
        {canEdit && (
          <GoldenRowActions
            team={team}
            catalog={catalog}
            row={row}
            onEdit={() => setIsEditing(true)}
            onChanged={onChanged}
          />
        )}
      </td>
    </tr>
  );
}

/** The expected tool ids, each marked when tool_search cannot return it. */
function ExpectedTools({ row }: { row: GoldenQueryRow }) {
  if (row.expected.length === 0) return <span className="text-xs text-stone-500">no tool should match</span>;
  const issues = new Map(row.issues.map((issue) => [issue.id, issue.status]));
  return (
    <ul className="flex flex-wrap gap-1">
      {row.expected.map((id) => {
        const issue = issues.get(id);
        return (
          <li
            key={id}
            title={issue ? ISSUE_TEXT[issue] : "deferred: searchable"}
            className={`rounded px-1.5 py-0.5 font-mono text-xs ${issue === "missing" ? "bg-red-100 text-red-800 line-through" : issue ? "bg-amber-100 text-amber-900" : "bg-stone-100 text-stone-800"}`}
          >
            {id}
            {issue && <span className="sr-only"> ({ISSUE_TEXT[issue]})</span>}
          </li>
        );
      })}
    </ul>
  );
}
