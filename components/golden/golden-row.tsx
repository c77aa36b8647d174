"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/root";
import { useTRPC } from "../trpc-provider";
import { GoldenQueryForm } from "./golden-query-form";
import { TodayBadge, type TodayResult } from "./today-result";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { toast } from "sonner";

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
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: to split (#18 item 4): the edit mode; left whole while #23 reworks the UI
export function GoldenRow({ team, catalog, row, today, k, canEdit, onChanged }: GoldenRowProps) {
  const trpc = useTRPC();
  const [isEditing, setIsEditing] = useState(false);
  const update = useMutation(
    trpc.golden.update.mutationOptions({
      onSuccess: () => (setIsEditing(false), onChanged()),
      meta: { success: "Golden query saved", errorTitle: "The golden query was not saved" },
    }),
  );
  // Undo adds the query back with the same words, tools and note (a new id; nothing refers to golden query ids).
  const restore = useMutation(
    trpc.golden.create.mutationOptions({
      onSuccess: onChanged,
      meta: { success: "Golden query restored", errorTitle: "The golden query could not be restored" },
    }),
  );
  const remove = useMutation(
    trpc.golden.delete.mutationOptions({
      onSuccess: () => {
        onChanged();
        toast.success(`Deleted “${row.query}”`, {
          duration: 8000,
          action: {
            label: "Undo",
            onClick: () => restore.mutate({ team, catalog, query: row.query, expected: row.expected, note: row.note }),
          },
        });
      },
      meta: { errorTitle: "The golden query was not deleted" },
    }),
  );
  const issues = new Map(row.issues.map((issue) => [issue.id, issue.status]));

  if (isEditing) {
    return (
      <tr className="border-b border-stone-100 bg-stone-50">
        <td colSpan={5} className="px-3 py-3">
          <GoldenQueryForm
            team={team}
            catalog={catalog}
            initial={{ query: row.query, expected: row.expected, note: row.note }}
            submitLabel="Save golden query"
            isPending={update.isPending}
            error={update.error?.message}
            onSubmit={(draft) => update.mutate({ team, catalog, id: row.id, revision: row.revision, ...draft })}
            onCancel={() => (setIsEditing(false), update.reset())}
          />
        </td>
      </tr>
    );
  }
  return (
    <tr className="border-b border-stone-100 align-top">
      <td className="px-3 py-2">{row.query}</td>
      <td className="px-3 py-2">
        <TodayBadge result={today} k={k} />
      </td>
      <td className="px-3 py-2">
        {row.expected.length === 0 ? (
          <span className="text-xs text-stone-500">no tool should match</span>
        ) : (
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
        )}
      </td>
      <td className="px-3 py-2 text-xs text-stone-600">{row.note}</td>
      <td className="whitespace-nowrap px-3 py-2 text-right">
        {canEdit && (
          <>
            <button
              type="button"
              onClick={() => setIsEditing(true)}
              className="text-sm text-stone-700 underline hover:text-stone-950"
              aria-label={`Edit “${row.query}”`}
            >
              Edit
            </button>
            <ConfirmDialog
              trigger={
                <button
                  type="button"
                  disabled={remove.isPending}
                  className="ml-3 text-sm text-red-700 underline hover:text-red-900"
                  aria-label={`Delete “${row.query}”`}
                >
                  Delete
                </button>
              }
              title="Delete this golden query?"
              description={<>“{row.query}” leaves the golden set. You can undo from the message that follows.</>}
              confirmLabel="Delete golden query"
              onConfirm={() => remove.mutate({ team, catalog, id: row.id, revision: row.revision })}
            />
            {remove.error && (
              <p role="alert" className="text-xs text-red-700">
                {remove.error.message}
              </p>
            )}
          </>
        )}
      </td>
    </tr>
  );
}
