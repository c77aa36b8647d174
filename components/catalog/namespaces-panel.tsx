"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { appErrorOf } from "./app-error";
import { inputClass, Section, secondaryButtonClass } from "./ui";
import { refetchAfterChange } from "@/components/refetch";

interface Namespace {
  id: string;
  name: string;
  description: string;
  revision: number;
  toolCount: number;
}

function NamespaceRow({ team, catalog, namespace, canEdit, onChanged }: { team: string; catalog: string; namespace: Namespace; canEdit: boolean; onChanged: () => void }) {
  const trpc = useTRPC();
  const [name, setName] = useState(namespace.name);
  const [description, setDescription] = useState(namespace.description);
  const update = useMutation(trpc.namespace.update.mutationOptions({ onSuccess: onChanged, meta: { success: "Namespace saved", errorTitle: "The namespace was not saved" } }));
  const remove = useMutation(trpc.namespace.delete.mutationOptions({ onSuccess: onChanged, meta: { success: "Namespace deleted", errorTitle: "The namespace was not deleted" } }));
  const error = appErrorOf(update.error ?? remove.error);
  const dirty = name !== namespace.name || description !== namespace.description;
  return (
    <li className="space-y-2 border-b border-stone-100 py-3" aria-label={`Namespace ${namespace.name}`}>
      <div className="grid gap-2 md:grid-cols-[14rem_1fr_auto]">
        <input aria-label={`Name of namespace ${namespace.name}`} value={name} disabled={!canEdit} onChange={(e) => setName(e.target.value)} className={`${inputClass} font-mono`} />
        <input aria-label={`Description of namespace ${namespace.name}`} value={description} disabled={!canEdit} onChange={(e) => setDescription(e.target.value)} placeholder="What its tools are for (the model reads this)" className={inputClass} />
        <span className="self-center text-xs text-stone-500">{namespace.toolCount} tools</span>
      </div>
      {canEdit && (
        <div className="flex gap-2">
          <button type="button" className={secondaryButtonClass} disabled={!dirty || update.isPending} onClick={() => update.mutate({ team, catalog, id: namespace.id, revision: namespace.revision, patch: { name: name.trim(), description } })}>
            Save namespace
          </button>
          {namespace.toolCount === 0 && (
            <button type="button" className={`${secondaryButtonClass} text-red-700`} disabled={remove.isPending} onClick={() => remove.mutate({ team, catalog, id: namespace.id, revision: namespace.revision })}>
              Delete
            </button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
    </li>
  );
}

/**
 * Namespaces: their descriptions are what the model reads about deferred tools on turn one, and feed the tools'
 * generated search text. Renaming rewrites the keys of their tools.
 */
export function NamespacesPanel({ team, catalog, canEdit }: { team: string; catalog: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.namespace.list.queryOptions({ team, catalog }));
  const refresh = () => refetchAfterChange(queryClient, { queryKey: trpc.namespace.list.queryKey({ team, catalog }) });
  return (
    <Section title="Namespaces">
      <p className="text-xs text-stone-600">
        On turn one the model sees only a namespace&apos;s name and description for its deferred tools. Renaming a namespace changes its tools&apos; keys; golden queries that name the old keys are not rewritten.
      </p>
      {list.data?.length === 0 && <p className="text-sm text-stone-500">No namespaces yet: set one on a tool or import tools.</p>}
      <ul>
        {list.data?.map((ns) => (
          <NamespaceRow key={`${ns.id}:${ns.revision}`} team={team} catalog={catalog} namespace={ns} canEdit={canEdit} onChanged={refresh} />
        ))}
      </ul>
    </Section>
  );
}
