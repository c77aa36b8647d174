// The fields an upstream change can hold back (docs/upstream-review.md): the imported fields of domain/tool.ts, read
// from a published snapshot tool in the form the Tool row stores them, so a held tool's row can be patched with them.
import { TOOL, TOOL_IMPORTED_FIELDS, type ToolImportedField } from "@/domain/tool";
import { MCP_METADATA_FIELDS, type SnapshotTool } from "@/domain/snapshot/verify";
import { isSameJson } from "./same-content";

/** Field → value, for the held fields only. */
export type HeldValues = Partial<Record<ToolImportedField, unknown>>;

function metadataOf(mcp: SnapshotTool["mcp"]): Record<string, unknown> | null {
  const present = MCP_METADATA_FIELDS.filter((field) => mcp?.[field] !== undefined);
  return present.length > 0 ? Object.fromEntries(present.map((field) => [field, mcp![field]])) : null;
}

/** Where each imported field sits in a snapshot tool (a new imported field fails to compile until it is placed). */
const PUBLISHED: Record<ToolImportedField, (tool: SnapshotTool) => unknown> = {
  description: (tool) => tool.spec.description,
  parameters: (tool) => tool.spec.parameters,
  strict: (tool) => tool.spec.strict,
  mcpServer: (tool) => tool.mcp?.server ?? null,
  mcpTitle: (tool) => tool.mcp?.title ?? null,
  mcpMetadata: (tool) => metadataOf(tool.mcp),
};

/** The published values of `fields` of a snapshot tool, in row form. */
export function publishedValues(tool: SnapshotTool, fields: readonly ToolImportedField[]): HeldValues {
  return Object.fromEntries(fields.map((field) => [field, PUBLISHED[field](tool)]));
}

/**
 * Two values of a field are the same when they publish the same: MCP metadata as the snapshot carries it (its
 * known fields, in MCP's order), everything else as JSON with key order ignored (a snapshot's hash ignores it too).
 */
export function isSameValue(field: ToolImportedField, a: unknown, b: unknown): boolean {
  if (field === "mcpMetadata") {
    const pick = (v: unknown) => metadataOf((v ?? {}) as SnapshotTool["mcp"]);
    return isSameJson(pick(a), pick(b));
  }
  return isSameJson(a ?? null, b ?? null);
}

export const isHeldField = (field: string): field is ToolImportedField =>
  (TOOL_IMPORTED_FIELDS as string[]).includes(field);

export const heldFieldLabel = (field: ToolImportedField) => TOOL[field].label;
