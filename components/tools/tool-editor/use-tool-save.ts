"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { appErrorOf } from "../../ui/app-error";
import { formOf, inputOf, patchOf, type ToolDetail } from "./tool-form";
import type { ToolConflict, ToolDraft } from "./use-tool-draft";

type Scope = { team: string; catalog: string };

/** The conflict a stale save ran into, or null when the error was anything else. */
function conflictOf(error: unknown): ToolConflict | null {
  const e = appErrorOf(error);
  if (e?.code !== "CONFLICT" || typeof e.details.currentRevision !== "number") return null;
  const current = e.details.current as ToolDetail | undefined;
  const changedBy = typeof e.details.changedBy === "string" ? e.details.changedBy : null;
  return { revision: e.details.currentRevision, theirs: current ? formOf(current) : null, changedBy };
}

/** Create or save the draft; every save carries the revision it was based on, and a stale one becomes a conflict. */
export function useToolSave({ team, catalog }: Scope, draft: ToolDraft) {
  const trpc = useTRPC();
  const router = useRouter();
  const [conflict, setConflict] = useState<ToolConflict | null>(null);
  const [comparing, setComparing] = useState(false);
  const create = useMutation(
    trpc.tool.create.mutationOptions({ meta: { success: "Tool created", errorTitle: "The tool was not created" } }),
  );
  const update = useMutation(
    trpc.tool.update.mutationOptions({ meta: { success: "Tool saved", errorTitle: "The tool was not saved" } }),
  );

  function save() {
    const { base, form } = draft;
    draft.setAttempted(true);
    draft.setNotice(null);
    if (Object.keys(draft.errors).length > 0) return draft.setNotice("Fix the fields marked below; nothing was saved.");
    const input = inputOf(form);
    if (!base) {
      const onSuccess = (tool: { id: string }) => router.push(`/t/${team}/${catalog}/tools/${tool.id}`);
      return create.mutate({ team, catalog, tool: { ...input, parameters: input.parameters! } }, { onSuccess });
    }
    const patch = patchOf(formOf(base), form);
    if (Object.keys(patch).length === 0) return draft.setNotice("Nothing changed.");
    const onError = (error: unknown) => {
      const found = conflictOf(error);
      if (!found) return;
      setConflict(found);
      setComparing(false);
    };
    const revised = { ...patch, parameters: patch.parameters ?? undefined };
    update.mutate(
      { team, catalog, id: base.id, revision: base.revision, patch: revised },
      {
        onSuccess: (tool) => {
          draft.rebase({ ...tool, goldenQueryCount: base.goldenQueryCount }, true);
          draft.setAttempted(false);
          draft.setNotice(`Saved — revision ${tool.revision}.`);
        },
        onError,
      },
    );
  }

  const resolve = { update, setConflict };
  return { save, create, update, conflict, comparing, setComparing, resolve };
}

/** The two ways out of a conflict: take their revision, or keep my edits on top of it. */
export function useConflictResolution(
  { team, catalog }: Scope,
  draft: ToolDraft,
  save: ReturnType<typeof useToolSave>,
) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fetchCurrent = (): Promise<ToolDetail> =>
    queryClient.fetchQuery({ ...trpc.tool.get.queryOptions({ team, catalog, id: draft.base!.id }), staleTime: 0 });

  async function reloadTheirs() {
    const fresh = await fetchCurrent();
    draft.rebase(fresh, true);
    save.resolve.setConflict(null);
    save.update.reset();
    draft.setNotice(`Reloaded revision ${fresh.revision}; your edits were discarded.`);
  }

  async function keepMine() {
    const fresh = await fetchCurrent();
    draft.rebase(fresh, false);
    save.resolve.setConflict(null);
    save.update.reset();
    draft.setNotice(`Your edits now apply on top of revision ${fresh.revision}. Review them and save again.`);
  }
  return { reloadTheirs, keepMine };
}
