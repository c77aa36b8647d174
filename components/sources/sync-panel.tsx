"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ImportDecisions } from "@/domain/import";
import { PreviewTable } from "@/components/import/preview-table";
import { refetchAfterChange } from "@/components/refetch";
import { useTRPC } from "@/components/trpc-provider";
import { buttonClass, secondaryButtonClass } from "@/components/ui/control-styles";
import { newSyncId, SyncProgress } from "./sync-progress";

const NONE: ImportDecisions = { removed: {}, conflicts: {} };

type Row = { status: string; toolId?: string | null };

/** Removals and conflicts still waiting for a choice. */
function undecidedCount(rows: readonly Row[], decisions: ImportDecisions): number {
  return rows.filter((r) =>
    r.status === "removed" ? !decisions.removed[r.toolId!] : r.status === "conflict" && !decisions.conflicts[r.toolId!],
  ).length;
}

function ErrorLine({ error }: { error: { message: string } | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {error.message}
    </p>
  );
}

/** Reads a URL source now, shows its change set, and applies it all or nothing once every removal and conflict is decided. */
export function SyncPanel({ team, catalog, namespace }: { team: string; catalog: string; namespace: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [decisions, setDecisions] = useState<ImportDecisions>(NONE);
  const [syncId, setSyncId] = useState("");
  const preview = useMutation(trpc.source.syncPreview.mutationOptions({ onSuccess: () => setDecisions(NONE) }));
  const apply = useMutation(
    trpc.source.syncApply.mutationOptions({
      meta: { success: "Synced" },
      onSuccess: () => {
        preview.reset();
        refetchAfterChange(queryClient, { queryKey: trpc.source.list.queryKey({ team, catalog }) });
        refetchAfterChange(queryClient, { queryKey: trpc.namespace.list.queryKey({ team, catalog }) });
      },
    }),
  );
  const plan = preview.data;
  const c = plan?.counts;
  const undecided = plan ? undecidedCount(plan.rows, decisions) : 0;
  const pending = c ? c.new + c.changed + c.conflict + c.removed : 0;
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={preview.isPending}
        onClick={() => preview.mutate({ team, catalog, namespace })}
      >
        {preview.isPending ? "Reading the source…" : `Sync ${namespace}`}
      </button>
      <ErrorLine error={preview.error} />
      <ErrorLine error={apply.error} />
      {plan && c && (
        <div className="space-y-2" aria-label={`Sync of ${namespace}`}>
          <p role="status" className="text-sm">
            {c.new} new · {c.changed} changed · {c.conflict} conflicts · {c.removed} removed · {c.unchanged} unchanged
            {c.invalid > 0 && ` · ${c.invalid} invalid (skipped)`}
          </p>
          <div className="max-h-[32rem] overflow-auto rounded border border-stone-200">
            <PreviewTable
              rows={plan.rows.filter((r) => r.status !== "unchanged")}
              decisions={decisions}
              decide={(row, choice) =>
                setDecisions((d) => {
                  const kind = row.status === "removed" ? "removed" : "conflicts";
                  return { ...d, [kind]: { ...d[kind], [row.toolId!]: choice } };
                })
              }
            />
          </div>
          <button
            type="button"
            className={buttonClass}
            disabled={pending === 0 || undecided > 0 || apply.isPending}
            onClick={() => {
              const id = newSyncId();
              setSyncId(id);
              apply.mutate({
                team,
                catalog,
                namespace,
                fingerprint: plan.fingerprint,
                skipInvalid: true,
                decisions,
                syncId: id,
              });
            }}
          >
            {pending === 0 ? "In sync" : undecided > 0 ? `Decide ${undecided} more` : "Apply sync"}
          </button>
          {apply.isPending && syncId && <SyncProgress team={team} catalog={catalog} syncId={syncId} />}
        </div>
      )}
    </div>
  );
}
