// An audit event as a sentence: "Ana changed the exposure of tool crm.refund", "Ana published version 3". Every
// action the services record has its own wording; an action added later reads as "<verb> <noun>" until it gets one.
import { plural } from "@/components/ui/plural";
import {
  changedFields,
  fieldLabel,
  isNoOpEvent,
  showValue,
  type AuditEventLike,
  type Json,
} from "@/server/services/history/event-fields";

export interface FieldChange {
  field: string;
  label: string;
  /** Absent when the event has no value on that side (a creation's before). */
  before?: string;
  after?: string;
}

export interface DescribedEvent {
  /** What was done, after the actor's name: "changed", "published version 3". */
  verb: string;
  /** The thing it was done to, shown in monospace (a tool id, a namespace) or quoted (a golden query). */
  subject?: { text: string; style: "code" | "quote" | "plain"; toolId?: string };
  /** The rest of the sentence: " (imported from MCP)", ": 3 created, 1 updated". */
  details: string;
  changes: FieldChange[];
  /** A content hash to show in monospace with a copy button. */
  hash?: string;
  /** True for an action without its own wording (read from its name). */
  isGeneric?: boolean;
}

const asRecord = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown) => (typeof v === "string" ? v : v == null ? "" : String(v));
const list = (v: unknown) => (Array.isArray(v) ? v.map(str) : []);
const counts = (parts: Array<[number, string]>) =>
  parts
    .filter(([n]) => n > 0)
    .map(([n, text]) => `${n} ${text}`)
    .join(", ");

function fieldList(changes: FieldChange[]): string {
  const labels = changes.map((c) => c.label);
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

function expecting(expected: string[]): string {
  return expected.length === 0 ? "expecting no tool to match" : `expecting ${expected.join(", ")}`;
}

const SOURCES: Record<string, string> = {
  mcp: "an MCP tools list",
  openai: "OpenAI tool definitions",
  anthropic: "Anthropic tool definitions",
};
const sourceOf = (format: unknown) => SOURCES[str(format)] ?? (format ? `${str(format)} JSON` : "a file");

function via(after: Json): string {
  if (after.import) return ` (imported${typeof after.import === "string" ? ` from ${sourceOf(after.import)}` : ""})`;
  return after.bulk ? " (bulk edit)" : "";
}

function describeTool(event: AuditEventLike, before: Json, after: Json): DescribedEvent {
  const key = str(after.key ?? before.key ?? after.name ?? before.name);
  const subject = { text: key, style: "code" as const, toolId: event.targetId };
  if (event.action === "tool.created") return { verb: "created tool", subject, details: via(after), changes: [] };
  if (event.action === "tool.deleted") return { verb: "deleted tool", subject, details: "", changes: [] };
  const changes = changedFields(before, after);
  const upstream = UPSTREAM_REVIEW[event.action];
  if (upstream) return { verb: upstream.verb(fieldList(changes)), subject, details: upstream.details(after), changes };
  return { verb: `changed the ${fieldList(changes)} of tool`, subject, details: via(after), changes };
}

/** Upstream changes to published tools held for review (rug pulls): before is the approved form, after upstream's. */
const UPSTREAM_REVIEW: Record<string, { verb: (fields: string) => string; details: (after: Json) => string }> = {
  "tool.upstream_marked": {
    verb: (fields) => `held for review an upstream change to the ${fields} of tool`,
    details: (after) => `${via(after)}; the next version keeps the approved form until an editor approves`,
  },
  "tool.upstream_approved": {
    verb: (fields) => `approved the upstream change to the ${fields} of tool`,
    details: () => "",
  },
  "tool.upstream_rejected": {
    verb: (fields) => `rejected the upstream change to the ${fields} of tool`,
    details: () => " (the approved form is back in the draft)",
  },
  "tool.upstream_released": {
    verb: () => "released the hold on tool",
    details: () => " (upstream went back to the approved form)",
  },
};

/** A scheduled check's findings: "2 new, 1 changed, 1 no longer listed". */
const sourceChange = (c: Json) =>
  counts([
    [Number(c.new ?? 0), "new"],
    [Number(c.changed ?? 0), "changed"],
    [Number(c.conflict ?? 0), "in conflict"],
    [Number(c.removed ?? 0), "no longer listed"],
  ]);

function describeNamespace(event: AuditEventLike, before: Json, after: Json): DescribedEvent {
  const name = str(after.name ?? before.name ?? after.namespace ?? before.namespace);
  const subject = { text: name, style: "code" as const };
  if (event.action === "namespace.source_changed")
    return {
      verb: "found upstream changes (nothing applied) in the source of namespace",
      subject,
      details: `: ${sourceChange(after)}`,
      changes: [],
    };
  if (event.action === "namespace.source_change_dismissed")
    return { verb: "dismissed the “source changed” mark of namespace", subject, details: "", changes: [] };
  if (event.action === "namespace.created")
    return { verb: "created namespace", subject, details: via(after), changes: [] };
  if (event.action === "namespace.deleted") return { verb: "deleted namespace", subject, details: "", changes: [] };
  const changes = changedFields(before, after).filter((c) => c.field !== "toolsRekeyed");
  const rekeyed =
    typeof after.toolsRekeyed === "number" && after.toolsRekeyed > 0
      ? ` (${plural(after.toolsRekeyed, "tool")} re-keyed)`
      : "";
  if (changes.length === 1 && changes[0]!.field === "name")
    return { verb: `renamed namespace ${str(before.name)} to`, subject, details: rekeyed, changes: [] };
  return { verb: `changed the ${fieldList(changes)} of namespace`, subject, details: rekeyed, changes };
}

function describeGolden(event: AuditEventLike, before: Json, after: Json): DescribedEvent {
  if (event.action === "golden.imported") {
    const summary = counts([
      [Number(after.created ?? 0), "added"],
      [Number(after.updated ?? 0), "changed"],
      [Number(after.unchanged ?? 0), "unchanged"],
    ]);
    const unknownIds = list(after.unknownIds);
    const unknown = unknownIds.length > 0 ? `; left out unknown tool ids ${unknownIds.join(", ")}` : "";
    return {
      verb: "imported golden queries",
      details: `${summary ? `: ${summary}` : " (nothing new)"}${unknown}`,
      changes: [],
    };
  }
  const query = { text: str(after.query ?? before.query), style: "quote" as const };
  if (event.action === "golden.created")
    return { verb: "added golden query", subject: query, details: ` ${expecting(list(after.expected))}`, changes: [] };
  if (event.action === "golden.deleted")
    return { verb: "deleted golden query", subject: query, details: "", changes: [] };
  const changes = changedFields(before, after);
  return { verb: `changed the ${fieldList(changes)} of golden query`, subject: query, details: "", changes };
}

const REQUEST_VERBS: Record<string, string> = {
  "snapshot.publish_requested": "asked to publish the draft",
  "snapshot.publish_refused": "refused the publish request",
  "snapshot.publish_request_stale": "found the publish request stale (the draft changed after it)",
  "snapshot.publish_request_withdrawn": "withdrew the publish request",
};

/** Four eyes: a request, its approval or refusal, and who did each. */
function describeRequest(event: AuditEventLike, after: Json): DescribedEvent | null {
  const note = str(after.note) ? ` — “${str(after.note)}”` : "";
  const by = str(after.requestedBy) ? ` of ${str(after.requestedBy)}` : "";
  if (event.action === "snapshot.publish_approved")
    return {
      verb: `approved the publish request${by}, published as version ${str(after.version)}`,
      details: note,
      changes: [],
    };
  const verb = REQUEST_VERBS[event.action];
  if (!verb) return null;
  const reason = str(after.reason) ? `; reason: ${str(after.reason)}` : "";
  const whose = event.action === "snapshot.publish_requested" ? "" : by;
  return { verb: `${verb}${whose}`, details: `${note}${reason}`, changes: [] };
}

/** An owner's acknowledgement of safety errors at publish (docs/catalog-check.md): the errors and the reason. */
function acknowledged(after: Json): string {
  const safety = asRecord(after.safety);
  const errors = Array.isArray(safety.errors) ? safety.errors.map(asRecord) : [];
  if (errors.length === 0) return "";
  const named = errors.slice(0, 5).map((e) => `${str(e.toolId)} ${str(e.rule)}`);
  const more = errors.length > named.length ? `, and ${errors.length - named.length} more` : "";
  const reason = str(safety.acknowledgement) ? `: “${str(safety.acknowledgement)}”` : "";
  return `; acknowledged ${plural(errors.length, "safety error")} (${named.join(", ")}${more})${reason}`;
}

function describeSnapshot(event: AuditEventLike, after: Json): DescribedEvent {
  const request = describeRequest(event, after);
  if (request) return request;
  const version = str(after.version);
  const hash = typeof after.contentHash === "string" ? after.contentHash : undefined;
  const regressions = Array.isArray(after.regressions) ? after.regressions.length : 0;
  const note = str(after.note) ? ` — “${str(after.note)}”` : "";
  const reason = str(after.reason) ? `; reason: ${str(after.reason)}` : "";
  const accepted = regressions > 0 ? ` accepting ${plural(regressions, "worse metric")}` : "";
  const heldBack = list(after.heldBack);
  const held =
    heldBack.length > 0
      ? `; held back ${plural(heldBack.length, "tool")} changed upstream (approved form shipped): ${heldBack.join(", ")}`
      : "";
  if (event.action === "snapshot.rolled_back") {
    return {
      verb: `rolled back to version ${str(after.rolledBackFrom)}, published as version ${version}`,
      details: `${note}${reason}`,
      changes: [],
      hash,
    };
  }
  const details = `${accepted}${note}${reason}${held}${acknowledged(after)}`;
  return { verb: `published version ${version}`, details, changes: [], hash };
}

function describeCatalog(event: AuditEventLike, before: Json, after: Json): DescribedEvent {
  if (event.action === "catalog.created")
    return {
      verb: "created the catalog",
      subject: { text: str(after.name), style: "plain" },
      details: "",
      changes: [],
    };
  if (event.action === "catalog.archived")
    return {
      verb: "archived the catalog",
      details: ` (${plural(Number(after.snapshotsKept ?? 0), "snapshot")} kept)`,
      changes: [],
    };
  if (event.action === "catalog.imported") {
    const summary = counts([
      [Number(after.created ?? 0), "created"],
      [Number(after.updated ?? 0), "updated"],
      [Number(after.removed ?? 0), "removed"],
      [Number(after.kept ?? 0), "kept"],
      [Number(after.unchanged ?? 0), "unchanged"],
      [Number(after.skipped ?? 0), "skipped"],
      [Number(after.heldForReview ?? 0), "held for review"],
    ]);
    return {
      verb: `imported tools from ${sourceOf(after.format)}`,
      details: summary ? `: ${summary}` : " (no changes)",
      changes: [],
    };
  }
  const undo = describeUndo(event, after);
  if (undo) return undo;
  const changes = changedFields(before, after);
  return { verb: `changed the catalog’s ${fieldList(changes)}`, details: "", changes };
}

function scopeText(scope: Json): string {
  if (scope.kind === "namespace") return ` namespace ${str(scope.name)}`;
  if (scope.kind === "tool") return ` tool ${str(scope.key)}`;
  return " draft";
}

/** Bulk changes, resets and reverts: the heads of their History groups. */
function describeUndo(event: AuditEventLike, after: Json): DescribedEvent | null {
  const summary = counts([
    [Number(after.created ?? 0), "created"],
    [Number(after.updated ?? 0), "updated"],
    [Number(after.deleted ?? 0), "deleted"],
  ]);
  if (event.action === "catalog.draft_reset")
    return {
      verb: `reset the${scopeText(asRecord(after.scope))} to version ${str(after.version)}`,
      details: summary ? `: ${summary}` : "",
      changes: [],
    };
  if (event.action === "catalog.bulk_changed")
    return {
      verb: `changed the ${list(after.fields)
        .map((f) => fieldLabel(f).toLowerCase())
        .join(", ")} of ${plural(Number(after.tools ?? 0), "tool")}`,
      details: " (bulk edit)",
      changes: [],
    };
  if (event.action === "catalog.change_reverted")
    return { verb: "reverted a change", details: ` (${plural(Number(after.tools ?? 0), "tool")})`, changes: [] };
  if (event.action === "catalog.upstream_replaced") return describeUpstreamReplaced(after);
  return null;
}

/** The upstream bases a group replaced (kept for its revert), worded after why it replaced them. */
function describeUpstreamReplaced(after: Json): DescribedEvent {
  const tools = Number(after.tools ?? 0);
  if (after.reason === "deletion")
    return {
      verb: `kept the upstream copy of ${plural(tools, "deleted tool")}`,
      details: tools === 1 ? " (a revert brings it back with the tool)" : " (a revert brings them back with the tools)",
      changes: [],
    };
  if (after.reason === "revert")
    return {
      verb: `replaced the upstream copy of ${plural(tools, "tool")}`,
      details: " (the version it replaced is kept for a redo)",
      changes: [],
    };
  return {
    verb: "recorded what the source sends",
    details: ` for ${plural(tools, "tool")} (the earlier version is kept for a revert)`,
    changes: [],
  };
}

function describeOther(event: AuditEventLike, before: Json, after: Json): DescribedEvent {
  const name = { text: str(after.name ?? before.name), style: "quote" as const };
  const email = { text: str(after.email ?? before.email ?? event.targetId), style: "plain" as const };
  switch (event.action) {
    case "agent_token.created":
      return {
        verb: "created agent token",
        subject: name,
        details: after.prefix ? ` (${str(after.prefix)}…)` : "",
        changes: [],
      };
    case "agent_token.revoked":
      return {
        verb: "revoked agent token",
        subject: name,
        details: before.prefix ? ` (${str(before.prefix)}…)` : "",
        changes: [],
      };
    case "member.invited":
      return { verb: "invited", subject: email, details: ` as ${str(after.role)}`, changes: [] };
    case "member.joined":
      return { verb: "joined the team", details: after.role ? ` as ${str(after.role)}` : "", changes: [] };
    case "member.removed":
      return { verb: "removed", subject: email, details: " from the team", changes: [] };
    case "member.role_changed":
      return {
        verb: "changed the role of",
        subject: email,
        details: ` from ${str(before.role)} to ${str(after.role)}`,
        changes: [],
      };
    case "member.invitation_revoked":
      return { verb: "withdrew the invitation of", subject: email, details: "", changes: [] };
    case "team.renamed":
      return { verb: "renamed the team", details: ` from “${str(before.name)}” to “${str(after.name)}”`, changes: [] };
  }
  return { verb: fallbackVerb(event.action), details: "", changes: changedFields(before, after), isGeneric: true };
}

/** An action without wording yet: "tool_search.recorded" → "recorded tool search". */
export function fallbackVerb(action: string): string {
  const [noun = "", verb = ""] = action.split(".");
  const words = (text: string) => text.replace(/_/g, " ");
  return `${words(verb)} ${words(noun)}`.trim();
}

/** The sentence and the changed fields of one event; null for a no-op (nothing differs between before and after). */
export function describeEvent(event: AuditEventLike): DescribedEvent | null {
  if (isNoOpEvent(event)) return null;
  const before = asRecord(event.before);
  const after = asRecord(event.after);
  const domain = event.action.split(".")[0];
  if (domain === "tool") return describeTool(event, before, after);
  if (domain === "namespace") return describeNamespace(event, before, after);
  if (domain === "golden") return describeGolden(event, before, after);
  if (domain === "snapshot") return describeSnapshot(event, after);
  if (domain === "catalog") return describeCatalog(event, before, after);
  return describeOther(event, before, after);
}

export { fieldLabel, showValue };
