"use client";

import { ConfirmDialog } from "../ui/confirm-dialog";
import { secondaryButtonClass } from "../ui/control-styles";
import { useRevertGroup } from "./use-undo-toast";

/** History's one-click revert of a whole group (all or nothing; refused when a tool of it changed since). */
export function RevertButton({
  team,
  catalog,
  groupId,
  summary,
}: {
  team: string;
  catalog: string;
  groupId: string;
  /** What the group did, for the confirm ("imported tools from an MCP tools list"). */
  summary: string;
}) {
  const revert = useRevertGroup(team, catalog);
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <ConfirmDialog
        trigger={
          <button type="button" className={`${secondaryButtonClass} text-xs`} disabled={revert.isPending}>
            {revert.isPending ? "Reverting…" : "Revert"}
          </button>
        }
        title="Revert this change?"
        description={
          <>
            Every tool and namespace this change touched goes back to how it was before it ({summary}). If one of them
            changed since, nothing is reverted.
          </>
        }
        confirmLabel="Revert change"
        onConfirm={() => revert.mutate({ team, catalog, groupId })}
      />
      {revert.error && (
        <span role="alert" className="max-w-md text-right text-xs text-red-700">
          {revert.error.message}
        </span>
      )}
    </span>
  );
}
