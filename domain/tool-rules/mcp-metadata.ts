// MCP tool metadata beyond name, description and inputSchema (https://modelcontextprotocol.io/specification/
// 2025-11-25/server/tools): kept as the server sent it, key order included, so an MCP export gives it back as
// received. Pure: the editor runs the check in the browser too.
import { MCP_METADATA_FIELDS, type McpToolMetadata } from "../snapshot/verify";

export { MCP_METADATA_FIELDS, type McpToolMetadata };

/** The behaviour hints MCP defines in `annotations`, as the editor labels them. */
export const MCP_HINTS = [
  { key: "readOnlyHint", label: "read-only" },
  { key: "destructiveHint", label: "destructive" },
  { key: "idempotentHint", label: "idempotent" },
  { key: "openWorldHint", label: "open world" },
] as const;

export const MCP_METADATA_LIMIT_BYTES = 64 * 1024;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The metadata fields of an MCP `tools/list` entry, in the order the server wrote them; null when it has none. */
export function readMcpMetadata(entry: Record<string, unknown>): McpToolMetadata | null {
  const fields = Object.keys(entry).filter(
    (key) => (MCP_METADATA_FIELDS as readonly string[]).includes(key) && entry[key] !== undefined,
  );
  return fields.length ? (Object.fromEntries(fields.map((key) => [key, entry[key]])) as McpToolMetadata) : null;
}

/** Why a stored metadata value is unusable, or null when it is fine. */
export function checkMcpMetadata(value: unknown): string | null {
  if (value === null) return null;
  if (!isRecord(value))
    return "MCP metadata must be an object with annotations, outputSchema, icons, _meta or execution.";
  const unknown = Object.keys(value).find((key) => !(MCP_METADATA_FIELDS as readonly string[]).includes(key));
  if (unknown !== undefined)
    return `MCP metadata has an unknown field "${unknown}"; the fields are ${MCP_METADATA_FIELDS.join(", ")}.`;
  for (const key of ["annotations", "outputSchema", "_meta", "execution"] as const) {
    if (value[key] !== undefined && !isRecord(value[key])) return `MCP ${key} must be a JSON object.`;
  }
  if (value.icons !== undefined && !Array.isArray(value.icons)) return "MCP icons must be an array.";
  if (isRecord(value.outputSchema) && value.outputSchema.type !== "object")
    return 'MCP outputSchema must be an object schema ("type": "object").';
  const size = new TextEncoder().encode(JSON.stringify(value)).length;
  if (size > MCP_METADATA_LIMIT_BYTES) return `MCP metadata is ${Math.ceil(size / 1024)} KB; the limit is 64 KB.`;
  return null;
}

/** The hints a tool's annotations set to true or false (absent ones are left out), for badges. */
export function mcpHints(
  metadata: McpToolMetadata | null | undefined,
): Array<{ key: string; label: string; value: boolean }> {
  const annotations = metadata?.annotations ?? {};
  return MCP_HINTS.filter((hint) => typeof annotations[hint.key] === "boolean").map((hint) => ({
    ...hint,
    value: annotations[hint.key] as boolean,
  }));
}
