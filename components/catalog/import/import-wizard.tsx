"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { appErrorOf } from "../app-error";
import { buttonClass, Field, fileInputClass, inputClass, Section, secondaryButtonClass } from "../ui";
import { CatalogRestore, isCatalogExport } from "./catalog-restore";
import { LiveSource } from "./live-source";
import { PreviewTable } from "./preview-table";
import { refetchAfterChange } from "@/components/refetch";
import { plural } from "@/components/ui/plural";

import type { Exposure } from "@/domain/vocabulary";
const MAX_FILE_BYTES = 4_000_000;
/** A server name as a namespace: the tool-name alphabet, at most 64 characters. */
const namespaceOf = (name: string) => name.replace(/[^a-zA-Z0-9_-]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 64);

/** Paste / upload / live MCP → preview (new, changed with diff, unchanged, invalid) → import all or nothing. */
interface ImportWizardProps {
  team: string;
  catalog: string;
  initialSource?: "paste" | "live";
  /** Pre-filled source text (the example tools an empty catalog offers). */
  initial?: { text: string; namespace: string };
}

export function ImportWizard({ team, catalog, initialSource = "paste", initial }: ImportWizardProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<"paste" | "live">(initialSource);
  const [text, setText] = useState(initial?.text ?? "");
  const [namespace, setNamespace] = useState(initial?.namespace ?? "");
  const [mcpServer, setMcpServer] = useState("");
  // What a live server said about itself at initialize: the description of the namespace the import creates.
  const [serverDescription, setServerDescription] = useState<string | null>(null);
  const [exposure, setExposure] = useState<Exposure>("deferred");
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useMutation(trpc.io.previewImport.mutationOptions({ meta: { errorTitle: "The preview failed" } }));
  const commit = useMutation(trpc.io.commitImport.mutationOptions({
      onSuccess: () => refetchAfterChange(queryClient, { queryKey: trpc.tool.pathKey() }),
      meta: { success: "Tools imported", errorTitle: "Nothing was imported" },
    }));
  const options = { namespace: namespace.trim() || null, mcpServer: mcpServer.trim() || null, exposure, namespaceDescription: serverDescription };
  const error = appErrorOf(preview.error) ?? appErrorOf(commit.error);

  // Any change to the source or the options makes the preview stale: the user previews again before importing.
  const edit = (apply: () => void) => {
    apply();
    preview.reset();
    commit.reset();
  };

  async function readFile(file: File | undefined) {
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setFileError(`${file.name} is over 4 MB; split it.`);
    const content = await file.text();
    edit(() => setText(content));
  }

  const plan = preview.data;
  const importable = plan ? plan.counts.new + plan.counts.changed : 0;
  const blocked = !!plan && plan.counts.invalid > 0 && !skipInvalid;

  return (
    <div className="space-y-4">
      <Section title="1. Source">
        <Tabs.Root value={source} onValueChange={(value) => setSource(value as "paste" | "live")} className="space-y-3">
          <Tabs.List className="flex gap-2 text-sm" aria-label="Import source">
            {(["paste", "live"] as const).map((s) => (
              <Tabs.Trigger key={s} value={s} className={source === s ? buttonClass : secondaryButtonClass}>
                {s === "paste" ? "Paste or upload JSON" : "Live MCP server"}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="paste" className="text-sm text-stone-600">
            Paste a tools list below or upload a JSON file.
          </Tabs.Content>
          <Tabs.Content value="live">
            <LiveSource
              team={team}
              catalog={catalog}
              onFetched={(result) =>
                edit(() => {
                  setText(result.text);
                  setServerDescription(result.namespaceDescription);
                  if (result.serverName) {
                    setMcpServer(result.serverName);
                    if (!namespace) setNamespace(namespaceOf(result.serverName));
                  }
                })
              }
            />
          </Tabs.Content>
        </Tabs.Root>
        <Field label="Upload a JSON file" htmlFor="import-file" error={fileError}>
          <input id="import-file" type="file" accept="application/json,.json" onChange={(e) => readFile(e.target.files?.[0])} className={fileInputClass} />
        </Field>
        <Field
          label="Tools JSON"
          htmlFor="import-text"
          error={error?.fields.source}
          hint="An MCP tools/list result, an OpenAI tools array (functions and namespaces) or an Anthropic tools array."
        >
          <textarea id="import-text" value={text} onChange={(e) => edit(() => setText(e.target.value))} rows={10} className={`${inputClass} font-mono text-xs`} spellCheck={false} />
        </Field>
      </Section>

      <Section title="2. Options">
        <div className="grid gap-3 md:grid-cols-3">
          <Field label="Namespace for tools without one" htmlFor="import-namespace" hint="OpenAI namespaces keep their own. Blank = none.">
            <input id="import-namespace" value={namespace} onChange={(e) => edit(() => setNamespace(e.target.value))} className={`${inputClass} font-mono`} />
          </Field>
          <Field label="MCP server name" htmlFor="import-server" hint="Recorded on each tool; re-imports of this server update its tools instead of duplicating them.">
            <input id="import-server" value={mcpServer} onChange={(e) => edit(() => setMcpServer(e.target.value))} className={inputClass} />
          </Field>
          <Field label="Exposure of new tools" htmlFor="import-exposure" hint="Unless the source marks tools with defer_loading. Existing tools keep theirs.">
            <select id="import-exposure" value={exposure} onChange={(e) => edit(() => setExposure(e.target.value as Exposure))} className={inputClass}>
              <option value="deferred">deferred</option>
              <option value="direct">direct</option>
              <option value="hidden">hidden</option>
            </select>
          </Field>
        </div>
        {isCatalogExport(text) && <CatalogRestore team={team} catalog={catalog} text={text} />}
        <button type="button" className={buttonClass} disabled={!text.trim() || preview.isPending} onClick={() => preview.mutate({ team, catalog, text, options })}>
          {preview.isPending ? "Reading…" : "Preview import"}
        </button>
        {error && !error.fields.source && (
          <p role="alert" className="text-sm text-red-700">
            {error.message}
          </p>
        )}
      </Section>

      {plan && (
        <Section title="3. Preview" aside={<span className="text-xs text-stone-500">format: {plan.format}</span>}>
          <p className="text-sm" data-testid="import-counts">
            {plan.counts.new} new · {plan.counts.changed} changed · {plan.counts.unchanged} unchanged · {plan.counts.invalid} invalid
            {plan.counts.skipped > 0 && ` · ${plan.counts.skipped} skipped`}
          </p>
          <PreviewTable rows={plan.rows} />
          {plan.counts.invalid > 0 && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} />
              Skip the {plan.counts.invalid} invalid tools (otherwise fix them in the source first)
            </label>
          )}
          <div className="flex items-center gap-3">
            <button
              type="button"
              className={buttonClass}
              disabled={importable === 0 || blocked || commit.isPending || commit.isSuccess}
              onClick={() => commit.mutate({ team, catalog, text, options, fingerprint: plan.fingerprint, skipInvalid })}
            >
              Import {plural(importable, "tool")}
            </button>
            <span className="text-xs text-stone-500">All or nothing, in one transaction.</span>
          </div>
          {commit.data && (
            <p role="status" className="text-sm text-emerald-800">
              Imported: {commit.data.created} created, {commit.data.updated} updated, {commit.data.unchanged} unchanged.{" "}
              <Link href={`/t/${team}/${catalog}`} className="underline">
                Back to the tools
              </Link>
            </p>
          )}
        </Section>
      )}
    </div>
  );
}
