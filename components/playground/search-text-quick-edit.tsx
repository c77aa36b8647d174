"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTRPC } from "../trpc-provider";
import { refetchAfterChange } from "../refetch";
import { UnsavedChangesGuard } from "../ui/unsaved-changes";
import { SEARCH_TEXT_MODE_LABELS, SEARCH_TEXT_MODES, type SearchTextMode } from "@/domain/vocabulary";

type Mode = SearchTextMode;

// The editor's labels, with the playground's longer wording for the mode it is mostly used for.
const MODES = SEARCH_TEXT_MODES.map((value) => ({
  value,
  label: value === "generated+extra" ? "Generated + extra keywords" : SEARCH_TEXT_MODE_LABELS[value],
}));

/**
 * Edits one tool's search text in the draft through the same `tool.update` as the tool editor (same
 * validation, same revision check), then refreshes every playground query so the ranking moves at once.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: to split (#18 item 4): the mode picker and the save flow as their own parts
export function SearchTextQuickEdit({
  team,
  catalog,
  toolId,
  onDone,
}: {
  team: string;
  catalog: string;
  toolId: string;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const fieldId = useId();
  const queryClient = useQueryClient();
  const tool = useQuery(trpc.tool.get.queryOptions({ team, catalog, id: toolId }, { staleTime: 0 }));
  const [mode, setMode] = useState<Mode>("generated");
  const [extra, setExtra] = useState("");
  const [override, setOverride] = useState("");
  const [loadedRevision, setLoadedRevision] = useState<number | null>(null);

  useEffect(() => {
    if (tool.data && tool.data.revision !== loadedRevision) {
      setMode(tool.data.searchTextMode);
      setExtra(tool.data.searchTextExtra);
      setOverride(tool.data.searchTextOverride);
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
  const isConflict = update.error?.data?.code === "CONFLICT";

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (loadedRevision === null) return;
    update.mutate({
      team,
      catalog,
      id: toolId,
      revision: loadedRevision,
      patch: { searchTextMode: mode, searchTextExtra: extra, searchTextOverride: override },
    });
  }

  async function reload() {
    update.reset();
    setLoadedRevision(null);
    await tool.refetch();
  }

  if (tool.isPending) return <p className="mt-3 text-xs text-stone-500">Loading the tool…</p>;
  if (tool.error)
    return (
      <p role="alert" className="mt-3 text-xs text-red-700">
        {tool.error.message}
      </p>
    );
  const data = tool.data;
  const isDirty =
    !update.isPending &&
    (mode !== data.searchTextMode || extra !== data.searchTextExtra || override !== data.searchTextOverride);
  return (
    <form
      onSubmit={onSubmit}
      className="mt-3 space-y-3 rounded border border-stone-200 bg-stone-50 p-3"
      aria-label={`Edit search text of ${data.key}`}
    >
      <UnsavedChangesGuard isDirty={isDirty} />
      <fieldset className="flex flex-wrap gap-4 text-xs">
        <legend className="mb-1 font-medium text-stone-700">Search text mode (revision {loadedRevision})</legend>
        {MODES.map((option) => (
          <label key={option.value} className="flex items-center gap-1">
            <input
              type="radio"
              name={`mode-${toolId}`}
              value={option.value}
              checked={mode === option.value}
              onChange={() => setMode(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {mode === "generated+extra" && (
        <div>
          <label htmlFor={`${fieldId}-extra`} className="block text-xs font-medium text-stone-700">
            Extra keywords
          </label>
          <textarea
            id={`${fieldId}-extra`}
            value={extra}
            onChange={(e) => setExtra(e.target.value)}
            rows={2}
            className="mt-1 block w-full rounded border border-stone-300 bg-white p-2 font-mono text-xs font-normal"
            placeholder="aliases, other-language terms, curated keywords"
          />
        </div>
      )}
      {mode === "override" && (
        <div>
          <label htmlFor={`${fieldId}-override`} className="block text-xs font-medium text-stone-700">
            Override text
          </label>
          <textarea
            id={`${fieldId}-override`}
            value={override}
            onChange={(e) => setOverride(e.target.value)}
            rows={3}
            className="mt-1 block w-full rounded border border-stone-300 bg-white p-2 font-mono text-xs font-normal"
          />
        </div>
      )}
      <details className="text-xs text-stone-600">
        <summary className="cursor-pointer">Generated text</summary>
        <p className="mt-1 font-mono whitespace-pre-wrap">{data.generatedSearchText}</p>
      </details>
      <p className="text-xs text-stone-500">
        Saved to the draft: the ranking updates without publishing. The model-facing description does not change.
      </p>
      <div className="flex items-center gap-2">
        <button
          type="submit"
          disabled={update.isPending}
          className="rounded bg-stone-900 px-3 py-1 text-xs text-white disabled:opacity-50"
        >
          {update.isPending ? "Saving…" : "Save search text"}
        </button>
        <button type="button" onClick={onDone} className="rounded border border-stone-300 px-3 py-1 text-xs">
          Cancel
        </button>
      </div>
      {update.error && (
        <div role="alert" className="text-xs text-red-700">
          <p>{update.error.message}</p>
          {isConflict && (
            <button type="button" onClick={reload} className="mt-1 underline">
              Reload the latest version (your changes here are discarded)
            </button>
          )}
        </div>
      )}
    </form>
  );
}
