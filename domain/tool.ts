// The one Tool definition: each editable field with its zod schema, default, label and where it lives (database
// column, snapshot, review diff, imports, editor). The router schemas, the editor's defaults, the SQL projection,
// the snapshot tool, and the import and diff field lists are derived from it (`domain/tool.test.ts` proves it).
// Pure: imports only zod and ./vocabulary.
import { z } from "zod";
import {
  exposureSchema,
  fallbackSchema,
  publishedExposureSchema,
  searchTextModeSchema,
  SEARCH_TEXT_MODE_DB,
} from "./vocabulary";

/**
 * A JSON object kept exactly as it came: `z.record` builds a new object and skips an own `__proto__` key, which
 * for a JSON Schema is a property like any other.
 */
export const jsonObjectSchema = z
  .custom<Record<string, unknown>>(
    (value) => typeof value === "object" && value !== null && !Array.isArray(value),
    "must be a JSON object",
  )
  .meta({ type: "object" });

/** MCP tool metadata beyond name, description and inputSchema, kept as the server sent it. */
export const mcpToolMetadataSchema = z.object({
  icons: z.array(z.unknown()).optional(),
  outputSchema: jsonObjectSchema.optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
  execution: z.record(z.string(), z.unknown()).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type McpToolMetadata = z.infer<typeof mcpToolMetadataSchema>;
/** The metadata fields, in the order MCP's Tool schema (and its TypeScript SDK's client) has them. */
export const MCP_METADATA_FIELDS = ["icons", "outputSchema", "annotations", "execution", "_meta"] as const;

/** The review's diff rows, in the order it shows them; a tool field names the row its changes show under. */
export const REVIEW_DIFF_FIELDS = [
  "description",
  "parameters",
  "exposure",
  "searchText",
  "namespace",
  "strict",
  "mcp",
] as const;
export type ReviewDiffField = (typeof REVIEW_DIFF_FIELDS)[number];

export interface ToolFieldSpec<S extends z.ZodType = z.ZodType> {
  /** What the API accepts (tRPC, catalog documents); lengths only stop absurd payloads, tool-rules.ts gives the precise rules. */
  schema: S;
  /** What the API returns for it (the tool detail). */
  output: z.ZodType;
  /** The value of a new tool that does not set it (server and editor alike). */
  default: z.output<S>;
  label: string;
  /**
   * The `Tool` column (same name as the field): `value` is read and written as is, `enum` is read as its text
   * label (`db` spells the values the database enum cannot hold), `json` is written as JSON text, `namespace` is
   * the relation to `Namespace` (by name).
   */
  column: { kind: "value" | "json" | "namespace" } | { kind: "enum"; db?: Readonly<Record<string, string>> };
  /**
   * Where a snapshot tool carries it: `tool` (a top-level key; a new one is left out at its default so older
   * snapshots keep their hash), `spec` (the function spec), `searchText` (folded into the effective search text),
   * `mcp` (the mcp object), or null (not published).
   */
  snapshot: { at: "tool" | "spec"; schema: z.ZodType } | { at: "searchText" | "mcp" } | null;
  /** The review diff row its changes show under; `self` = a row of its own; null = a change is a new tool id (name). */
  diff: ReviewDiffField | "self" | null;
  /** A re-import from a tool source updates it (the preview lists the change); `unlessNull`: null keeps the stored value. */
  imported: "always" | "unlessNull" | null;
  /** The editor's control; `nullableText` edits a name where blank means none; null = not edited in the form. */
  form: "text" | "nullableText" | "textarea" | "checkbox" | "select" | "json" | null;
}

type Snapshot = ToolFieldSpec["snapshot"];
type Imported = ToolFieldSpec["imported"];
type Form = ToolFieldSpec["form"];
/** Declares a field: checks its default against its schema and keeps every schema's own type. */
const field = <
  S extends z.ZodType,
  O extends z.ZodType,
  C extends ToolFieldSpec["column"],
  P extends Snapshot,
  I extends Imported,
  F extends Form,
>(
  spec: Omit<ToolFieldSpec<S>, "output" | "column" | "snapshot" | "imported" | "form"> & {
    output: O;
    column: C;
    snapshot: P;
    imported: I;
    form: F;
  },
) => spec;

// Lengths here only stop absurd payloads; validate-tool.ts gives the precise rules and messages.
const text = (max: number) => z.string().max(max, `at most ${max} characters`);
/** Blank means "none" for the optional names. */
const optionalName = z
  .string()
  .trim()
  .max(1000)
  .nullable()
  .transform((value) => value || null);

export const TOOL = {
  name: field({
    schema: z.string().trim().max(1000),
    output: z.string(),
    default: "",
    label: "Name",
    column: { kind: "value" },
    snapshot: { at: "spec", schema: z.string().min(1) },
    diff: null,
    imported: null,
    form: "text",
  }),
  namespace: field({
    schema: optionalName,
    output: z.string().nullable(),
    default: null,
    label: "Namespace",
    column: { kind: "namespace" },
    snapshot: { at: "tool", schema: z.string().nullable() },
    diff: "namespace",
    imported: null,
    form: "nullableText",
  }),
  description: field({
    schema: text(200_000),
    output: z.string(),
    default: "",
    label: "Description",
    column: { kind: "value" },
    snapshot: { at: "spec", schema: z.string() },
    diff: "description",
    imported: "always",
    form: "textarea",
  }),
  parameters: field({
    /** Checked by validate-tool.ts (object schema, ajv, sizes) so the message can say what to fix. */
    schema: z.unknown().transform((value) => value as Record<string, unknown>),
    output: jsonObjectSchema,
    default: { type: "object", properties: {} },
    label: "Parameters",
    column: { kind: "json" },
    snapshot: { at: "spec", schema: jsonObjectSchema },
    diff: "parameters",
    imported: "always",
    form: "json",
  }),
  strict: field({
    schema: z.boolean(),
    output: z.boolean(),
    default: false,
    label: "Strict",
    column: { kind: "value" },
    snapshot: { at: "spec", schema: z.boolean() },
    diff: "strict",
    imported: "always",
    form: "checkbox",
  }),
  exposure: field({
    schema: exposureSchema,
    output: exposureSchema,
    default: "deferred",
    label: "Exposure",
    column: { kind: "enum" },
    snapshot: { at: "tool", schema: publishedExposureSchema },
    diff: "exposure",
    imported: null,
    form: "select",
  }),
  fallback: field({
    schema: fallbackSchema,
    output: fallbackSchema,
    default: "direct",
    label: "Fallback",
    column: { kind: "enum" },
    /** For deferred tools only. */
    snapshot: { at: "tool", schema: fallbackSchema.optional() },
    diff: "exposure",
    imported: null,
    form: "select",
  }),
  searchTextMode: field({
    schema: searchTextModeSchema,
    output: searchTextModeSchema,
    default: "generated",
    label: "Search text mode",
    column: { kind: "enum", db: SEARCH_TEXT_MODE_DB },
    snapshot: { at: "searchText" },
    diff: "searchText",
    imported: null,
    form: "select",
  }),
  searchTextExtra: field({
    schema: text(200_000),
    output: z.string(),
    default: "",
    label: "Extra search terms",
    column: { kind: "value" },
    snapshot: { at: "searchText" },
    diff: "searchText",
    imported: null,
    form: "textarea",
  }),
  searchTextOverride: field({
    schema: text(200_000),
    output: z.string(),
    default: "",
    label: "Override search text",
    column: { kind: "value" },
    snapshot: { at: "searchText" },
    diff: "searchText",
    imported: null,
    form: "textarea",
  }),
  mcpServer: field({
    schema: optionalName,
    output: z.string().nullable(),
    default: null,
    label: "MCP server",
    column: { kind: "value" },
    snapshot: { at: "mcp" },
    diff: "mcp",
    imported: "unlessNull",
    form: "nullableText",
  }),
  mcpTitle: field({
    schema: optionalName,
    output: z.string().nullable(),
    default: null,
    label: "MCP title",
    column: { kind: "value" },
    snapshot: { at: "mcp" },
    diff: "mcp",
    imported: "always",
    form: "nullableText",
  }),
  mcpMetadata: field({
    /** MCP annotations, outputSchema, icons, _meta, execution as received; checked by tool-rules.ts. */
    schema: z.unknown().transform((value) => value as McpToolMetadata | null),
    output: z.record(z.string(), z.unknown()).nullable(),
    default: null,
    label: "MCP metadata",
    column: { kind: "json" },
    snapshot: { at: "mcp" },
    diff: "mcp",
    imported: "always",
    form: null,
  }),
} as const satisfies Record<string, ToolFieldSpec>;

/** Any tool definition: the real one is `TOOL`; tests extend it to prove every derived list follows. */
export type ToolDefinition = Readonly<Record<string, ToolFieldSpec>>;
export type ToolFieldName = keyof typeof TOOL;
/** The editable fields of a tool, in API form (`namespace` is a name; null = none). */
export type ToolValues = { -readonly [K in ToolFieldName]: z.output<(typeof TOOL)[K]["schema"]> };

const namesOf = <D extends ToolDefinition>(def: D) => Object.keys(def) as Array<keyof D & string>;
const entriesOf = (def: ToolDefinition) => Object.entries(def) as Array<[string, ToolFieldSpec]>;

export const TOOL_FIELD_NAMES = namesOf(TOOL);

/** The router's input object: every field with its schema, in definition order. */
export function toolInputShape<D extends ToolDefinition>(def: D): { [K in keyof D]: D[K]["schema"] } {
  return Object.fromEntries(entriesOf(def).map(([name, spec]) => [name, spec.schema])) as never;
}

/** The router's output fields of a stored tool. */
export function toolOutputShape<D extends ToolDefinition>(def: D): { [K in keyof D]: D[K]["output"] } {
  return Object.fromEntries(entriesOf(def).map(([name, spec]) => [name, spec.output])) as never;
}

/** A new tool's values: a fresh copy of every default (objects included, so nobody shares one). */
export function toolDefaults<D extends ToolDefinition>(def: D): { -readonly [K in keyof D]: z.output<D[K]["schema"]> } {
  return Object.fromEntries(entriesOf(def).map(([name, spec]) => [name, structuredClone(spec.default)])) as never;
}

export const toolLabels = (def: ToolDefinition): Record<string, string> =>
  Object.fromEntries(entriesOf(def).map(([name, spec]) => [name, spec.label]));

/** The snapshot schemas of the fields a snapshot tool carries at `at` (`tool` or `spec`). */
export type SnapshotSchemasAt<D extends ToolDefinition, A extends "tool" | "spec"> = {
  -readonly [K in keyof D as D[K]["snapshot"] extends { at: A } ? K : never]: D[K]["snapshot"] extends {
    schema: infer Z;
  }
    ? Z
    : never;
};

/** The fields a snapshot tool carries at `at`, in definition order. */
export const snapshotFields = (def: ToolDefinition, at: "tool" | "spec" | "searchText" | "mcp") =>
  entriesOf(def)
    .filter(([, spec]) => spec.snapshot?.at === at)
    .map(([name]) => name);

/** The review's diff rows: the built-in rows some field shows under, then a row per `self` field. */
export function reviewDiffFields(def: ToolDefinition): string[] {
  const used = new Set(entriesOf(def).map(([, spec]) => spec.diff));
  return [
    ...REVIEW_DIFF_FIELDS.filter((row) => used.has(row)),
    ...entriesOf(def)
      .filter(([, spec]) => spec.diff === "self")
      .map(([name]) => name),
  ];
}

/** The fields a re-import from a tool source updates (and its preview compares). */
export const importedFields = (def: ToolDefinition) =>
  entriesOf(def)
    .filter(([, spec]) => spec.imported !== null)
    .map(([name]) => name);

/** The fields the editor's form edits. */
export const formFields = (def: ToolDefinition) =>
  entriesOf(def)
    .filter(([, spec]) => spec.form !== null)
    .map(([name]) => name);

export const TOOL_IMPORTED_FIELDS = importedFields(TOOL) as Array<ToolImportedField>;
export type ToolImportedField = {
  [K in ToolFieldName]: (typeof TOOL)[K]["imported"] extends null ? never : K;
}[ToolFieldName];
