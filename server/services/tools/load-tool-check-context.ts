// What the tool editor needs to check a tool as the curator types (docs/catalog-check.md, "In the editor"): the
// catalog's names and median cost, from which the browser rebuilds the context of the tool's own rules, and the
// findings of the rules that compare tools (name imitation, near-duplicates, same names) on the saved draft.
import type { Catalog, Team } from "@prisma/client";
import {
  type CatalogSummary,
  checkAcrossTools,
  checkInputOfSnapshot,
  type Finding,
  summarizeCatalog,
} from "@/domain/catalog-check/index";
import type { SnapshotContent } from "@/domain/snapshot/verify";
import type { SqlSource } from "../../db/sql-source";
import { loadDraftContent } from "../draft/draft-cache";

interface CheckedDraft {
  summary: CatalogSummary;
  byTool: Map<string, Finding[]>;
}

/**
 * Per draft content object: draft contents are shared objects nobody changes (a changed draft is a new object, see
 * draft-cache.ts), so an entry can never be stale and goes with its content. Not a cache of rows.
 */
const checked = new WeakMap<SnapshotContent, CheckedDraft>();

function checkDraft(content: SnapshotContent): CheckedDraft {
  const known = checked.get(content);
  if (known) return known;
  const { tools } = checkInputOfSnapshot(content);
  const byTool = new Map<string, Finding[]>();
  for (const finding of checkAcrossTools(tools)) {
    const list = byTool.get(finding.toolId);
    if (list) list.push(finding);
    else byTool.set(finding.toolId, [finding]);
  }
  const entry = { summary: summarizeCatalog(tools), byTool };
  checked.set(content, entry);
  return entry;
}

export interface ToolCheckContext extends CatalogSummary {
  /** The catalog-wide findings of the saved tool (none for a new or hidden tool). */
  findings: Finding[];
}

export async function loadToolCheckContext(options: {
  db: SqlSource;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  knownRevision?: string | null;
  /** The tool's key (`namespace.name`) as saved, or null for a new tool. */
  key: string | null;
}): Promise<ToolCheckContext> {
  const { db, team, catalog, knownRevision, key } = options;
  const { summary, byTool } = checkDraft(await loadDraftContent({ db, team, catalog, knownRevision }));
  return { ...summary, findings: key ? (byTool.get(key) ?? []) : [] };
}
