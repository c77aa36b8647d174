"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { AlertDialog } from "radix-ui";
import { useId, useState, type ReactNode } from "react";
import { useUndoToast } from "../history/use-undo-toast";
import { refetchAfterChange } from "../refetch";
import { useTRPC } from "../trpc-provider";
import { plural } from "../ui/plural";
import { Select } from "../ui/select";

/** What a reset brings back: the whole draft, one namespace, or one tool (by key). */
export type ResetScope = { kind: "draft" } | { kind: "namespace"; name: string } | { kind: "tool"; key: string };

const scopeName = (scope: ResetScope) =>
  scope.kind === "draft" ? "the draft" : scope.kind === "namespace" ? `namespace ${scope.name}` : `tool ${scope.key}`;

interface ResetDraftDialogProps {
  team: string;
  catalog: string;
  scope: ResetScope;
  /** The version to reset to; omitted, the dialog offers a picker of the published versions. */
  version?: number;
  trigger: ReactNode;
  onReset?: () => void;
}

function KeyList({ label, keys }: { label: string; keys: string[] }) {
  if (keys.length === 0) return null;
  const shown = keys.slice(0, 8);
  return (
    <li>
      <span className="font-medium">{label}</span>{" "}
      <span className="font-mono text-xs">
        {shown.join(", ")}
        {keys.length > shown.length && ` … (${keys.length} in all)`}
      </span>
    </li>
  );
}

const countOf = (s: { created: string[]; updated: string[]; deleted: string[]; namespaces: string[] }) =>
  s.created.length + s.updated.length + s.deleted.length + s.namespaces.length;

/** The confirm's counts: what the reset creates, writes back and deletes. */
function ResetCounts({
  summary,
}: {
  summary: { created: string[]; updated: string[]; deleted: string[]; namespaces: string[] };
}) {
  const total = summary.created.length + summary.updated.length + summary.deleted.length + summary.namespaces.length;
  if (total === 0)
    return <p className="text-sm text-stone-600">Nothing to change: this already matches that version.</p>;
  return (
    <div className="space-y-1 text-sm" aria-label="What will change">
      <p className="font-medium">
        {[
          `${plural(summary.created.length, "tool")} brought back`,
          `${plural(summary.updated.length, "tool")} changed back`,
          `${plural(summary.deleted.length, "tool")} deleted`,
          `${plural(summary.namespaces.length, "namespace description")} restored`,
        ].join(" · ")}
      </p>
      <ul className="space-y-0.5 text-stone-700">
        <KeyList label="Brought back:" keys={summary.created} />
        <KeyList label="Changed back:" keys={summary.updated} />
        <KeyList label="Deleted:" keys={summary.deleted} />
      </ul>
    </div>
  );
}

function useResetDraft(props: ResetDraftDialogProps, onDone: () => void, onFailed: () => unknown) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const undoToast = useUndoToast(props.team, props.catalog, props.onReset);
  return useMutation(
    trpc.snapshot.resetDraft.mutationOptions({
      onSuccess: (result) => {
        for (const key of [
          trpc.tool.pathKey(),
          trpc.namespace.pathKey(),
          trpc.review.pathKey(),
          trpc.snapshot.pathKey(),
        ])
          void refetchAfterChange(queryClient, { queryKey: key });
        router.refresh();
        onDone();
        undoToast(`Reset ${scopeName(props.scope)} to version ${result.version}`, result.groupId);
        props.onReset?.();
      },
      // The message shows in the dialog; the counts are read again (a draft changed meanwhile has new ones).
      onError: () => void onFailed(),
      meta: { isErrorSilent: true },
    }),
  );
}

/** The published versions to pick from (none yet: said in words). */
function VersionPicker({
  id,
  chosen,
  onPick,
  versions,
}: {
  id: string;
  chosen: number;
  onPick: (version: string) => void;
  versions: Array<{ version: number; note: string }> | undefined;
}) {
  if (versions?.length === 0)
    return <p className="text-sm text-stone-600">Nothing is published yet: there is no version to reset to.</p>;
  return (
    <div className="text-sm">
      <label htmlFor={id} className="block font-medium">
        Version
      </label>
      <Select
        id={id}
        value={String(chosen || "")}
        onValueChange={onPick}
        options={(versions ?? []).map((v) => ({ value: String(v.version), label: `v${v.version} — ${v.note}` }))}
        className="mt-1 w-full"
      />
    </div>
  );
}

/** Comparing, the counts, or what went wrong (a stale count, a version without that tool). */
function DialogStatus({
  isFetching,
  summary,
  error,
}: {
  isFetching: boolean;
  summary: Parameters<typeof ResetCounts>[0]["summary"] | undefined;
  error: string | null;
}) {
  return (
    <>
      {isFetching && <p className="text-sm text-stone-500">Comparing…</p>}
      {summary && !isFetching && <ResetCounts summary={summary} />}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** "Reset to version…": pick a published version, see what changes (counts), confirm; the toast offers Undo. */
export function ResetDraftDialog(props: ResetDraftDialogProps) {
  const { team, catalog, scope, version, trigger } = props;
  const trpc = useTRPC();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const versions = useQuery({ ...trpc.snapshot.versions.queryOptions({ team, catalog }), enabled: open && !version });
  const chosen = version ?? Number(picked ?? versions.data?.[0]?.version ?? 0);
  const preview = useQuery({
    ...trpc.snapshot.resetDraftPreview.queryOptions({ team, catalog, version: chosen || 1, scope }),
    enabled: open && chosen > 0,
    staleTime: 0,
  });
  const reset = useResetDraft(props, () => setOpen(false), preview.refetch);
  const summary = preview.data;
  const changes = summary ? countOf(summary) : 0;
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (setOpen(next), reset.reset())}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-3 rounded-lg border border-stone-200 bg-white p-5 shadow-2xl">
          <AlertDialog.Title className="text-base font-semibold">
            Reset {scopeName(scope)} to {version ? `version ${version}` : "a published version"}?
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-stone-600">
            The draft takes that version&apos;s tools back; published versions do not change. It is one change in
            History, and you can undo it from the message that follows.
          </AlertDialog.Description>
          {!version && (
            <VersionPicker id={`${id}-version`} chosen={chosen} onPick={setPicked} versions={versions.data} />
          )}
          <DialogStatus
            isFetching={preview.isFetching}
            summary={summary}
            error={(preview.error ?? reset.error)?.message ?? null}
          />
          <div className="flex justify-end gap-2 pt-2">
            <AlertDialog.Cancel className="rounded-md border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100">
              Cancel
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={!summary || changes === 0 || reset.isPending || preview.isFetching}
              onClick={() =>
                reset.mutate({ team, catalog, version: chosen, scope, draftRevision: summary?.draftRevision })
              }
              className="rounded-md bg-red-700 px-3 py-1.5 text-sm text-white hover:bg-red-800 disabled:opacity-50"
            >
              {reset.isPending ? "Resetting…" : "Reset"}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
