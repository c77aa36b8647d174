// The shapes of the catalog check (docs/catalog-check.md): what a rule reads (CheckTool) and what it reports
// (Finding). Pure: the server, the CLI, the editor and the SDK share them.
import { z } from "zod";

export const CHECK_CATEGORIES = ["quality", "findability", "confusion", "safety"] as const;
export type CheckCategory = (typeof CHECK_CATEGORIES)[number];

/** Ordered from the most to the least severe (`severityRank`). */
export const CHECK_SEVERITIES = ["error", "warning", "info"] as const;
export type CheckSeverity = (typeof CHECK_SEVERITIES)[number];

/** The six components of a tool description scored by "MCP Tool Descriptions Are Smelly!" (arXiv 2602.14878). */
export const QUALITY_COMPONENTS = ["purpose", "guidelines", "limitations", "parameters", "length", "examples"] as const;
export type QualityComponent = (typeof QUALITY_COMPONENTS)[number];

export const checkSeveritySchema = z.enum(CHECK_SEVERITIES);
export const checkCategorySchema = z.enum(CHECK_CATEGORIES);

/** 0 for error, 1 for warning, 2 for info: `severityRank(a) <= severityRank(b)` means a is at least as severe. */
export function severityRank(severity: CheckSeverity): number {
  return CHECK_SEVERITIES.indexOf(severity);
}

/** What the check reads of a tool: the definition an agent sees, plus the MCP hints and the indexed text. */
export interface CheckTool {
  /** `namespace.name`, or `name` without a namespace: how findings and requests name the tool. */
  id: string;
  namespace: string | null;
  name: string;
  description: string;
  /** The JSON Schema of the arguments (anything: a malformed schema is read as having no parameters). */
  parameters: unknown;
  /** MCP `annotations` (readOnlyHint, destructiveHint, …) when the tool came from an MCP server. */
  annotations?: Record<string, unknown> | null;
  /** The MCP server the tool came from; tools of different servers are "other servers" for name imitation. */
  mcpServer?: string | null;
  /** The text the engine indexes; defaults to the generated search text. */
  searchText?: string;
}

/**
 * Where in a tool's text a finding points: `field` is `description`, `name`, `parameters.<property path>` (its
 * description), `parameters.<property path>#name`, `#title`, `#default` or `#examples`, or `parameters#description` /
 * `parameters#title` (the schema's own).
 */
export interface TextSpan {
  field: string;
  /** UTF-16 offsets into that field's text, end exclusive. */
  start: number;
  end: number;
  text: string;
}

export interface FindingEvidence {
  spans?: TextSpan[];
  /** Other tools involved (confusion, name imitation), by id. */
  tools?: string[];
  /** Words that would have matched (findability) or that tell two tools apart (confusion), per tool id. */
  words?: Record<string, string[]>;
  /** The requests that show the finding (findability, confusion): open them in the Playground. */
  requests?: string[];
}

/**
 * A deterministic fix: the fields to set on the tool, as a patch an editor applies as-is (`description` and
 * `parameters` replaced, `annotations` merged into the MCP annotations).
 */
export interface FindingFix {
  label: string;
  patch: { description?: string; parameters?: Record<string, unknown>; annotations?: Record<string, boolean> };
}

export interface Finding {
  /** The tool the finding is about. */
  toolId: string;
  rule: string;
  category: CheckCategory;
  severity: CheckSeverity;
  /** For quality findings: which of the six components. */
  component?: QualityComponent;
  /** Says what is wrong and what to change. */
  message: string;
  evidence: FindingEvidence;
  fix?: FindingFix;
}

/** A request an agent sent (traffic) or a curator wrote (golden), and the tool that should answer it. */
export interface CheckRequest {
  query: string;
  toolId: string;
  source: "golden" | "traffic";
}

const spanSchema = z.object({ field: z.string(), start: z.number(), end: z.number(), text: z.string() });

/** A Finding as an API answers it (the editor's catalog-wide findings). */
export const findingSchema = z.object({
  toolId: z.string(),
  rule: z.string(),
  category: checkCategorySchema,
  severity: checkSeveritySchema,
  component: z.enum(QUALITY_COMPONENTS).optional(),
  message: z.string(),
  evidence: z.object({
    spans: z.array(spanSchema).optional(),
    tools: z.array(z.string()).optional(),
    words: z.record(z.string(), z.array(z.string())).optional(),
    requests: z.array(z.string()).optional(),
  }),
  fix: z
    .object({
      label: z.string(),
      patch: z.object({
        description: z.string().optional(),
        parameters: z.record(z.string(), z.unknown()).optional(),
        annotations: z.record(z.string(), z.boolean()).optional(),
      }),
    })
    .optional(),
});

const optionalText = z.string().nullish();

/** A tool line as the CLI and import read it (`{"namespace","name","description","parameters"}` and MCP extras). */
export const checkToolInputSchema = z.object({
  namespace: optionalText,
  name: z.string().min(1, "name must be a non-empty string"),
  description: z.string().default(""),
  parameters: z.unknown().optional(),
  inputSchema: z.unknown().optional(),
  annotations: z.record(z.string(), z.unknown()).nullish(),
  mcpServer: optionalText,
  server: optionalText,
});
export type CheckToolInput = z.input<typeof checkToolInputSchema>;

/** A tool line (corpus format, or an MCP `tools/list` entry with a namespace) as a CheckTool. */
export function toCheckTool(input: CheckToolInput): CheckTool {
  const row = checkToolInputSchema.parse(input);
  const namespace = row.namespace ? row.namespace : null;
  return {
    id: namespace ? `${namespace}.${row.name}` : row.name,
    namespace,
    name: row.name,
    description: row.description,
    parameters: row.parameters ?? row.inputSchema ?? { type: "object", properties: {} },
    annotations: row.annotations ?? null,
    mcpServer: row.mcpServer ?? row.server ?? null,
  };
}
