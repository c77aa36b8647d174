"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Source } from "@/domain/sources";
import { refetchAfterChange } from "@/components/refetch";
import { useTRPC } from "@/components/trpc-provider";
import { describeChange } from "./source-changed-mark";

const when = (iso: string) => new Date(iso).toLocaleString();

/** One source on the Namespaces page, and whether the viewer may edit it. */
export interface SourceCardProps {
  team: string;
  catalog: string;
  source: Source;
  canEdit: boolean;
}

/** A URL source's schedule and what its last check found: the "source changed" mark, with Dismiss for editors. */
export function SourceSchedule({ team, catalog, source, canEdit }: SourceCardProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dismiss = useMutation(
    trpc.source.dismissChange.mutationOptions({
      onSuccess: () => refetchAfterChange(queryClient, { queryKey: trpc.source.list.queryKey({ team, catalog }) }),
      meta: { success: "Mark dismissed" },
    }),
  );
  if (!source.syncIntervalMinutes && !source.changed) return null;
  return (
    <div className="space-y-1 text-xs">
      {source.syncIntervalMinutes && (
        <p className="text-stone-600">
          Checked every {source.syncIntervalMinutes} minutes
          {source.nextSyncAt && ` · next check ${when(source.nextSyncAt)}`}
          {source.lastCheckedAt && ` · last checked ${when(source.lastCheckedAt)}`}
        </p>
      )}
      {source.lastCheckError && (
        <p role="alert" className="text-red-700">
          The last check failed: {source.lastCheckError}
        </p>
      )}
      {source.changed && (
        <p role="status" className="rounded border border-sky-300 bg-sky-50 p-2 text-sm text-sky-950">
          <span className="font-medium">Source changed</span> ({describeChange(source.changed)}) — found{" "}
          {when(source.changed.at)}. Nothing was applied: sync to review the change set.{" "}
          {canEdit && (
            <button
              type="button"
              className="underline"
              disabled={dismiss.isPending}
              onClick={() => dismiss.mutate({ team, catalog, namespace: source.namespace })}
            >
              Dismiss
            </button>
          )}
        </p>
      )}
    </div>
  );
}
