// What publishing ships while upstream changes wait for review (docs/upstream-review.md): the draft, with every held
// tool built from its row patched with the approved values of its held fields. The team's own edits to other fields
// (exposure, search text, namespace) ship as usual; the held fields ship as last approved.
import { TOOL } from "@/domain/tool";
import type { SnapshotContent, SnapshotTool } from "@/domain/snapshot/verify";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { toolColumnsSql, toSnapshotTool, type DraftToolRow } from "../draft/build-snapshot-content";
import { isSameJson } from "./same-content";
import type { HeldValues } from "./upstream-fields";

type HeldRow = DraftToolRow & { approved: HeldValues };

// `version` is the xmin of the hold, the tool and its namespace: it changes with any write to them.
const HELD_SQL = `
  SELECT t."id", t."key", t."revision", ${toolColumnsSql(TOOL)}, n."name" AS "nsName", n."description" AS "nsDescription",
         r."approved", r.xmin::text || ':' || t.xmin::text || ':' || coalesce(n.xmin::text, '') AS "version"
  FROM "UpstreamReview" r JOIN "Tool" t ON t."id" = r."toolId" LEFT JOIN "Namespace" n ON n."id" = t."namespaceId"
  WHERE r."catalogId" = $1 AND t."catalogId" = $1
  ORDER BY t."key"`;

export interface HeldContent {
  content: SnapshotContent;
  /** The tools whose published form differs from the draft's because their upstream change is held, by key. */
  heldBack: string[];
}

/**
 * The held content per draft content object and hold versions: a review reloaded without changes returns the same
 * object, so what is keyed on it (the review's findings) is not computed again. Entries go with their draft content.
 */
const remembered = new WeakMap<SnapshotContent, { key: string; held: HeldContent }>();

/** The approved form of a held tool, or null when the draft leaves it out (hidden). */
function approvedTool(row: HeldRow): SnapshotTool | null {
  const { approved, ...draftRow } = row;
  return toSnapshotTool({ ...draftRow, ...approved } as DraftToolRow);
}

/** `draft` as publishing ships it: held tools in their approved form. The same object when nothing is held. */
export async function holdUpstreamChanges(db: SqlSource, catalogId: string, draft: SnapshotContent) {
  const rows = await queryRows<HeldRow>(db, HELD_SQL, [catalogId]);
  if (rows.length === 0) return { content: draft, heldBack: [] } satisfies HeldContent;
  const key = rows.map((r) => `${r.id}@${r.version}`).join(",");
  const known = remembered.get(draft);
  if (known?.key === key) return known.held;
  const approved = new Map<string, SnapshotTool | null>(rows.map((row) => [row.key, approvedTool(row)]));
  const heldBack: string[] = [];
  const tools = draft.tools.map((tool) => {
    const replacement = approved.get(tool.id);
    if (!replacement || isSameJson(replacement, tool)) return tool;
    heldBack.push(tool.id);
    return replacement;
  });
  const held: HeldContent = { content: heldBack.length > 0 ? { ...draft, tools } : draft, heldBack };
  remembered.set(draft, { key, held });
  return held;
}
