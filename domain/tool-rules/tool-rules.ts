// The tool rules that need no code generation, so the editor runs them in the browser as you type
// (the app's CSP forbids eval, which ajv needs). validate-tool.ts adds ajv's meta-schema and $ref checks
// on the server. Every message names the field and says what to change.
import type { ToolFieldName } from "../tool";
import { checkMcpMetadata } from "./mcp-metadata";
import { checkStrictSchema, findBadPatterns, findUnknownTypes, findUnresolvedRefs, jsonDepth } from "./schema-walk";

/** OpenAI and Anthropic both accept function/tool names matching this; namespace names follow the same rule. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export const TOOL_LIMITS = {
  nameChars: 64,
  descriptionBytes: 16 * 1024,
  parametersBytes: 64 * 1024,
  schemaDepth: 32,
  searchTextBytes: 16 * 1024,
  mcpServerChars: 128,
  mcpTitleChars: 256,
} as const;

export interface ToolIssue {
  field: ToolFieldName;
  message: string;
}

export interface ToolFields {
  name: string;
  namespace: string | null;
  description: string;
  parameters: unknown;
  strict: boolean;
  searchTextExtra: string;
  searchTextOverride: string;
  mcpServer: string | null;
  mcpTitle: string | null;
  /** MCP annotations, outputSchema, icons, _meta, execution as received (see mcp-metadata.ts). */
  mcpMetadata: unknown;
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;
const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

/** Why `name` is not a valid tool (or namespace) name for OpenAI and Anthropic, or null when it is. */
export function checkToolName(name: string, what: "Tool name" | "Namespace name" = "Tool name"): string | null {
  if (name.length === 0) return `${what} is required.`;
  if (name.length > TOOL_LIMITS.nameChars) {
    return `${what} is ${name.length} characters; OpenAI and Anthropic allow at most 64 (rule ^[a-zA-Z0-9_-]{1,64}$).`;
  }
  const bad = [...new Set([...name].filter((ch) => !/[a-zA-Z0-9_-]/.test(ch)))];
  if (bad.length > 0) {
    const shown = bad
      .slice(0, 5)
      .map((ch) => (ch === " " ? "a space" : `"${ch}"`))
      .join(", ");
    return `${what} "${name}" contains ${shown}; OpenAI and Anthropic allow only letters, digits, "_" and "-" (rule ^[a-zA-Z0-9_-]{1,64}$).`;
  }
  return null;
}

/** Issues with a parameters schema that need no JSON Schema engine: shape, size, depth, unknown types. */
export function checkParametersShape(parameters: unknown): string[] {
  if (parameters === null || typeof parameters !== "object" || Array.isArray(parameters)) {
    return ['Parameters must be a JSON object schema, e.g. {"type": "object", "properties": {}}.'];
  }
  const schema = parameters as Record<string, unknown>;
  const size = byteLength(JSON.stringify(schema));
  if (size > TOOL_LIMITS.parametersBytes)
    return [`Parameters are ${kb(size)}; the limit is 64 KB. Move long explanations into the description.`];
  const depth = jsonDepth(schema, TOOL_LIMITS.schemaDepth + 1);
  if (depth > TOOL_LIMITS.schemaDepth)
    return [`Parameters nest deeper than ${TOOL_LIMITS.schemaDepth} levels; flatten the schema.`];
  if (schema.type !== "object") {
    return [
      `Parameters must be an object schema: the top level needs "type": "object" (found ${schema.type === undefined ? "no type" : JSON.stringify(schema.type)}).`,
    ];
  }
  const unknownTypes = findUnknownTypes(schema);
  if (unknownTypes.length > 0) {
    const first = unknownTypes[0]!;
    return [
      `Unknown type ${JSON.stringify(first.type)} at ${first.path || "/"}; JSON Schema types are string, number, integer, boolean, object, array and null.`,
    ];
  }
  const badPattern = findBadPatterns(schema)[0];
  if (badPattern) return [`Invalid regular expression at ${badPattern.path}: ${badPattern.message}.`];
  const unresolved = findUnresolvedRefs(schema)[0];
  if (unresolved) {
    return [
      `${JSON.stringify(unresolved.ref)} at ${unresolved.path} does not resolve inside the schema; define it under $defs (tool schemas must be self-contained).`,
    ];
  }
  return [];
}

/**
 * All issues with the given fields (only those present are checked); `checkSchema` adds checks of a
 * parameters schema that passed the shape rules (the server passes ajv's).
 */
export function checkToolFields(
  fields: Partial<ToolFields>,
  checkSchema: (schema: Record<string, unknown>) => string[] = () => [],
): ToolIssue[] {
  const issues: ToolIssue[] = [];
  const add = (field: ToolFieldName, message: string | null | undefined) => {
    if (message) issues.push({ field, message });
  };
  if (fields.name !== undefined) add("name", checkToolName(fields.name));
  if (fields.namespace !== undefined && fields.namespace !== null)
    add("namespace", checkToolName(fields.namespace, "Namespace name"));
  if (fields.description !== undefined) {
    const size = byteLength(fields.description);
    if (size > TOOL_LIMITS.descriptionBytes) add("description", `Description is ${kb(size)}; the limit is 16 KB.`);
  }
  if (fields.parameters !== undefined) {
    const shapeProblems = checkParametersShape(fields.parameters);
    const problems =
      shapeProblems.length > 0 ? shapeProblems : checkSchema(fields.parameters as Record<string, unknown>);
    for (const message of problems) add("parameters", message);
    if (problems.length === 0 && fields.strict)
      add("strict", checkStrictSchema(fields.parameters as Record<string, unknown>)[0]);
  }
  for (const field of ["searchTextExtra", "searchTextOverride"] as const) {
    const text = fields[field];
    if (text !== undefined && byteLength(text) > TOOL_LIMITS.searchTextBytes)
      add(field, `Search text is ${kb(byteLength(text))}; the limit is 16 KB.`);
  }
  if (fields.mcpServer && fields.mcpServer.length > TOOL_LIMITS.mcpServerChars)
    add("mcpServer", "MCP server name is longer than 128 characters.");
  if (fields.mcpTitle && fields.mcpTitle.length > TOOL_LIMITS.mcpTitleChars)
    add("mcpTitle", "MCP title is longer than 256 characters.");
  if (fields.mcpMetadata !== undefined) add("mcpMetadata", checkMcpMetadata(fields.mcpMetadata));
  return issues;
}
