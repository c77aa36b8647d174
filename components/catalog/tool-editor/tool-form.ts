import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/root";
// tool-rules, not validate-tool: ajv compiles schemas with eval, which the CSP refuses; the server runs ajv on save.
import { checkToolFields, type ToolField } from "@/server/services/tools/tool-rules";

export type ToolDetail = inferRouterOutputs<AppRouter>["tool"]["get"];
export type Exposure = "direct" | "deferred" | "hidden";
export type SearchTextMode = "generated" | "generated+extra" | "override";

/** The editor's state: text as typed (parameters as JSON text, blanks for "none"). */
export interface ToolForm {
  name: string;
  namespace: string;
  description: string;
  parametersText: string;
  strict: boolean;
  exposure: Exposure;
  fallback: "direct" | "hidden";
  searchTextMode: SearchTextMode;
  searchTextExtra: string;
  searchTextOverride: string;
  mcpServer: string;
  mcpTitle: string;
}

export const EMPTY_FORM: ToolForm = {
  name: "",
  namespace: "",
  description: "",
  parametersText: JSON.stringify({ type: "object", properties: {}, required: [] }, null, 2),
  strict: false,
  exposure: "deferred",
  fallback: "direct",
  searchTextMode: "generated",
  searchTextExtra: "",
  searchTextOverride: "",
  mcpServer: "",
  mcpTitle: "",
};

export function formOf(tool: ToolDetail): ToolForm {
  return {
    name: tool.name,
    namespace: tool.namespace ?? "",
    description: tool.description,
    parametersText: JSON.stringify(tool.parameters, null, 2),
    strict: tool.strict,
    exposure: tool.exposure,
    fallback: tool.fallback,
    searchTextMode: tool.searchTextMode,
    searchTextExtra: tool.searchTextExtra,
    searchTextOverride: tool.searchTextOverride,
    mcpServer: tool.mcpServer ?? "",
    mcpTitle: tool.mcpTitle ?? "",
  };
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
  return {
    name: form.name.trim(),
    namespace: form.namespace.trim() || null,
    description: form.description,
    parameters: parseParameters(form.parametersText).value,
    strict: form.strict,
    exposure: form.exposure,
    fallback: form.fallback,
    searchTextMode: form.searchTextMode,
    searchTextExtra: form.searchTextExtra,
    searchTextOverride: form.searchTextOverride,
    mcpServer: form.mcpServer.trim() || null,
    mcpTitle: form.mcpTitle.trim() || null,
  };
}
export type ToolFormInput = ReturnType<typeof inputOf>;

/** Errors by field, computed in the browser with the same rules the server applies. */
export function formErrors(form: ToolForm): Partial<Record<ToolField | "parameters", string>> {
  const parsed = parseParameters(form.parametersText);
  const input = inputOf(form);
  const errors: Partial<Record<ToolField, string>> = {};
  const issues = checkToolFields({ ...input, parameters: parsed.value ?? {}, mcpServer: input.mcpServer, mcpTitle: input.mcpTitle });
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

export const FIELD_LABELS: Record<keyof ToolFormInput, string> = {
  name: "Name",
  namespace: "Namespace",
  description: "Description",
  parameters: "Parameters",
  strict: "Strict",
  exposure: "Exposure",
  fallback: "Fallback",
  searchTextMode: "Search text mode",
  searchTextExtra: "Extra search terms",
  searchTextOverride: "Override search text",
  mcpServer: "MCP server",
  mcpTitle: "MCP title",
};
