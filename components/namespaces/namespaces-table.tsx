"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useTRPC } from "@/components/trpc-provider";
import { refetchAfterChange } from "@/components/refetch";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { plural } from "@/components/ui/plural";
import { InlineEdit } from "@/components/ui/inline-edit";
import { NoToolsNotice } from "../tools/no-tools-notice";
import { ResetDraftDialog } from "../snapshots/reset-draft-dialog";
import type { AppRouter } from "@/server/routers/root";

/** More deferred tools than this in one namespace and the model's one-line summary has to cover too much. */
const MAX_DEFERRED_PER_NAMESPACE = 10;

type Namespace = inferRouterOutputs<AppRouter>["namespace"]["list"][number];
interface NamespaceRowProps {
  team: string;
  catalog: string;
  canEdit: boolean;
  ns: Namespace;
  onSave: (patch: { name?: string; description?: string }) => void;
  onDelete: () => void;
}

/** Reset to a published version, and delete when empty. */
function NamespaceActions({ team, catalog, canEdit, ns, onDelete }: Omit<NamespaceRowProps, "onSave">) {
  return (
    <td className="space-x-3 whitespace-nowrap px-3 py-2 text-right">
      {canEdit && (
        <ResetDraftDialog
          team={team}
          catalog={catalog}
          scope={{ kind: "namespace", name: ns.name }}
          trigger={
            <button
              type="button"
              className="text-xs underline"
              aria-label={`Reset namespace ${ns.name} to a published version`}
            >
              Reset to version…
            </button>
          }
        />
      )}
      {canEdit && ns.toolCount === 0 && (
        <ConfirmDialog
          trigger={
            <button type="button" className="text-xs text-red-700 underline" aria-label={`Delete namespace ${ns.name}`}>
              Delete
            </button>
          }
          title={`Delete namespace ${ns.name}?`}
          description="It has no tools; only its name and description go."
          confirmLabel="Delete namespace"
          onConfirm={onDelete}
        />
      )}
    </td>
  );
}

/** One namespace: name and description edited in place, its warnings, its tools by exposure, delete when empty. */
function NamespaceRow({ team, catalog, canEdit, ns, onSave, onDelete }: NamespaceRowProps) {
  const warnings = [
    !ns.description.trim() &&
      (ns.deferredCount > 0
        ? `No description: on turn one the model reads only this about its ${plural(ns.deferredCount, "deferred tool")}, so agents get a generated one listing their names. Write what they are for.`
        : "No description: the model sees only the name."),
    ns.exposureCounts.deferred > MAX_DEFERRED_PER_NAMESPACE &&
      `${ns.exposureCounts.deferred} deferred tools: consider splitting it.`,
  ].filter(Boolean) as string[];
  return (
    <tr className="border-b border-stone-100 align-top last:border-0" aria-label={`Namespace ${ns.name}`}>
      <td className="px-3 py-2">
        <InlineEdit
          value={ns.name}
          label={`Name of namespace ${ns.name}`}
          canEdit={canEdit}
          isMono
          onSave={(name) => onSave({ name: name.trim() })}
        />
      </td>
      <td className="px-3 py-2">
        <InlineEdit
          value={ns.description}
          label={`Description of namespace ${ns.name}`}
          placeholder="No description"
          canEdit={canEdit}
          onSave={(description) => onSave({ description })}
        />
        {warnings.map((w) => (
          <p key={w} role="status" className="mt-1 text-xs text-amber-800">
            ⚠ {w}
          </p>
        ))}
      </td>
      <td className="px-3 py-2 text-xs text-stone-600">
        <Link
          href={`/t/${team}/${catalog}?ns=${encodeURIComponent(ns.name)}`}
          className="font-medium text-stone-900 hover:underline"
        >
          {plural(ns.toolCount, "tool")}
        </Link>
        <div>
          {ns.exposureCounts.direct} direct · {ns.exposureCounts.deferred} deferred · {ns.exposureCounts.hidden} hidden
        </div>
      </td>
      <NamespaceActions team={team} catalog={catalog} canEdit={canEdit} ns={ns} onDelete={onDelete} />
    </tr>
  );
}

/**
 * Every namespace in one table, edited in place. Their descriptions are what the model reads about deferred tools
 * on turn one and feed the generated search text; renaming rewrites the keys of their tools.
 */
export function NamespacesTable({ team, catalog, canEdit }: { team: string; catalog: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.namespace.list.queryOptions({ team, catalog }));
  const refresh = () => refetchAfterChange(queryClient, { queryKey: trpc.namespace.list.queryKey({ team, catalog }) });
  const update = useMutation(
    trpc.namespace.update.mutationOptions({ onSettled: refresh, meta: { success: "Namespace saved" } }),
  );
  const remove = useMutation(
    trpc.namespace.delete.mutationOptions({ onSuccess: refresh, meta: { success: "Namespace deleted" } }),
  );
  if (!list.data)
    return <p className="text-sm text-stone-500">{list.error ? list.error.message : "Loading namespaces…"}</p>;
  const rows = list.data;
  const missing = rows.filter((ns) => !ns.description.trim()).length;
  const crowded = rows.filter((ns) => ns.exposureCounts.deferred > MAX_DEFERRED_PER_NAMESPACE).length;
  if (rows.length === 0) {
    return (
      <NoToolsNotice team={team} catalog={catalog} canEdit={canEdit} title="No namespaces yet">
        A namespace groups tools; one appears when you import tools from an MCP server or set a namespace on a tool.
      </NoToolsNotice>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-600" role="status">
        {plural(rows.length, "namespace")}
        {missing > 0 && ` · ${plural(missing, "has", "have")} no description`}
        {crowded > 0 && ` · ${crowded} with more than ${MAX_DEFERRED_PER_NAMESPACE} deferred tools`}
      </p>
      <div className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white">
        <table className="w-full min-w-[640px] table-fixed border-collapse text-sm" aria-label="Namespaces">
          <thead>
            <tr className="border-b border-stone-200 text-left text-xs text-stone-500">
              <th className="w-48 px-3 py-2 font-medium">Name</th>
              <th className="px-3 py-2 font-medium">Description (the model reads it)</th>
              <th className="w-44 px-3 py-2 font-medium">Tools</th>
              <th className="w-20 px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((ns) => (
              <NamespaceRow
                key={`${ns.id}:${ns.revision}`}
                {...{ team, catalog, canEdit, ns }}
                onSave={(patch) => update.mutate({ team, catalog, id: ns.id, revision: ns.revision, patch })}
                onDelete={() => remove.mutate({ team, catalog, id: ns.id, revision: ns.revision })}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
