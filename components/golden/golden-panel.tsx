"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc-provider";
import { GoldenImport } from "./golden-import";
import { GoldenQueryForm } from "./golden-query-form";
import { GoldenRow } from "./golden-row";
import { todayResultOf, TodayLegend } from "./today-result";
import { refetchAfterChange } from "../refetch";
import { downloadFile } from "@/components/ui/download-file";
import { plural } from "@/components/ui/plural";

/** The catalog's golden queries: list, search, add, edit, delete, import and export JSONL. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: to split (#18 item 4): the add form and the list; left whole while #23 reworks the UI
export function GoldenPanel({ team, catalog, canEdit }: { team: string; catalog: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [formKey, setFormKey] = useState(0);
  const [isImporting, setIsImporting] = useState(false);
  // Today's pass / fail on the draft: the review ranks every golden query, so the table reuses it.
  const review = useQuery(trpc.review.get.queryOptions({ team, catalog }));
  const today = new Map((review.data?.queries ?? []).map((q) => [q.id, todayResultOf(q.expected, q.quality.draft)]));
  const k = review.data?.k ?? 0;
  const list = useQuery({
    ...trpc.golden.list.queryOptions({ team, catalog, search: search.trim() || undefined }),
    placeholderData: keepPreviousData,
  });
  const refresh = () =>
    Promise.all([
      refetchAfterChange(queryClient, { queryKey: trpc.golden.list.pathKey() }),
      refetchAfterChange(queryClient, { queryKey: trpc.review.get.pathKey() }),
    ]);
  const create = useMutation(
    trpc.golden.create.mutationOptions({
      onSuccess: () => (setFormKey((k) => k + 1), refresh()),
      meta: { success: "Golden query added", errorTitle: "The golden query was not added" },
    }),
  );
  const download = () =>
    downloadFile(async () => {
      const file = await queryClient.fetchQuery({
        ...trpc.golden.export.queryOptions({ team, catalog }),
        staleTime: 0,
      });
      return { content: file.content, filename: file.filename, type: "application/jsonl" };
    });

  const rows = list.data?.queries ?? [];
  const flagged = rows.filter((r) => r.issues.length > 0).length;
  // Nothing to filter or export until there is a golden query.
  const hasQueries = (list.data?.total ?? 0) > 0;
  return (
    <div className="space-y-4">
      {canEdit && (
        <section aria-label="Add a golden query" className="rounded-lg border border-stone-200 bg-white p-4">
          <h3 className="mb-3 font-semibold">Add a golden query</h3>
          <GoldenQueryForm
            key={formKey}
            team={team}
            catalog={catalog}
            submitLabel="Add golden query"
            isPending={create.isPending}
            error={create.error?.message}
            onSubmit={(draft) => create.mutate({ team, catalog, ...draft })}
          />
        </section>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-stone-600" role="status">
          {list.data ? plural(list.data.total, "golden query", "golden queries") : "Loading…"}
          {search.trim() && list.data && ` · ${rows.length} matching`}
          {flagged > 0 && ` · ${plural(flagged, "expects", "expect")} tools tool_search cannot return`}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {hasQueries && (
            <>
              <input
                aria-label="Filter golden queries"
                type="search"
                data-shortcut="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Filter by query, tool id or note"
                className="w-full rounded border border-stone-300 bg-white px-2 py-1 text-sm sm:w-64"
              />
              <button
                type="button"
                onClick={download}
                className="rounded border border-stone-300 bg-white px-3 py-1.5 text-sm hover:bg-stone-100"
              >
                Export JSONL
              </button>
            </>
          )}
          {canEdit && (
            <button
              type="button"
              aria-expanded={isImporting}
              onClick={() => setIsImporting((v) => !v)}
              className="rounded border border-stone-300 bg-white px-3 py-1.5 text-sm hover:bg-stone-100"
            >
              Import JSONL
            </button>
          )}
        </div>
      </div>
      {isImporting && canEdit && <GoldenImport team={team} catalog={catalog} onImported={refresh} />}
      {review.data && rows.length > 0 && <TodayLegend k={k} />}
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
                today={review.isFetching ? undefined : today.get(row.id)}
                k={k}
                canEdit={canEdit}
                onChanged={refresh}
              />
            ))}
            {list.data && rows.length === 0 && (
              <tr>
                <td colSpan={5} className="px-3 py-8 text-center text-stone-500">
                  {search.trim()
                    ? "No golden query matches."
                    : "No golden queries yet. Add what users ask and the tools that should answer above, or save a query from the Playground."}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
