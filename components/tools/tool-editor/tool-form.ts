import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/root";
// tool-rules, not validate-tool: ajv compiles schemas with eval, which the CSP refuses; the server runs ajv on save.
import { checkToolFields } from "@/domain/tool-rules/tool-rules";
import type { z } from "zod";
import { formFields, TOOL, toolDefaults, toolLabels, type ToolDefinition, type ToolFieldName } from "@/domain/tool";

export type ToolDetail = inferRouterOutputs<AppRouter>["tool"]["get"];
export type { Exposure, SearchTextMode } from "@/domain/vocabulary";

type FormField = { [K in ToolFieldName]: (typeof TOOL)[K]["form"] extends null ? never : K }[ToolFieldName];
type FormValue<K extends FormField> = (typeof TOOL)[K]["form"] extends "nullableText"
  ? string
  : z.output<(typeof TOOL)[K]["schema"]>;
/** The editor's state: text as typed (a JSON field as `<field>Text`, blanks for "none"), one key per form field of domain/tool.ts. */
export type ToolForm = {
  [K in FormField as (typeof TOOL)[K]["form"] extends "json" ? `${K}Text` : K]: (typeof TOOL)[K]["form"] extends "json"
    ? string
    : FormValue<K>;
};

/** The form's value of each form field of `def`, from values in API form. */
export function formValuesOf(def: ToolDefinition, values: Record<string, unknown>): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const name of formFields(def)) {
    const kind = def[name]!.form;
    if (kind === "json") form[`${name}Text`] = JSON.stringify(values[name], null, 2);
    else if (kind === "nullableText") form[name] = values[name] ?? "";
    else form[name] = values[name];
  }
  return form;
}

/** What the API receives for form values (a JSON field is null when its text does not parse; blank names are null). */
export function inputValuesOf(def: ToolDefinition, form: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of formFields(def)) {
    const kind = def[name]!.form;
    const value = form[kind === "json" ? `${name}Text` : name];
    if (kind === "json") input[name] = parseParameters(value as string).value;
    else if (kind === "nullableText") input[name] = (value as string).trim() || null;
    else if (kind === "text") input[name] = (value as string).trim();
    else input[name] = value;
  }
  return input;
}

/** A new tool's form: the definition's defaults, the same ones the server gives a tool created without them. */
export const EMPTY_FORM = formValuesOf(TOOL, toolDefaults(TOOL)) as ToolForm;

export function formOf(tool: ToolDetail): ToolForm {
  return formValuesOf(TOOL, tool) as ToolForm;
}

export function parseParameters(text: string): { value: Record<string, unknown> | null; error: string | null } {
  try {
    return { value: JSON.parse(text) as Record<string, unknown>, error: null };
  } catch (error) {
    return { value: null, error: `Parameters are not valid JSON: ${(error as Error).message}.` };
  }
}

/** What the API receives for a form (null parameters when the JSON does not parse). */
export function inputOf(form: ToolForm) {
  return inputValuesOf(TOOL, form) as {
    [K in FormField]: K extends "parameters" ? Record<string, unknown> | null : z.output<(typeof TOOL)[K]["schema"]>;
  };
}
export type ToolFormInput = ReturnType<typeof inputOf>;

/** Errors by field, computed in the browser with the same rules the server applies. */
export function formErrors(form: ToolForm): Partial<Record<ToolFieldName, string>> {
  const parsed = parseParameters(form.parametersText);
  const input = inputOf(form);
  const errors: Partial<Record<ToolFieldName, string>> = {};
  const issues = checkToolFields({
    ...input,
    parameters: parsed.value ?? {},
    mcpServer: input.mcpServer,
    mcpTitle: input.mcpTitle,
  });
  for (const issue of issues) errors[issue.field] ??= issue.message;
  if (parsed.error) errors.parameters = parsed.error;
  return errors;
}

/** Fields whose value differs from `base` (the version the edit started from). */
export function patchOf(base: ToolForm, form: ToolForm): Partial<ToolFormInput> {
  const a = inputOf(base);
  const b = inputOf(form);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(b) as Array<keyof ToolFormInput>) {
    // Key order counts: a reordered schema is an edit (models read properties in that order).
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) patch[key] = b[key];
  }
  return patch as Partial<ToolFormInput>;
}

export const FIELD_LABELS = toolLabels(TOOL) as Record<keyof ToolFormInput, string>;
