"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { appErrorOf } from "../app-error";
import { secondaryButtonClass } from "../ui";
import type { ToolDetail } from "./tool-form";

/** History, duplicate and delete (a second click confirms; a stale revision is refused like any write). */
export function ToolActions({ team, catalog, tool, canEdit }: { team: string; catalog: string; tool: ToolDetail; canEdit: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const duplicate = useMutation(trpc.tool.duplicate.mutationOptions({
      onSuccess: (copy) => router.push(`/t/${team}/${catalog}/tools/${copy.id}`),
      meta: { success: "Tool duplicated: you are editing the copy", errorTitle: "The tool was not duplicated" },
    }));
  const remove = useMutation(trpc.tool.delete.mutationOptions({ onSuccess: () => router.push(`/t/${team}/${catalog}`) }));
  const error = appErrorOf(duplicate.error ?? remove.error);
  return (
    <>
      <Link href={`/t/${team}/${catalog}/history?tool=${tool.id}`} className={secondaryButtonClass}>
        Tool history
      </Link>
      {canEdit && (
        <>
          <button type="button" className={secondaryButtonClass} disabled={duplicate.isPending} onClick={() => duplicate.mutate({ team, catalog, id: tool.id })}>
            Duplicate
          </button>
          {confirming ? (
            <button type="button" className="rounded bg-red-700 px-3 py-1.5 text-sm text-white" disabled={remove.isPending} onClick={() => remove.mutate({ team, catalog, id: tool.id, revision: tool.revision })}>
              Confirm delete
            </button>
          ) : (
            <button type="button" className={`${secondaryButtonClass} text-red-700`} onClick={() => setConfirming(true)}>
              Delete
            </button>
          )}
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
