"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import type { EngineProfile } from "@/search/index";
import { appErrorOf, type ClientAppError } from "../../ui/app-error";
import { Section } from "../../ui/field";
import { ConflictBanner } from "./conflict-banner";
import { ExposureEditor } from "./exposure-editor";
import { FindingsPanel } from "./findings-panel";
import { SearchTextEditor } from "./search-text-editor";
import { type ErrorAt, ToolDefinition } from "./tool-definition";
import { ToolEditorHeader } from "./tool-editor-header";
import { EMPTY_FORM, formOf, parseParameters, patchOf, type ToolDetail } from "./tool-form";
import { type ToolDraft, useToolDraft } from "./use-tool-draft";
import { useToolFindings } from "./use-tool-findings";
import { useConflictResolution, useToolSave } from "./use-tool-save";

interface ToolEditorProps {
  team: string;
  catalog: string;
  /** null = a new tool. */
  initialTool: ToolDetail | null;
  profile: EngineProfile;
  canEdit: boolean;
}

/** A field's error once it was touched or a save was attempted; else the server's, unless a conflict is showing. */
function errorLookup(draft: ToolDraft, serverError: ClientAppError | null, isConflict: boolean): ErrorAt {
  const fieldKey = (field: string) => (field === "parameters" ? "parametersText" : field);
  return (field) =>
    (draft.attempted || draft.touched.has(fieldKey(field)) ? draft.errors[field] : undefined) ??
    (!isConflict ? serverError?.fields[field] : undefined);
}

/** Unsaved: any field differs from the stored tool (or, for a new tool, from the empty form). */
function isDraftDirty({ base, form }: ToolDraft): boolean {
  return base
    ? Object.keys(patchOf(formOf(base), form)).length > 0
    : JSON.stringify(form) !== JSON.stringify(EMPTY_FORM);
}

/** Create or edit one tool; every save carries the revision it was based on and a stale one is never overwritten. */
export function ToolEditor({ team, catalog, initialTool, profile, canEdit }: ToolEditorProps) {
  const trpc = useTRPC();
  const draft = useToolDraft(initialTool);
  const saving = useToolSave({ team, catalog }, draft);
  const { reloadTheirs, keepMine } = useConflictResolution({ team, catalog }, draft, saving);
  const namespaces = useQuery(trpc.namespace.list.queryOptions({ team, catalog }));
  const { base, form, notice, set } = draft;
  const { conflict } = saving;
  const parameters = useMemo(() => parseParameters(form.parametersText).value, [form.parametersText]);
  const serverError = appErrorOf(saving.create.error ?? saving.update.error);
  const isConflict = conflict !== null;
  const errorAt = errorLookup(draft, serverError, isConflict);
  const namespaceDescription = namespaces.data?.find((ns) => ns.name === form.namespace.trim())?.description ?? null;
  const pending = saving.create.isPending || saving.update.isPending;
  const hasFieldErrors = serverError && Object.keys(serverError.fields).length > 0;
  const generalError = serverError && !isConflict && !hasFieldErrors ? serverError.message : null;

  return (
    <div className="space-y-4">
      <UnsavedChangesGuard isDirty={canEdit && isDraftDirty(draft)} />
      <ToolEditorHeader
        {...{ team, catalog, base, canEdit }}
        isSaveDisabled={pending || isConflict}
        onSave={saving.save}
      />
      {conflict && (
        <ConflictBanner
          mine={form}
          theirs={conflict.theirs}
          revision={conflict.revision}
          changedBy={conflict.changedBy}
          comparing={saving.comparing}
          onCompare={() => saving.setComparing(true)}
          onReload={reloadTheirs}
          onKeepMine={keepMine}
        />
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
        <ToolDefinition {...{ form, base, canEdit, errorAt, set }} namespaces={namespaces.data} />
        <ToolSidebar {...{ team, catalog, profile, canEdit, draft, parameters, namespaceDescription }} />
      </div>
    </div>
  );
}

interface SidebarProps {
  team: string;
  catalog: string;
  profile: EngineProfile;
  canEdit: boolean;
  draft: ToolDraft;
  parameters: Record<string, unknown> | null;
  namespaceDescription: string | null;
}

/** The right column: the tool's findings as typed, its exposure and its search text. */
function ToolSidebar({ team, catalog, profile, canEdit, draft, parameters, namespaceDescription }: SidebarProps) {
  const { base, form, set } = draft;
  const findings = useToolFindings(team, catalog, base, form);
  return (
    <div className="space-y-4">
      <FindingsPanel findings={findings} canEdit={canEdit} onFix={set} />
      <Section title="Exposure">
        <ExposureEditor exposure={form.exposure} fallback={form.fallback} disabled={!canEdit} onChange={set} />
      </Section>
      <Section title="Search text">
        <SearchTextEditor
          {...{ team, catalog, parameters, namespaceDescription, profile }}
          toolId={base?.id ?? null}
          form={form}
          disabled={!canEdit}
          onChange={set}
        />
      </Section>
    </div>
  );
}
