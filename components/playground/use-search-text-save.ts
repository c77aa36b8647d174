"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import type { SearchTextValue } from "../tools/search-text/search-text-mode-fields";
import { useTRPC } from "../trpc-provider";
import { refetchAfterChange } from "../refetch";

type Scope = { team: string; catalog: string; toolId: string };

const EMPTY: SearchTextValue = { searchTextMode: "generated", searchTextExtra: "", searchTextOverride: "" };

/**
 * One tool's search text, loaded at a revision and saved through the same `tool.update` as the tool editor (same
 * validation, same revision check); then every playground query refreshes so the ranking moves at once.
 */
export function useSearchTextSave({ team, catalog, toolId }: Scope, onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tool = useQuery(trpc.tool.get.queryOptions({ team, catalog, id: toolId }, { staleTime: 0 }));
  const [value, setValue] = useState(EMPTY);
  const [loadedRevision, setLoadedRevision] = useState<number | null>(null);

  useEffect(() => {
    if (tool.data && tool.data.revision !== loadedRevision) {
      const { searchTextMode, searchTextExtra, searchTextOverride } = tool.data;
      setValue({ searchTextMode, searchTextExtra, searchTextOverride });
      setLoadedRevision(tool.data.revision);
    }
  }, [tool.data, loadedRevision]);

  const update = useMutation(
    trpc.tool.update.mutationOptions({
      onSuccess: async () => {
        await Promise.all([
          refetchAfterChange(queryClient, trpc.playground.pathFilter()),
          refetchAfterChange(queryClient, { queryKey: trpc.tool.get.queryKey({ team, catalog, id: toolId }) }),
        ]);
        onDone();
      },
      meta: { success: "Search text saved to the draft", errorTitle: "The search text was not saved" },
    }),
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (loadedRevision === null) return;
    update.mutate({ team, catalog, id: toolId, revision: loadedRevision, patch: value });
  }

  /** After a conflict: load the latest revision, discarding the edits here. */
  async function reload() {
    update.reset();
    setLoadedRevision(null);
    await tool.refetch();
  }

  const saved = tool.data;
  const isDirty =
    saved !== undefined &&
    !update.isPending &&
    (value.searchTextMode !== saved.searchTextMode ||
      value.searchTextExtra !== saved.searchTextExtra ||
      value.searchTextOverride !== saved.searchTextOverride);
  const patch = (change: Partial<SearchTextValue>) => setValue((current) => ({ ...current, ...change }));
  return { tool, value, patch, loadedRevision, update, onSubmit, reload, isDirty };
}
