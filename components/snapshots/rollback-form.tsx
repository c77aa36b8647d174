"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTRPC } from "../trpc-provider";
import { refetchAfterChange } from "../refetch";
import { UnsavedChangesGuard } from "../ui/unsaved-changes";

/** Republishes an older version's content as a new version; asks for a reason when its metrics are worse. */
interface RollbackFormProps {
  team: string;
  catalog: string;
  version: number;
  /** Metrics that version would make worse on today's golden queries: the reason is asked for up front. */
  regressions: string[];
  onDone: () => void;
}

/** Republishes the version (and resets the draft when asked); refreshes the review and the Snapshots page. */
function useRollback(onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.snapshot.rollback.mutationOptions({
      onSuccess: () => {
        // A new version changes both the review (its baseline) and the Snapshots page.
        void refetchAfterChange(queryClient, { queryKey: trpc.snapshot.pathKey() });
        void refetchAfterChange(queryClient, { queryKey: trpc.review.pathKey() });
        onDone();
      },
      meta: {
        success: (data, variables) =>
          `Rolled back to version ${(variables as { version: number }).version}${(data as { draftReset: unknown }).draftReset ? "; the draft was reset too" : ""}`,
        errorTitle: "The rollback did not happen",
      },
    }),
  );
}

/** The draft still holds the change a rollback undoes: reset it too, or the next publish ships it again. */
function ResetDraftCheckbox({
  version,
  checked,
  onChange,
}: {
  version: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-0.5" />
      <span>
        Also reset the draft to version {version}
        <span className="block text-xs text-stone-600">
          Otherwise the draft keeps the change you are rolling back, and the next publish ships it again.
        </span>
      </span>
    </label>
  );
}

export function RollbackForm({ team, catalog, version, regressions, onDone }: RollbackFormProps) {
  const id = useId();
  const defaultNote = `Roll back to version ${version}`;
  const [note, setNote] = useState(defaultNote);
  const [reason, setReason] = useState("");
  const [alsoReset, setAlsoReset] = useState(true);
  const rollback = useRollback(onDone);
  const needsReason =
    regressions.length > 0 ||
    !!(rollback.error as { data?: { details?: { regressions?: unknown[] } | null } } | null)?.data?.details
      ?.regressions;

  function submit(event: FormEvent) {
    event.preventDefault();
    rollback.mutate({ team, catalog, version, note, resetDraft: alsoReset, ...(reason.trim() ? { reason } : {}) });
  }

  return (
    <form
      onSubmit={submit}
      aria-label={`Roll back to version ${version}`}
      className="space-y-2 rounded border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <UnsavedChangesGuard isDirty={(reason.trim() !== "" || note !== defaultNote) && !rollback.isPending} />
      <p>Publishes the content of version {version} as a new version; history is kept.</p>
      <ResetDraftCheckbox version={version} checked={alsoReset} onChange={setAlsoReset} />
      <label htmlFor={`${id}-note`} className="block font-medium">
        Rollback note
      </label>
      <input
        id={`${id}-note`}
        required
        value={note}
        maxLength={2000}
        onChange={(e) => setNote(e.target.value)}
        className="w-full rounded border border-stone-300 px-2 py-1"
      />
      {needsReason && (
        <>
          {regressions.length > 0 && (
            <p className="text-red-800">
              Version {version} ranks today&apos;s golden queries worse than the latest version:{" "}
              {regressions.join(", ")}.
            </p>
          )}
          <label htmlFor={`${id}-reason`} className="block font-medium text-red-800">
            Reason for publishing worse rankings
          </label>
          <input
            id={`${id}-reason`}
            value={reason}
            maxLength={2000}
            onChange={(e) => setReason(e.target.value)}
            className="w-full rounded border border-red-300 px-2 py-1"
          />
        </>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={rollback.isPending || !note.trim() || (regressions.length > 0 && !reason.trim())}
          className="rounded bg-stone-900 px-3 py-1.5 text-white disabled:opacity-50"
        >
          {rollback.isPending ? "Publishing…" : `Publish version ${version}'s content`}
        </button>
        <button type="button" onClick={onDone} className="rounded border border-stone-300 bg-white px-3 py-1.5">
          Cancel
        </button>
      </div>
      {rollback.error && (
        <p role="alert" className="text-red-700">
          {rollback.error.message}
        </p>
      )}
    </form>
  );
}
