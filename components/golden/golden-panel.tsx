"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc-provider";
import { GoldenAddSection } from "./golden-add-section";
import { GoldenImport } from "./golden-import";
import { GoldenTable } from "./golden-table";
import { GoldenToolbar } from "./golden-toolbar";
import { todayResultOf, TodayLegend } from "./today-result";
import { refetchAfterChange } from "../refetch";
import { downloadFile } from "@/components/ui/download-file";

/** The catalog's golden queries: list, search, add, edit, delete, import and export JSONL. */
export function GoldenPanel({ team, catalog, canEdit }: { team: string; catalog: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
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
  const download = () =>
    downloadFile(async () => {
      const file = await queryClient.fetchQuery({
        ...trpc.golden.export.queryOptions({ team, catalog }),
        staleTime: 0,
      });
      return { content: file.content, filename: file.filename, type: "application/jsonl" };
    });

  const rows = list.data?.queries ?? [];
  return (
    <div className="space-y-4">
      {canEdit && <GoldenAddSection team={team} catalog={catalog} onAdded={refresh} />}
      <GoldenToolbar
        total={list.data?.total}
        matching={rows.length}
        flagged={rows.filter((r) => r.issues.length > 0).length}
        search={search}
        onSearchChange={setSearch}
        onExport={download}
        canEdit={canEdit}
        isImporting={isImporting}
        onToggleImport={() => setIsImporting((v) => !v)}
      />
      {isImporting && canEdit && <GoldenImport team={team} catalog={catalog} onImported={refresh} />}
      {review.data && rows.length > 0 && <TodayLegend k={k} />}
      <GoldenTable
        team={team}
        catalog={catalog}
        rows={rows}
        isLoaded={list.data !== undefined}
        isFiltered={search.trim() !== ""}
        todayOf={(id) => (review.isFetching ? undefined : today.get(id))}
        k={k}
        canEdit={canEdit}
        onChanged={refresh}
      />
    </div>
  );
}
