"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc-provider";
import { secondaryButtonClass } from "@/components/ui/control-styles";

const PHASE_LABELS = {
  fetch: "Reading the source",
  diff: "Comparing with the catalog",
  apply: "Writing",
} as const;

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A fresh id for one apply, so the dialog can follow and cancel it. */
export function newSyncId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/**
 * While an apply (a sync, or an import) runs: its phase and counts (polled about every 300 ms) and a Cancel
 * button. A cancel rolls the whole change back; the apply then fails with a message saying nothing was written.
 */
export function SyncProgress({
  team,
  catalog,
  syncId,
  noun = "sync",
}: {
  team: string;
  catalog: string;
  syncId: string;
  noun?: "sync" | "import";
}) {
  const trpc = useTRPC();
  const status = useQuery({
    ...trpc.source.syncProgress.queryOptions({ team, catalog, syncId }),
    refetchInterval: 300,
  });
  const cancel = useMutation(trpc.source.cancelSync.mutationOptions());
  const progress = status.data?.progress;
  const asked = cancel.isPending || cancel.data?.cancelled === true;
  return (
    <div className="flex flex-wrap items-center gap-3" aria-label={`${capitalized(noun)} progress`}>
      <p role="status" className="text-sm">
        {progress
          ? `${PHASE_LABELS[progress.phase]}: ${progress.done.toLocaleString("en")} of ${progress.total.toLocaleString("en")}`
          : `Starting the ${noun}…`}
        {asked && " · cancelling…"}
      </p>
      {progress && progress.total > 0 && (
        <progress
          className="h-2 w-40"
          value={progress.done}
          max={progress.total}
          aria-label={`${capitalized(noun)} progress bar`}
        />
      )}
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={asked}
        onClick={() => cancel.mutate({ team, catalog, syncId })}
      >
        Cancel {noun}
      </button>
    </div>
  );
}
