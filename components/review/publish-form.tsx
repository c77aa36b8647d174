"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { UnsavedChangesGuard } from "../ui/unsaved-changes";
import { useTRPC } from "../trpc-provider";
import { refetchAfterChange } from "../refetch";
import { PublishedNotice } from "./published-notice";

interface PublishFormProps {
  team: string;
  catalog: string;
  nextVersion: number;
  isUnchanged: boolean;
  /** Metric names that got worse; a reason is then required. */
  regressions: string[];
  /** What publishing ships, line by line (publishSummary): shown to confirm before publishing. */
  summary: string[];
}

interface ReasonFieldProps {
  id: string;
  reason: string;
  setReason: (reason: string) => void;
  regressions: string[];
  error: string | null;
}

export function ReasonField({
  id,
  reason,
  setReason,
  regressions: shownRegressions,
  error: reasonError,
}: ReasonFieldProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-red-800">
        Reason for publishing worse rankings
      </label>
      <p className="text-xs text-stone-600">
        Worse than the latest version: {shownRegressions.join(", ")}. The reason is recorded with the version.
      </p>
      <textarea
        id={`${id}-reason`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={2}
        maxLength={2000}
        className="w-full rounded border border-red-300 p-2 text-sm"
      />
      {reasonError && (
        <p role="alert" className="text-sm text-red-700">
          {reasonError}
        </p>
      )}
    </div>
  );
}

interface AcknowledgementFieldProps {
  id: string;
  value: string;
  setValue: (value: string) => void;
  errors: Array<{ toolId: string; rule: string }>;
  error: string | null;
}

/** The owner's acknowledgement of safety errors (docs/catalog-check.md), asked for once the server refused without one. */
function AcknowledgementField({ id, value, setValue, errors, error }: AcknowledgementFieldProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={`${id}-acknowledgement`} className="block text-sm font-medium text-red-800">
        Acknowledge the safety errors
      </label>
      <ul className="list-disc pl-5 text-xs text-stone-600">
        {errors.slice(0, 10).map((e) => (
          <li key={`${e.toolId} ${e.rule}`}>
            {e.toolId}: {e.rule}
          </li>
        ))}
      </ul>
      <textarea
        id={`${id}-acknowledgement`}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        rows={2}
        maxLength={2000}
        className="w-full rounded border border-red-300 p-2 text-sm"
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The safety errors the server last refused (kept until a publish succeeds) and the owner's acknowledgement. */
function useAcknowledgement(details: PublishErrorDetails | null | undefined) {
  const [acknowledgement, setAcknowledgement] = useState("");
  const [safetyErrors, setSafetyErrors] = useState<Array<{ toolId: string; rule: string }>>([]);
  const fromServer = details?.safetyErrors;
  if (fromServer && fromServer.length > 0 && fromServer !== safetyErrors) setSafetyErrors(fromServer);
  return { acknowledgement, setAcknowledgement, safetyErrors, needsAcknowledgement: safetyErrors.length > 0 };
}

export function NoteField({
  id,
  note,
  setNote,
  error,
}: {
  id: string;
  note: string;
  setNote: (note: string) => void;
  error: string | null;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={`${id}-note`} className="block text-sm font-medium">
        Release note
      </label>
      <textarea
        id={`${id}-note`}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        rows={2}
        maxLength={2000}
        className="w-full rounded border border-stone-300 p-2 text-sm"
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type PublishErrorDetails = {
  regressions?: Array<{ metric: string }>;
  safetyErrors?: Array<{ toolId: string; rule: string }>;
};

/** The publish mutation; a new version changes both the review (its baseline) and the Snapshots page. */
function usePublish(onPublished: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.review.publish.mutationOptions({
      onSuccess: () => {
        onPublished();
        void refetchAfterChange(queryClient, { queryKey: trpc.review.pathKey() });
        void refetchAfterChange(queryClient, { queryKey: trpc.snapshot.pathKey() });
      },
      meta: {
        success: (data) => `Published version ${(data as { version: number }).version}`,
        errorTitle: "Nothing was published",
      },
    }),
  );
}

/** The last step before publishing: what the version ships and its note, to confirm or go back. */
function ConfirmPublish({
  open,
  onOpenChange,
  nextVersion,
  summary,
  note,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  nextVersion: number;
  summary: string[];
  note: string;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Publish version ${nextVersion}?`}
      description={
        <ul className="list-disc space-y-1 pl-5">
          {summary.map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>Release note: “{note.trim()}”</li>
        </ul>
      }
      confirmLabel={`Publish version ${nextVersion}`}
      isDestructive={false}
      onConfirm={onConfirm}
    />
  );
}

/**
 * Note (and a reason when metrics got worse, an owner's acknowledgement of safety errors), a summary to confirm,
 * then publish the draft.
 */
export function PublishForm({ team, catalog, nextVersion, isUnchanged, regressions, summary }: PublishFormProps) {
  const id = useId();
  const [note, setNote] = useState("");
  const [reason, setReason] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const publish = usePublish(() => (setNote(""), setReason(""), setAttempted(false)));
  // The draft may have changed since the review loaded: the server's regression list wins.
  const details = (publish.error as { data?: { details?: PublishErrorDetails | null } } | null)?.data?.details;
  const { acknowledgement, setAcknowledgement, safetyErrors, needsAcknowledgement } = useAcknowledgement(details);
  const acknowledgementMissing = needsAcknowledgement && !acknowledgement.trim();
  const acknowledgementError =
    attempted && acknowledgementMissing ? "Say why these safety errors may be published." : null;
  const shownRegressions = details?.regressions?.map((r) => r.metric) ?? regressions;
  const needsReason = shownRegressions.length > 0;
  const noteError = attempted && !note.trim() ? "Add a note that says what changed." : null;
  const reasonError = attempted && needsReason && !reason.trim() ? "Say why these rankings may get worse." : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!note.trim() || (needsReason && !reason.trim()) || acknowledgementMissing) return;
    setConfirming(true);
  }
  const confirm = () =>
    publish.mutate({
      team,
      catalog,
      note,
      ...(needsReason ? { reason } : {}),
      ...(needsAcknowledgement ? { acknowledgement } : {}),
    });

  if (publish.data) return <PublishedNotice team={team} catalog={catalog} published={publish.data} />;
  return (
    <form onSubmit={submit} aria-label="Publish" className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <UnsavedChangesGuard isDirty={!publish.isPending && Boolean(note.trim() || reason.trim())} />
      <h3 className="font-semibold">Publish version {nextVersion}</h3>
      {isUnchanged && (
        <p className="text-sm text-stone-600">
          The draft is identical to the latest version: there is nothing to publish.
        </p>
      )}
      <NoteField id={id} note={note} setNote={setNote} error={noteError} />
      {needsReason && (
        <ReasonField id={id} reason={reason} setReason={setReason} regressions={shownRegressions} error={reasonError} />
      )}
      {needsAcknowledgement && (
        <AcknowledgementField
          id={id}
          value={acknowledgement}
          setValue={setAcknowledgement}
          errors={safetyErrors}
          error={acknowledgementError}
        />
      )}
      <button
        type="submit"
        disabled={publish.isPending || isUnchanged}
        className="rounded bg-stone-900 px-3 py-1.5 text-sm text-white hover:bg-stone-700 disabled:opacity-50"
      >
        {publish.isPending ? "Publishing…" : `Publish version ${nextVersion}`}
      </button>
      <ConfirmPublish
        open={isConfirming}
        onOpenChange={setConfirming}
        nextVersion={nextVersion}
        summary={summary}
        note={note}
        onConfirm={confirm}
      />
      {publish.error && (
        <p role="alert" className="text-sm text-red-700">
          {publish.error.message}
        </p>
      )}
    </form>
  );
}
