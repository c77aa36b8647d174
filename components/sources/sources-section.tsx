"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SOURCE_KIND_LABELS, URL_SOURCE_KINDS, type Source } from "@/domain/sources";
import { refetchAfterChange } from "@/components/refetch";
import { useTRPC } from "@/components/trpc-provider";
import { inputClass, secondaryButtonClass } from "@/components/ui/control-styles";
import { Field } from "@/components/ui/field";
import { SourceForm } from "./source-form";
import { SourceSchedule, type SourceCardProps } from "./source-schedule";
import { SyncPanel } from "./sync-panel";

/** One line that says where the tools come from. */
function whereFrom(s: Source): string {
  if (s.kind === "mcp-stdio") return [s.command, ...s.args].join(" ");
  return [s.url, s.file].filter(Boolean).join(" · ");
}

function useSaveSource(team: string, catalog: string, done: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => {
    refetchAfterChange(queryClient, { queryKey: trpc.source.list.queryKey({ team, catalog }) });
    refetchAfterChange(queryClient, { queryKey: trpc.namespace.list.queryKey({ team, catalog }) });
  };
  const save = useMutation(
    trpc.source.set.mutationOptions({ onSuccess: () => (refresh(), done()), meta: { success: "Source saved" } }),
  );
  const remove = useMutation(
    trpc.source.remove.mutationOptions({ onSuccess: refresh, meta: { success: "Source removed" } }),
  );
  return { save, remove };
}

function SourceSummary({ source }: { source: Source }) {
  const synced = source.lastSyncedAt ? `last synced ${new Date(source.lastSyncedAt).toLocaleString()}` : "never synced";
  return (
    <div className="flex flex-wrap items-baseline gap-2 text-sm">
      <span className="font-mono font-medium">{source.namespace}</span>
      <span className="text-stone-600">{SOURCE_KIND_LABELS[source.kind]}</span>
      <span className="break-all font-mono text-xs">{whereFrom(source)}</span>
      {source.headers.map((h) => (
        <span key={h.name} className="rounded bg-stone-100 px-1.5 text-xs">
          {h.name}: {h.secret ? "set" : h.value}
        </span>
      ))}
      <span className="text-xs text-stone-500">{synced}</span>
    </div>
  );
}

/** A URL source syncs here; the others from the user's machine with the CLI. */
function SyncWay({
  team,
  catalog,
  source,
  canSync,
}: {
  team: string;
  catalog: string;
  source: Source;
  canSync: boolean;
}) {
  return canSync && URL_SOURCE_KINDS.includes(source.kind) && (source.kind !== "openapi" || source.url) ? (
    <SyncPanel team={team} catalog={catalog} namespace={source.namespace} />
  ) : (
    <p className="text-xs text-stone-600">
      Sync it from your machine:{" "}
      <code>
        npm run -s stockroom -- sync --url … --team {team} --catalog {catalog} --namespace {source.namespace}
      </code>
    </p>
  );
}

function SourceCard({ team, catalog, source, canEdit }: SourceCardProps) {
  const [editing, setEditing] = useState(false);
  const { save, remove } = useSaveSource(team, catalog, () => setEditing(false));
  return (
    <li
      className="space-y-2 rounded-lg border border-stone-200 bg-white p-3"
      aria-label={`Source of ${source.namespace}`}
    >
      <SourceSummary source={source} />
      <SourceSchedule team={team} catalog={catalog} source={source} canEdit={canEdit} />
      {save.error && (
        <p role="alert" className="text-sm text-red-700">
          {save.error.message}
        </p>
      )}
      {editing ? (
        <SourceForm
          source={source}
          busy={save.isPending}
          onCancel={() => setEditing(false)}
          onSave={(input) =>
            save.mutate({ team, catalog, namespace: source.namespace, revision: source.revision, source: input })
          }
        />
      ) : (
        canEdit && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={secondaryButtonClass} onClick={() => setEditing(true)}>
              Edit source
            </button>
            <button
              type="button"
              className="text-xs text-red-700 underline"
              onClick={() => remove.mutate({ team, catalog, namespace: source.namespace })}
            >
              Forget source
            </button>
          </div>
        )
      )}
      <SyncWay team={team} catalog={catalog} source={source} canSync={canEdit && !editing} />
    </li>
  );
}

function AddSource({ team, catalog }: { team: string; catalog: string }) {
  const [open, setOpen] = useState(false);
  const [namespace, setNamespace] = useState("");
  const { save } = useSaveSource(team, catalog, () => (setOpen(false), setNamespace("")));
  if (!open)
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
        Add a source
      </button>
    );
  return (
    <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-3">
      <Field label="Namespace (made if new)" htmlFor="source-namespace">
        <input
          id="source-namespace"
          className={inputClass}
          value={namespace}
          onChange={(e) => setNamespace(e.target.value)}
        />
      </Field>
      {save.error && (
        <p role="alert" className="text-sm text-red-700">
          {save.error.message}
        </p>
      )}
      <SourceForm
        source={null}
        busy={save.isPending}
        onCancel={() => setOpen(false)}
        onSave={(input) => save.mutate({ team, catalog, namespace, source: input })}
      />
    </div>
  );
}

/** Where each namespace's tools come from, and their sync: on the Namespaces page. */
export function SourcesSection({ team, catalog, canEdit }: { team: string; catalog: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.source.list.queryOptions({ team, catalog }));
  return (
    <section className="mt-8 space-y-3" aria-labelledby="sources-title">
      <h3 id="sources-title" className="text-base font-semibold">
        Sources
      </h3>
      <p className="max-w-3xl text-sm text-stone-600">
        A namespace can remember where its tools come from. A sync shows what the source added, changed and removed;
        your own edits (search text, exposure, descriptions you wrote, golden queries) stay.
      </p>
      {list.error && (
        <p role="alert" className="text-sm text-red-700">
          {list.error.message}
        </p>
      )}
      <ul className="space-y-3">
        {list.data?.map((source) => (
          <SourceCard key={`${source.namespace}:${source.revision}`} {...{ team, catalog, source, canEdit }} />
        ))}
      </ul>
      {list.data?.length === 0 && <p className="text-sm text-stone-500">No namespace has a source yet.</p>}
      {canEdit && <AddSource team={team} catalog={catalog} />}
    </section>
  );
}
