import { diffLines, diffWords } from "diff";
import { reviewDiffFields, TOOL, type ReviewDiffField } from "@/domain/tool";
import { canonicalJson, type SnapshotContent, type SnapshotTool } from "@/domain/snapshot/verify";
import { isSameJson } from "./same-content";

/** The review's diff rows: each tool field of domain/tool.ts shows its changes under one (or a row of its own). */
export const REVIEW_FIELDS = reviewDiffFields(TOOL) as ReviewDiffField[];

export interface DiffPart {
  kind: "same" | "added" | "removed";
  text: string;
}

export interface FieldDiff {
  field: ReviewDiffField;
  before: string;
  after: string;
  parts: DiffPart[];
}

export interface ToolChanges {
  added: Array<{ id: string; exposure: SnapshotTool["exposure"]; description: string }>;
  removed: Array<{ id: string; exposure: SnapshotTool["exposure"]; description: string }>;
  changed: Array<{ id: string; fields: FieldDiff[] }>;
  /** Tools changed in all (the `changed` list stops at the limit). */
  changedCount: number;
  namespaces: Array<{ name: string; before: string | null; after: string | null }>;
  engine: { before: string; after: string } | null;
}

/** Keeps the review readable and its payload bounded when a whole catalog changed at once. */
export const MAX_DIFFED_TOOLS = 200;
/** A diff that takes longer than this falls back to "all removed, all added" for that field. */
const DIFF_TIMEOUT_MS = 100;

/** The text a diff row compares; a field with a row of its own (`diff: "self"`) compares its snapshot value. */
export function fieldText(tool: SnapshotTool, field: string): string {
  switch (field) {
    case "description":
      return tool.spec.description;
    case "parameters":
      return JSON.stringify(JSON.parse(canonicalJson(tool.spec.parameters)), null, 2);
    case "exposure":
      return tool.exposure === "deferred" ? `deferred (fallback ${tool.fallback ?? "direct"})` : tool.exposure;
    case "searchText":
      return tool.searchText;
    case "namespace":
      return tool.namespace ?? "";
    case "strict":
      return String(tool.spec.strict);
    case "mcp":
      return tool.mcp ? [tool.mcp.server, tool.mcp.title].filter(Boolean).join(" · ") : "";
    default: {
      const value = (tool as Record<string, unknown>)[field] ?? (tool.spec as Record<string, unknown>)[field];
      return value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
    }
  }
}

export function textDiff(field: string, before: string, after: string): DiffPart[] {
  const options = { timeout: DIFF_TIMEOUT_MS };
  // Short settings read best as "old → new"; only prose and schemas get an inline diff.
  const changes =
    field === "parameters"
      ? diffLines(before, after, options)
      : field === "description" || field === "searchText"
        ? diffWords(before, after, options)
        : undefined;
  if (!changes)
    return [
      ...(before ? [{ kind: "removed" as const, text: before }] : []),
      ...(after ? [{ kind: "added" as const, text: after }] : []),
    ];
  return changes.map((c) => ({ kind: c.added ? "added" : c.removed ? "removed" : "same", text: c.value }));
}

const firstLine = (text: string) => text.split("\n")[0]!.slice(0, 200);

/** What changed between two catalog contents, tool by tool, with word diffs (line diffs for parameters). */
export function diffTools(
  before: SnapshotContent | null,
  after: SnapshotContent,
  limit = MAX_DIFFED_TOOLS,
): ToolChanges {
  const old = new Map((before?.tools ?? []).map((t) => [t.id, t]));
  const now = new Map(after.tools.map((t) => [t.id, t]));
  const summary = (t: SnapshotTool) => ({ id: t.id, exposure: t.exposure, description: firstLine(t.spec.description) });
  const added = after.tools.filter((t) => !old.has(t.id)).map(summary);
  const removed = (before?.tools ?? []).filter((t) => !now.has(t.id)).map(summary);
  const changed: ToolChanges["changed"] = [];
  let changedCount = 0;
  for (const tool of after.tools) {
    const previous = old.get(tool.id);
    if (!previous || isSameJson(previous, tool)) continue;
    changedCount++;
    if (changed.length >= limit) continue;
    const fields: FieldDiff[] = [];
    for (const field of REVIEW_FIELDS) {
      const a = fieldText(previous, field);
      const b = fieldText(tool, field);
      if (a !== b) fields.push({ field, before: a, after: b, parts: textDiff(field, a, b) });
    }
    changed.push({ id: tool.id, fields });
  }
  const oldNs = new Map((before?.namespaces ?? []).map((n) => [n.name, n.description]));
  const newNs = new Map(after.namespaces.map((n) => [n.name, n.description]));
  const namespaces = [...new Set([...oldNs.keys(), ...newNs.keys()])]
    .sort()
    .filter((name) => oldNs.get(name) !== newNs.get(name))
    .map((name) => ({ name, before: oldNs.get(name) ?? null, after: newNs.get(name) ?? null }));
  const engineText = (c: SnapshotContent) =>
    `${c.engine.profile} (k1 ${c.engine.k1}, b ${c.engine.b}, top ${c.engine.defaultLimit})`;
  const engine =
    before && engineText(before) !== engineText(after)
      ? { before: engineText(before), after: engineText(after) }
      : null;
  return { added, removed, changed, changedCount, namespaces, engine };
}
