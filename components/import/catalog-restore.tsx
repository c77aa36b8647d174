"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc-provider";
import { refetchAfterChange } from "@/components/refetch";
import { appErrorOf } from "../ui/app-error";
import { buttonClass } from "../ui/control-styles";
import { plural } from "@/components/ui/plural";

/** True for the text of a lossless Stockroom catalog export (checked cheaply; the server parses it for real). */
export const isCatalogExport = (text: string) => /"format"\s*:\s*"stockroom\.catalog\/v1"/.test(text.slice(0, 2000));

/** Restores a lossless catalog export into this (empty) catalog: settings, namespaces, every tool field, golden queries. */
export function CatalogRestore({ team, catalog, text }: { team: string; catalog: string; text: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const restore = useMutation(
    trpc.import.catalogDocument.mutationOptions({
      onSuccess: () => refetchAfterChange(queryClient, { queryKey: trpc.tool.pathKey() }),
      meta: { success: "Catalog restored", errorTitle: "The catalog was not restored" },
    }),
  );
  const error = appErrorOf(restore.error);
  return (
    <div className="space-y-2 rounded border border-sky-200 bg-sky-50 p-3 text-sm" aria-label="Restore catalog export">
      <p>
        This is a lossless Stockroom catalog export. Restore it into this catalog (which must have no tools or golden
        queries yet).
      </p>
      <button
        type="button"
        className={buttonClass}
        disabled={restore.isPending || restore.isSuccess}
        onClick={() => restore.mutate({ team, catalog, text })}
      >
        {restore.isPending ? "Restoring…" : "Restore catalog"}
      </button>
      {restore.data && (
        <p role="status" className="text-emerald-800">
          Restored {plural(restore.data.tools, "tool")}, {plural(restore.data.namespaces, "namespace")},{" "}
          {plural(restore.data.goldenQueries, "golden query", "golden queries")} and{" "}
          {plural(restore.data.sources, "source")}.
        </p>
      )}
      {error && (
        <p role="alert" className="text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}
