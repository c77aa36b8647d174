"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/components/trpc-provider";
import { refetchAfterChange } from "@/components/refetch";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { appErrorOf } from "../../ui/app-error";
import { secondaryButtonClass } from "../../ui/control-styles";
import { useUndoToast } from "../../history/use-undo-toast";
import { ResetDraftDialog } from "../../snapshots/reset-draft-dialog";
import type { ToolDetail } from "./tool-form";

/** "Reset to version…": the tool as a published version had it. */
function ResetToolButton({ team, catalog, toolKey }: { team: string; catalog: string; toolKey: string }) {
  return (
    <ResetDraftDialog
      team={team}
      catalog={catalog}
      scope={{ kind: "tool", key: toolKey }}
      trigger={
        <button type="button" className={secondaryButtonClass}>
          Reset to version…
        </button>
      }
    />
  );
}

/** History, duplicate and delete (confirmed in a dialog, undone from the toast; a stale revision is refused). */
export function ToolActions({
  team,
  catalog,
  tool,
  canEdit,
}: {
  team: string;
  catalog: string;
  tool: ToolDetail;
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const duplicate = useMutation(
    trpc.tool.duplicate.mutationOptions({
      onSuccess: (copy) => router.push(`/t/${team}/${catalog}/tools/${copy.id}`),
      meta: { success: "Tool duplicated: you are editing the copy", errorTitle: "The tool was not duplicated" },
    }),
  );
  // Undo reverts the deletion's History group: the tool comes back with its id, fields and History.
  const undoToast = useUndoToast(team, catalog, () => router.push(`/t/${team}/${catalog}/tools/${tool.id}`));
  const remove = useMutation(
    trpc.tool.delete.mutationOptions({
      onSuccess: ({ groupId }) => {
        void refetchAfterChange(queryClient, { queryKey: trpc.tool.pathKey() });
        undoToast(`Deleted ${tool.key}`, groupId);
        router.push(`/t/${team}/${catalog}`);
      },
      meta: { errorTitle: "The tool was not deleted" },
    }),
  );
  const error = appErrorOf(duplicate.error ?? remove.error);
  return (
    <>
      <Link href={`/t/${team}/${catalog}/history?tool=${tool.id}`} className={secondaryButtonClass}>
        Tool history
      </Link>
      {canEdit && (
        <>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={duplicate.isPending}
            onClick={() => duplicate.mutate({ team, catalog, id: tool.id })}
          >
            Duplicate
          </button>
          <ResetToolButton team={team} catalog={catalog} toolKey={tool.key} />
          <ConfirmDialog
            trigger={
              <button type="button" className={`${secondaryButtonClass} text-red-700`} disabled={remove.isPending}>
                Delete
              </button>
            }
            title={`Delete ${tool.key}?`}
            description="The draft loses this tool; published versions keep it. You can undo from the message that follows."
            confirmLabel="Delete tool"
            onConfirm={() => remove.mutate({ team, catalog, id: tool.id, revision: tool.revision })}
          />
        </>
      )}
      {error && (
        <p role="alert" className="basis-full text-sm text-red-700">
          {error.message}
        </p>
      )}
    </>
  );
}
