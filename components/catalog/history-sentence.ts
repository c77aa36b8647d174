import { canonicalJson } from "@/sdk/snapshot";

type Json = Record<string, unknown>;
export const asRecord = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));
const num = (v: unknown) => (typeof v === "number" ? v : 0);
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** Fields that are bookkeeping, not content: never listed as a change. */
const SKIP = new Set(["id", "revision", "import", "bulk", "regressions", "catalog", "prefix"]);

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface EventSentence {
  /** "changed tool", "published version 3": follows the person's name. */
  text: string;
  /** The tool, query or token it was about, shown in monospace (linked for tools). */
  subject: string | null;
  /** Extra plain facts ("note: …", "3 created, 1 updated"). */
  details: string[];
  /** Fields that changed value (updates) or were set (creations). */
  fields: FieldChange[];
}

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** Fields whose value differs; an update whose fields are all equal is a no-op and is not shown. */
export function changedFields(before: Json, after: Json, isUpdate: boolean): FieldChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !SKIP.has(f));
  return names.filter((f) => !isUpdate || !same(before[f], after[f])).map((field) => ({ field, before: before[field], after: after[field] }));
}

/** Every event type as a sentence, in the words the pages use. */
export function describeEvent(action: string, beforeValue: unknown, afterValue: unknown): EventSentence | null {
  const before = asRecord(beforeValue);
  const after = asRecord(afterValue);
  const [type = "", verb = ""] = action.split(".");
  const isUpdate = verb === "updated";
  const fields = changedFields(before, after, isUpdate);
  if (isUpdate && fields.length === 0) return null;
  const named = str(after.key ?? before.key ?? after.name ?? before.name) || null;
  const via = after.import ? ` (import from ${str(after.import) === "true" ? "a tools list" : str(after.import)})` : after.bulk ? " (bulk change)" : "";
  const noun = { tool: "tool", namespace: "namespace", golden: "golden query", agent_token: "agent token" }[type];
  if (type === "golden" && verb === "imported") {
    const parts = [`${num(after.created)} created`, `${num(after.updated)} updated`, `${num(after.unchanged)} unchanged`];
    if (num(after.leftOut) > 0) parts.push(`${num(after.leftOut)} left out (no known tool)`);
    if (num(after.unknown) > 0) parts.push(`unknown tool ids ${after.unknownIds === "drop" ? "left out" : "kept"}`);
    return { text: "imported golden queries", subject: null, details: [parts.join(", ")], fields: [] };
  }
  if (type === "golden") {
    const query = str(after.query ?? before.query);
    const text = { created: "added the golden query", updated: "changed the golden query", deleted: "deleted the golden query" }[verb] ?? `${verb} the golden query`;
    return { text, subject: query || null, details: [], fields: verb === "created" || verb === "deleted" ? [] : fields.filter((f) => f.field !== "query" || !same(f.before, f.after)) };
  }
  if (type === "snapshot") {
    const details = [str(after.note) && `note: ${str(after.note)}`, str(after.reason) && `published despite worse rankings: ${str(after.reason)}`].filter(Boolean) as string[];
    const text = after.rolledBackFrom ? `rolled back to version ${num(after.rolledBackFrom)}'s content, as version ${num(after.version)}` : `published version ${num(after.version)}`;
    return { text, subject: null, details, fields: [] };
  }
  if (type === "catalog") {
    if (verb === "imported") {
      const source = str(after.mcpServer) ? ` from the MCP server ${str(after.mcpServer)}` : "";
      const skipped = num(after.skipped) > 0 ? `, ${num(after.skipped)} skipped` : "";
      return { text: `imported tools${source}`, subject: null, details: [`${count(num(after.created), "new tool")}, ${num(after.updated)} changed, ${num(after.unchanged)} unchanged${skipped}`], fields: [] };
    }
    const text = { created: "created the catalog", updated: "changed the catalog settings", archived: "deleted (archived) the catalog" }[verb] ?? `${verb} the catalog`;
    return { text, subject: null, details: [], fields: verb === "updated" ? fields : [] };
  }
  if (type === "agent_token") {
    const text = verb === "revoked" ? "revoked the agent token" : "created the agent token";
    return { text, subject: str(after.name ?? before.name) || null, details: [], fields: [] };
  }
  const verbText = { created: "created", updated: "changed", deleted: "deleted" }[verb] ?? verb.replace(/_/g, " ");
  return { text: `${verbText} ${noun ?? type.replace(/_/g, " ")}${via}`, subject: named, details: [], fields: verb === "deleted" ? [] : fields };
}
