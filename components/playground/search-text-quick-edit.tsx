"use client";

import { SearchTextModeFields } from "../tools/search-text/search-text-mode-fields";
import { UnsavedChangesGuard } from "../ui/unsaved-changes";
import { useSearchTextSave } from "./use-search-text-save";

interface SearchTextQuickEditProps {
  team: string;
  catalog: string;
  toolId: string;
  onDone: () => void;
}

/**
 * Edits one tool's search text in the draft through the same `tool.update` as the tool editor (same
 * validation, same revision check), then refreshes every playground query so the ranking moves at once.
 */
export function SearchTextQuickEdit({ team, catalog, toolId, onDone }: SearchTextQuickEditProps) {
  const { tool, value, patch, loadedRevision, update, onSubmit, reload, isDirty } = useSearchTextSave(
    { team, catalog, toolId },
    onDone,
  );
  if (tool.isPending) return <p className="mt-3 text-xs text-stone-500">Loading the tool…</p>;
  if (tool.error)
    return (
      <p role="alert" className="mt-3 text-xs text-red-700">
        {tool.error.message}
      </p>
    );
  return (
    <form
      onSubmit={onSubmit}
      className="mt-3 space-y-3 rounded border border-stone-200 bg-stone-50 p-3"
      aria-label={`Edit search text of ${tool.data.key}`}
    >
      <UnsavedChangesGuard isDirty={isDirty} />
      <SearchTextModeFields
        variant="compact"
        name={`mode-${toolId}`}
        legend={`Search text mode (revision ${loadedRevision ?? ""})`}
        value={value}
        onChange={patch}
      />
      <details className="text-xs text-stone-600">
        <summary className="cursor-pointer">Generated text</summary>
        <p className="mt-1 font-mono whitespace-pre-wrap">{tool.data.generatedSearchText}</p>
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
          {update.error.data?.code === "CONFLICT" && (
            <button type="button" onClick={reload} className="mt-1 underline">
              Reload the latest version (your changes here are discarded)
            </button>
          )}
        </div>
      )}
    </form>
  );
}
