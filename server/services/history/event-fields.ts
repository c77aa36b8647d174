// Which fields of an audit event changed, under readable names, and whether anything changed at all.

export type Json = Record<string, unknown>;

export interface AuditEventLike {
  action: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

/** Bookkeeping recorded next to the change, never a change itself. */
const BOOKKEEPING = new Set(["id", "revision", "import", "bulk", "toolsRekeyed", "jsonText"]);

const LABELS: Record<string, string> = {
  key: "id",
  searchTextMode: "search text mode",
  searchTextExtra: "extra search terms",
  searchTextOverride: "search text override",
  mcpServer: "MCP server",
  mcpTitle: "MCP title",
  defaultLimit: "default limit",
  engineProfile: "ranking profile",
  expected: "expected tools",
  inputSchema: "input schema",
};

/** `searchTextExtra` → "extra search terms"; unknown camelCase names → words. */
export function fieldLabel(field: string): string {
  return LABELS[field] ?? field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

/** A value as the history shows it: text as is, lists joined, empty said in words. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === "") return "(empty)";
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((v) => typeof v === "string"))
    return value.length === 0 ? "(none)" : value.join(", ");
  return JSON.stringify(value, null, 2);
}

const asRecord = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose value differs between before and after, bookkeeping left out. */
export function changedFields(before: Json, after: Json) {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !BOOKKEEPING.has(f));
  return fields
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({
      field,
      label: fieldLabel(field),
      before: showValue(before[field]),
      after: showValue(after[field]),
    }));
}

/** An update that changed nothing (a save without edits, a bulk edit to the value a tool already had). */
export function isNoOpEvent(event: AuditEventLike): boolean {
  if (!event.action.endsWith(".updated")) return false;
  return changedFields(asRecord(event.before), asRecord(event.after)).length === 0;
}
