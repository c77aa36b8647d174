// Tool validation shared by the tool services, import and the agent paths: the rules of tool-rules.ts
// (which the editor also runs in the browser) plus ajv's JSON Schema checks, draft 2020-12 and draft-07.
import Ajv07 from "ajv";
import Ajv2020 from "ajv/dist/2020";
import { AppError } from "../../errors";
import {
  checkParametersShape,
  checkToolFields,
  type ToolFields,
  type ToolIssue,
} from "../../../domain/tool-rules/tool-rules";

export {
  checkToolName,
  TOOL_LIMITS,
  TOOL_NAME_PATTERN,
  type ToolFields,
  type ToolIssue,
} from "../../../domain/tool-rules/tool-rules";

const ajvOptions = { strict: false, allErrors: false, validateFormats: false, logger: false } as const;
let ajv2020: Ajv2020 | null = null;
let ajv07: Ajv07 | null = null;
const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;
const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

/** The ajv instance for the schema's `$schema` (2020-12 when absent), or a message when unsupported. */
function ajvFor(schema: Record<string, unknown>): Ajv2020 | Ajv07 | string {
  const declared = schema.$schema;
  if (declared === undefined || (typeof declared === "string" && DRAFT_2020.test(declared))) {
    return (ajv2020 ??= new Ajv2020(ajvOptions));
  }
  if (typeof declared === "string" && DRAFT_07.test(declared)) return (ajv07 ??= new Ajv07(ajvOptions));
  return `parameters.$schema ${JSON.stringify(declared)} is not supported; use draft 2020-12 (https://json-schema.org/draft/2020-12/schema), draft-07 (http://json-schema.org/draft-07/schema#), or leave $schema out.`;
}

/**
 * ajv's verdict on a schema that passed the shape rules (which already resolved its $refs): a supported draft
 * and a valid schema by the draft's meta-schema. Not compiled: generating a validator costs up to seconds
 * for large recursive schemas and only proves what the rules already checked.
 */
function checkWithAjv(schema: Record<string, unknown>): string[] {
  const ajv = ajvFor(schema);
  if (typeof ajv === "string") return [ajv];
  if (!ajv.validateSchema(schema)) {
    const error = ajv.errors?.[0];
    const where = error?.instancePath || "/";
    return [`Invalid JSON Schema at ${where}: ${error?.message ?? "does not match the meta-schema"}.`];
  }
  return [];
}

/** Issues with a parameters JSON Schema: shape, size, depth, unknown types, then ajv's meta-schema and $ref checks. */
export function checkParameters(parameters: unknown): string[] {
  const shape = checkParametersShape(parameters);
  return shape.length > 0 ? shape : checkWithAjv(parameters as Record<string, unknown>);
}

/** All issues with the given fields (only those present are checked). */
export function validateToolFields(fields: Partial<ToolFields>): ToolIssue[] {
  return checkToolFields(fields, checkWithAjv);
}

/** Throws INVALID_INPUT (first message; every issue by field in `details.fields`) when any field is invalid. */
export function assertValidTool(fields: Partial<ToolFields>): void {
  const issues = validateToolFields(fields);
  if (issues.length === 0) return;
  const byField: Record<string, string> = {};
  for (const issue of issues) byField[issue.field] ??= issue.message;
  throw new AppError("INVALID_INPUT", issues[0]!.message, { fields: byField });
}
