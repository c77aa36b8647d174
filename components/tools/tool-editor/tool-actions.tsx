"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { useTRPC } from "@/components/trpc-provider";
import { refetchAfterChange } from "@/components/refetch";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { appErrorOf } from "../../ui/app-error";
import { secondaryButtonClass } from "../../ui/control-styles";
import { formOf, inputOf, type ToolDetail } from "./tool-form";

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
  // Undo re-creates the tool from the fields it had (a new id; golden queries name tools by key, so they still match).
  const restore = useMutation(
    trpc.tool.create.mutationOptions({
      onSuccess: (created) => (
        void refetchAfterChange(queryClient, { queryKey: trpc.tool.pathKey() }),
        router.push(`/t/${team}/${catalog}/tools/${created.id}`)
      ),
      meta: { success: "Tool restored", errorTitle: "The tool could not be restored" },
    }),
  );
  const remove = useMutation(
    trpc.tool.delete.mutationOptions({
      onSuccess: () => {
        const fields = inputOf(formOf(tool));
        toast.success(`Deleted ${tool.key}`, {
          duration: 8000,
          action: {
            label: "Undo",
            onClick: () =>
              restore.mutate({ team, catalog, tool: { ...fields, parameters: fields.parameters ?? undefined } }),
          },
        });
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
