"use client";

import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { useTRPC } from "../trpc-provider";
import { ConfirmDialog } from "../ui/confirm-dialog";
import type { GoldenQueryRow } from "./golden-row";

interface GoldenRowActionsProps {
  team: string;
  catalog: string;
  row: GoldenQueryRow;
  onEdit: () => void;
  onChanged: () => void;
}

/** Delete with an Undo in the toast: undo adds the query back with the same words, tools and note. */
function useDeleteWithUndo({ team, catalog, row, onChanged }: Omit<GoldenRowActionsProps, "onEdit">) {
  const trpc = useTRPC();
  // A new id on undo; nothing refers to golden query ids.
  const restore = useMutation(
    trpc.golden.create.mutationOptions({
      onSuccess: onChanged,
      meta: { success: "Golden query restored", errorTitle: "The golden query could not be restored" },
    }),
  );
  return useMutation(
    trpc.golden.delete.mutationOptions({
      onSuccess: () => {
        onChanged();
        toast.success(`Deleted “${row.query}”`, {
          duration: 8000,
          action: {
            label: "Undo",
            onClick: () => restore.mutate({ team, catalog, query: row.query, expected: row.expected, note: row.note }),
          },
        });
      },
      meta: { errorTitle: "The golden query was not deleted" },
    }),
  );
}

/** A golden query row's Edit and Delete buttons. */
export function GoldenRowActions({ team, catalog, row, onEdit, onChanged }: GoldenRowActionsProps) {
  const remove = useDeleteWithUndo({ team, catalog, row, onChanged });
  return (
    <>
      <button
        type="button"
        onClick={onEdit}
        className="text-sm text-stone-700 underline hover:text-stone-950"
        aria-label={`Edit “${row.query}”`}
      >
        Edit
      </button>
      <ConfirmDialog
        trigger={
          <button
            type="button"
            disabled={remove.isPending}
            className="ml-3 text-sm text-red-700 underline hover:text-red-900"
            aria-label={`Delete “${row.query}”`}
          >
            Delete
          </button>
        }
        title="Delete this golden query?"
        description={<>“{row.query}” leaves the golden set. You can undo from the message that follows.</>}
        confirmLabel="Delete golden query"
        onConfirm={() => remove.mutate({ team, catalog, id: row.id, revision: row.revision })}
      />
      {remove.error && (
        <p role="alert" className="text-xs text-red-700">
          {remove.error.message}
        </p>
      )}
    </>
  );
}
