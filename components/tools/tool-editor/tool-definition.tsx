"use client";

import type { McpToolMetadata } from "@/domain/snapshot/verify";
import { inputClass } from "../../ui/control-styles";
import { Field, Section } from "../../ui/field";
import { McpMetadataBadges } from "./mcp-metadata-badges";
import { ParametersEditor } from "./parameters-editor";
import type { formErrors, ToolDetail, ToolForm } from "./tool-form";

export type ErrorAt = (field: keyof ReturnType<typeof formErrors>) => string | undefined;

interface DefinitionProps {
  form: ToolForm;
  base: ToolDetail | null;
  canEdit: boolean;
  namespaces: { id: string; name: string }[] | undefined;
  errorAt: ErrorAt;
  set: (patch: Partial<ToolForm>) => void;
}

/** What the model sees of the tool: namespace, name, description, parameters, strict mode and the MCP fields. */
export function ToolDefinition({ form, base, canEdit, namespaces, errorAt, set }: DefinitionProps) {
  return (
    <Section title="Definition">
      <NameFields form={form} base={base} canEdit={canEdit} namespaces={namespaces} errorAt={errorAt} set={set} />
      <Field
        label="Description"
        htmlFor="tool-description"
        error={errorAt("description")}
        hint="What the model reads. Search-text edits never change it."
      >
        <textarea
          id="tool-description"
          value={form.description}
          disabled={!canEdit}
          onChange={(e) => set({ description: e.target.value })}
          rows={5}
          className={inputClass}
        />
      </Field>
      <Field
        label="Parameters (JSON Schema)"
        error={errorAt("parameters")}
        hint='An object schema; draft 2020-12 by default, draft-07 with "$schema".'
      >
        <ParametersEditor
          label="Parameters (JSON Schema)"
          value={form.parametersText}
          readOnly={!canEdit}
          invalid={!!errorAt("parameters")}
          onChange={(value) => set({ parametersText: value })}
        />
      </Field>
      <StrictField form={form} canEdit={canEdit} errorAt={errorAt} set={set} />
      <McpFields form={form} canEdit={canEdit} errorAt={errorAt} set={set} />
      <McpMetadataBadges metadata={(base?.mcpMetadata as McpToolMetadata | null | undefined) ?? null} />
    </Section>
  );
}

function NameFields({ form, base, canEdit, namespaces, errorAt, set }: DefinitionProps) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Namespace"
          htmlFor="tool-namespace"
          error={errorAt("namespace")}
          hint="Blank = none. A new name creates the namespace."
        >
          <input
            id="tool-namespace"
            list="tool-namespaces"
            value={form.namespace}
            disabled={!canEdit}
            onChange={(e) => set({ namespace: e.target.value })}
            className={`${inputClass} font-mono`}
          />
          <datalist id="tool-namespaces">
            {namespaces?.map((ns) => (
              <option key={ns.id} value={ns.name} />
            ))}
          </datalist>
        </Field>
        <Field
          label="Name"
          htmlFor="tool-name"
          error={errorAt("name")}
          hint="Letters, digits, _ and - (OpenAI and Anthropic rule), at most 64."
        >
          <input
            id="tool-name"
            value={form.name}
            disabled={!canEdit}
            onChange={(e) => set({ name: e.target.value })}
            className={`${inputClass} font-mono`}
          />
        </Field>
      </div>
      {base && (
        <p className="text-xs text-stone-500">
          Golden queries name tools by key ({base.goldenQueryCount} expect <span className="font-mono">{base.key}</span>
          ); renaming or moving the tool does not rewrite them.
        </p>
      )}
    </>
  );
}

type FieldsProps = Pick<DefinitionProps, "form" | "canEdit" | "errorAt" | "set">;

function StrictField({ form, canEdit, errorAt, set }: FieldsProps) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={form.strict}
          disabled={!canEdit}
          onChange={(e) => set({ strict: e.target.checked })}
        />
        Strict mode (OpenAI: arguments always match the schema)
      </label>
      {errorAt("strict") && (
        <p role="alert" className="text-sm text-red-700">
          {errorAt("strict")}
        </p>
      )}
    </>
  );
}

function McpFields({ form, canEdit, errorAt, set }: FieldsProps) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field label="MCP server" htmlFor="tool-mcp-server" error={errorAt("mcpServer")}>
        <input
          id="tool-mcp-server"
          value={form.mcpServer}
          disabled={!canEdit}
          onChange={(e) => set({ mcpServer: e.target.value })}
          className={inputClass}
        />
      </Field>
      <Field label="MCP title" htmlFor="tool-mcp-title" error={errorAt("mcpTitle")}>
        <input
          id="tool-mcp-title"
          value={form.mcpTitle}
          disabled={!canEdit}
          onChange={(e) => set({ mcpTitle: e.target.value })}
          className={inputClass}
        />
      </Field>
    </div>
  );
}
