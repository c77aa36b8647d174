"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import type { EngineProfile } from "@/search/index";
import type { McpToolMetadata } from "@/sdk/snapshot";
import { appErrorOf } from "../app-error";
import { buttonClass, Field, inputClass, Section } from "../ui";
import { ConflictBanner } from "./conflict-banner";
import { ExposureEditor } from "./exposure-editor";
import { McpMetadataBadges } from "./mcp-metadata-badges";
import { ParametersEditor } from "./parameters-editor";
import { SearchTextEditor } from "./search-text-editor";
import { ToolActions } from "./tool-actions";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { EMPTY_FORM, formErrors, formOf, inputOf, parseParameters, patchOf, type ToolDetail, type ToolForm } from "./tool-form";

interface ToolEditorProps {
  team: string;
  catalog: string;
  /** null = a new tool. */
  initialTool: ToolDetail | null;
  profile: EngineProfile;
  canEdit: boolean;
}

/** Create or edit one tool; every save carries the revision it was based on and a stale one is never overwritten. */
export function ToolEditor({ team, catalog, initialTool, profile, canEdit }: ToolEditorProps) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [base, setBase] = useState<ToolDetail | null>(initialTool);
  const [form, setForm] = useState<ToolForm>(initialTool ? formOf(initialTool) : EMPTY_FORM);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ revision: number; theirs: ToolForm | null; changedBy: string | null } | null>(null);
  const [comparing, setComparing] = useState(false);
  const namespaces = useQuery(trpc.namespace.list.queryOptions({ team, catalog }));
  const errors = useMemo(() => formErrors(form), [form]);
  const parameters = useMemo(() => parseParameters(form.parametersText).value, [form.parametersText]);
  const create = useMutation(trpc.tool.create.mutationOptions({ meta: { success: "Tool created", errorTitle: "The tool was not created" } }));
  const update = useMutation(trpc.tool.update.mutationOptions({ meta: { success: "Tool saved", errorTitle: "The tool was not saved" } }));
  const serverError = appErrorOf(create.error ?? update.error);
  const isConflict = conflict !== null;

  const set = (patch: Partial<ToolForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setTouched((t) => new Set([...t, ...Object.keys(patch)]));
    setNotice(null);
  };
  const fieldKey = (field: string) => (field === "parameters" ? "parametersText" : field);
  const errorAt = (field: keyof typeof errors) =>
    (attempted || touched.has(fieldKey(field)) ? errors[field] : undefined) ?? (!isConflict ? serverError?.fields[field] : undefined);

  async function fetchCurrent(): Promise<ToolDetail> {
    return queryClient.fetchQuery({ ...trpc.tool.get.queryOptions({ team, catalog, id: base!.id }), staleTime: 0 });
  }

  function save() {
    setAttempted(true);
    setNotice(null);
    if (Object.keys(errors).length > 0) {
      setNotice("Fix the fields marked below; nothing was saved.");
      return;
    }
    const input = inputOf(form);
    if (!base) {
      create.mutate({ team, catalog, tool: { ...input, parameters: input.parameters! } }, { onSuccess: (tool) => router.push(`/t/${team}/${catalog}/tools/${tool.id}`) });
      return;
    }
    const patch = patchOf(formOf(base), form);
    if (Object.keys(patch).length === 0) {
      setNotice("Nothing changed.");
      return;
    }
    update.mutate(
      { team, catalog, id: base.id, revision: base.revision, patch: { ...patch, parameters: patch.parameters ?? undefined } },
      {
        onSuccess: (tool) => {
          setBase({ ...tool, goldenQueryCount: base.goldenQueryCount });
          setForm(formOf({ ...tool, goldenQueryCount: base.goldenQueryCount }));
          setTouched(new Set());
          setAttempted(false);
          setNotice(`Saved — revision ${tool.revision}.`);
        },
        onError: (error) => {
          const e = appErrorOf(error);
          if (e?.code === "CONFLICT" && typeof e.details.currentRevision === "number") {
            const current = e.details.current as ToolDetail | undefined;
            const changedBy = typeof e.details.changedBy === "string" ? e.details.changedBy : null;
            setConflict({ revision: e.details.currentRevision, theirs: current ? formOf(current) : null, changedBy });
            setComparing(false);
          }
        },
      },
    );
  }

  async function reloadTheirs() {
    const fresh = await fetchCurrent();
    setBase(fresh);
    setForm(formOf(fresh));
    setConflict(null);
    setTouched(new Set());
    update.reset();
    setNotice(`Reloaded revision ${fresh.revision}; your edits were discarded.`);
  }

  async function keepMine() {
    const fresh = await fetchCurrent();
    setBase(fresh);
    setConflict(null);
    update.reset();
    setNotice(`Your edits now apply on top of revision ${fresh.revision}. Review them and save again.`);
  }

  const namespaceDescription = namespaces.data?.find((ns) => ns.name === form.namespace.trim())?.description ?? null;
  const pending = create.isPending || update.isPending;
  // Unsaved: any field differs from the stored tool (or, for a new tool, from the empty form).
  const isDirty = canEdit && (base ? Object.keys(patchOf(formOf(base), form)).length > 0 : JSON.stringify(form) !== JSON.stringify(EMPTY_FORM));
  const generalError = serverError && !isConflict && Object.keys(serverError.fields).length === 0 ? serverError.message : null;

  return (
    <div className="space-y-4">
      <UnsavedChangesGuard isDirty={isDirty} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-xs text-stone-500">
            <Link href={`/t/${team}/${catalog}`} className="hover:underline">
              Tools
            </Link>{" "}
            / {base ? "edit" : "new"}
          </p>
          <h2 className="font-mono text-lg font-semibold break-all">{base ? base.key : "New tool"}</h2>
          {base && <p className="text-xs text-stone-500">Revision {base.revision}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {base && <ToolActions team={team} catalog={catalog} tool={base} canEdit={canEdit} />}
          {canEdit && (
            <button type="button" className={buttonClass} onClick={save} disabled={pending || isConflict} data-shortcut="save" aria-keyshortcuts="Control+S Meta+S">
              {base ? "Save" : "Create tool"}
            </button>
          )}
        </div>
      </div>
      {conflict && (
        <ConflictBanner mine={form} theirs={conflict.theirs} revision={conflict.revision} changedBy={conflict.changedBy} comparing={comparing} onCompare={() => setComparing(true)} onReload={reloadTheirs} onKeepMine={keepMine} />
      )}
      {notice && (
        <p role="status" className="text-sm text-stone-700">
          {notice}
        </p>
      )}
      {generalError && (
        <p role="alert" className="text-sm text-red-700">
          {generalError}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Definition">
          <div className="grid grid-cols-2 gap-3">
            <Field label="Namespace" htmlFor="tool-namespace" error={errorAt("namespace")} hint="Blank = none. A new name creates the namespace.">
              <input id="tool-namespace" list="tool-namespaces" value={form.namespace} disabled={!canEdit} onChange={(e) => set({ namespace: e.target.value })} className={`${inputClass} font-mono`} />
              <datalist id="tool-namespaces">
                {namespaces.data?.map((ns) => (
                  <option key={ns.id} value={ns.name} />
                ))}
              </datalist>
            </Field>
            <Field label="Name" htmlFor="tool-name" error={errorAt("name")} hint="Letters, digits, _ and - (OpenAI and Anthropic rule), at most 64.">
              <input id="tool-name" value={form.name} disabled={!canEdit} onChange={(e) => set({ name: e.target.value })} className={`${inputClass} font-mono`} />
            </Field>
          </div>
          {base && (
            <p className="text-xs text-stone-500">
              Golden queries name tools by key ({base.goldenQueryCount} expect <span className="font-mono">{base.key}</span>); renaming or moving the tool does not rewrite them.
            </p>
          )}
          <Field label="Description" htmlFor="tool-description" error={errorAt("description")} hint="What the model reads. Search-text edits never change it.">
            <textarea id="tool-description" value={form.description} disabled={!canEdit} onChange={(e) => set({ description: e.target.value })} rows={5} className={inputClass} />
          </Field>
          <Field label="Parameters (JSON Schema)" error={errorAt("parameters")} hint='An object schema; draft 2020-12 by default, draft-07 with "$schema".'>
            <ParametersEditor label="Parameters (JSON Schema)" value={form.parametersText} readOnly={!canEdit} invalid={!!errorAt("parameters")} onChange={(value) => set({ parametersText: value })} />
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={form.strict} disabled={!canEdit} onChange={(e) => set({ strict: e.target.checked })} />
            Strict mode (OpenAI: arguments always match the schema)
          </label>
          {errorAt("strict") && (
            <p role="alert" className="text-sm text-red-700">
              {errorAt("strict")}
            </p>
          )}
          <div className="grid grid-cols-2 gap-3">
            <Field label="MCP server" htmlFor="tool-mcp-server" error={errorAt("mcpServer")}>
              <input id="tool-mcp-server" value={form.mcpServer} disabled={!canEdit} onChange={(e) => set({ mcpServer: e.target.value })} className={inputClass} />
            </Field>
            <Field label="MCP title" htmlFor="tool-mcp-title" error={errorAt("mcpTitle")}>
              <input id="tool-mcp-title" value={form.mcpTitle} disabled={!canEdit} onChange={(e) => set({ mcpTitle: e.target.value })} className={inputClass} />
            </Field>
          </div>
          <McpMetadataBadges metadata={(base?.mcpMetadata as McpToolMetadata | null | undefined) ?? null} />
        </Section>
        <div className="space-y-4">
          <Section title="Exposure">
            <ExposureEditor exposure={form.exposure} fallback={form.fallback} disabled={!canEdit} onChange={set} />
          </Section>
          <Section title="Search text">
            <SearchTextEditor team={team} catalog={catalog} toolId={base?.id ?? null} form={form} parameters={parameters} namespaceDescription={namespaceDescription} profile={profile} disabled={!canEdit} onChange={set} />
          </Section>
        </div>
      </div>
    </div>
  );
}
