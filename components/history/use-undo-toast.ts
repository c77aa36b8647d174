"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { toast } from "sonner";
import { refetchAfterChange } from "../refetch";
import { useTRPC } from "../trpc-provider";

/**
 * Reverts a History group (an import, a bulk change, a reset, a deletion) and refreshes what it changed: the one
 * undo behind History's Revert and every toast's Undo. A change made since is refused (409) with its message.
 */
export function useRevertGroup(team: string, catalog: string, onReverted?: () => void) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.history.revert.mutationOptions({
      onSuccess: () => {
        for (const key of [
          trpc.tool.pathKey(),
          trpc.namespace.pathKey(),
          trpc.review.pathKey(),
          trpc.history.pathKey(),
        ])
          void refetchAfterChange(queryClient, { queryKey: key });
        void refetchAfterChange(queryClient, { queryKey: trpc.snapshot.pathKey() });
        router.refresh();
        onReverted?.();
      },
      meta: { success: "Change reverted", errorTitle: "Nothing was reverted" },
    }),
  );
}

/** A success toast with an Undo button that reverts the change's History group. */
export function useUndoToast(team: string, catalog: string, onUndone?: () => void) {
  const revert = useRevertGroup(team, catalog, onUndone);
  return useCallback(
    (message: string, groupId: string | null) => {
      if (!groupId) {
        toast.success(message);
        return;
      }
      toast.success(message, {
        duration: 10_000,
        action: { label: "Undo", onClick: () => revert.mutate({ team, catalog, groupId }) },
      });
    },
    [revert, team, catalog],
  );
}
