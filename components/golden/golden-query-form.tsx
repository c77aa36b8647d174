"use client";

import { useId, useState, type FormEvent } from "react";
import { UnsavedChangesGuard } from "../ui/unsaved-changes";
import { useHydrated } from "../use-hydrated";
import { ToolPicker } from "./tool-picker";

export interface GoldenDraft {
  query: string;
  expected: string[];
  note: string;
}

interface GoldenQueryFormProps {
  team: string;
  catalog: string;
  initial?: GoldenDraft;
  submitLabel: string;
  isPending: boolean;
  error?: string | null;
  onSubmit: (draft: GoldenDraft) => void;
  onCancel?: () => void;
}

/** Query, expected tools (picked from the catalog) and note: adding and editing a golden query share it. */
export function GoldenQueryForm({
  team,
  catalog,
  initial,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
}: GoldenQueryFormProps) {
  const id = useId();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState<GoldenDraft>(initial ?? { query: "", expected: [], note: "" });
  const [attempted, setAttempted] = useState(false);
  const queryError = attempted && !draft.query.trim() ? "Type what a user would ask." : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!draft.query.trim()) return;
    onSubmit(draft);
  }

  const start = initial ?? { query: "", expected: [], note: "" };
  const isDirty =
    draft.query !== start.query || draft.note !== start.note || draft.expected.join() !== start.expected.join();
  return (
    <form onSubmit={submit} className="grid gap-3 md:grid-cols-[2fr_2fr_1fr]" aria-label={submitLabel}>
      <UnsavedChangesGuard isDirty={isDirty && !isPending} />
      <div className="space-y-1">
        <label htmlFor={`${id}-query`} className="block text-sm font-medium text-stone-800">
          Query
        </label>
        <input
          id={`${id}-query`}
          value={draft.query}
          maxLength={500}
          onChange={(e) => setDraft({ ...draft, query: e.target.value })}
          placeholder="e.g. refund the last payment of a customer"
          className="w-full rounded border border-stone-300 bg-white px-2 py-1 text-sm focus:border-stone-500 focus:outline-none"
        />
        {queryError && (
          <p role="alert" className="text-sm text-red-700">
            {queryError}
          </p>
        )}
      </div>
      <ToolPicker
        team={team}
        catalog={catalog}
        value={draft.expected}
        onChange={(expected) => setDraft({ ...draft, expected })}
      />
      <div className="space-y-1">
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-stone-800">
          Note
        </label>
        <input
          id={`${id}-note`}
          value={draft.note}
          maxLength={500}
          onChange={(e) => setDraft({ ...draft, note: e.target.value })}
          placeholder="optional"
          className="w-full rounded border border-stone-300 bg-white px-2 py-1 text-sm focus:border-stone-500 focus:outline-none"
        />
      </div>
      <div className="flex items-center gap-2 md:col-span-3">
        <button
          type="submit"
          disabled={!hydrated || isPending}
          data-shortcut="save"
          className="rounded bg-stone-900 px-3 py-1.5 text-sm text-white hover:bg-stone-700 disabled:opacity-50"
        >
          {isPending ? "Saving…" : submitLabel}
        </button>
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="rounded border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-800 hover:bg-stone-100"
          >
            Cancel
          </button>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
