"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { appErrorOf } from "../ui/app-error";
import { inputClass } from "../ui/control-styles";

/** Owners archive a catalog through the shared ConfirmDialog, with the slug typed inside it (the server checks it too). */
export function DeleteCatalogSection({ team, slug }: { team: string; slug: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [confirm, setConfirm] = useState("");
  const archive = useMutation(
    trpc.catalog.archive.mutationOptions({
      onSuccess: () => router.push(`/t/${team}`),
      meta: { success: "Catalog deleted; its snapshots are kept", errorTitle: "The catalog was not deleted" },
    }),
  );
  const archiveError = appErrorOf(archive.error);
  return (
    <section className="rounded-lg border border-red-200 bg-white p-5" aria-label="Delete catalog">
      <h3 className="text-base font-semibold text-red-800">Delete catalog</h3>
      <p className="mt-1 text-sm text-stone-600">
        The catalog is archived: it leaves the team&apos;s lists and can no longer be edited. Its published snapshots
        are kept, unchanged. The slug stays reserved.
      </p>
      <div className="mt-3">
        <ConfirmDialog
          trigger={
            <button
              type="button"
              className="rounded bg-red-700 px-3 py-1.5 text-sm text-white disabled:opacity-50"
              disabled={archive.isPending}
            >
              Delete (archive) catalog
            </button>
          }
          title={`Delete the catalog ${slug}?`}
          description="It is archived: agents keep its published snapshots, nobody can edit it again, and the slug stays reserved."
          confirmLabel="Delete catalog"
          canConfirm={confirm === slug}
          onConfirm={() => archive.mutate({ team, catalog: slug, confirm })}
        >
          <label className="block text-sm">
            Type <span className="font-mono">{slug}</span> to confirm
            <input
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              className={`${inputClass} mt-1 w-full font-mono`}
            />
          </label>
        </ConfirmDialog>
      </div>
      {archiveError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {archiveError.message}
        </p>
      )}
    </section>
  );
}
