// The Review page's list of held upstream changes (docs/upstream-review.md): per tool, each held field's approved
// (published) value against the draft's (what approving ships), and the catalog check's findings on the new form,
// the ones its approved form did not have marked new. A poisoned description shows up here as a safety error.
import "server-only";
import type { Catalog, PrismaClient, Team } from "@prisma/client";
import {
  checkInputOfSnapshot,
  checkTool,
  prepareCatalog,
  type CatalogContext,
  type CheckTool,
  type Finding,
} from "@/domain/catalog-check/index";
import { MCP_METADATA_FIELDS } from "@/domain/snapshot/verify";
import { TOOL_IMPORTED_FIELDS, type ToolImportedField } from "@/domain/tool";
import { queryRows, type SqlSource } from "../../db/sql-source";
import { loadDraftContent } from "../draft/draft-cache";
import { textDiff, type DiffPart } from "./diff-tools";
import { heldFieldLabel, type HeldValues } from "./upstream-fields";

type Values = Record<ToolImportedField, unknown>;
type HoldRow = { toolId: string; key: string; name: string; nsName: string | null; toolRevision: number } & Values & {
    approved: HeldValues;
    revision: number;
    approvedVersion: number;
    markedMs: number;
    markedBy: string;
  };

const FIELDS_SQL = TOOL_IMPORTED_FIELDS.map((field) => `t."${field}"`).join(", ");
const HOLDS_SQL = `
  SELECT r."toolId", t."key", t."name", n."name" AS "nsName", t."revision" AS "toolRevision", ${FIELDS_SQL},
         r."approved", r."revision", r."approvedVersion", (extract(epoch FROM r."markedAt") * 1000)::float8 AS "markedMs",
         r."markedBy"
  FROM "UpstreamReview" r JOIN "Tool" t ON t."id" = r."toolId" LEFT JOIN "Namespace" n ON n."id" = t."namespaceId"
  WHERE r."catalogId" = $1 AND t."catalogId" = $1
  ORDER BY r."markedAt" DESC, t."key"`;

export interface UpstreamFieldDiff {
  /** The tool field, or `mcpMetadata.<key>` for one part of the MCP metadata (annotations, outputSchema, …). */
  field: string;
  label: string;
  before: string;
  after: string;
  parts: DiffPart[];
}

export interface UpstreamFinding {
  rule: string;
  category: Finding["category"];
  severity: Finding["severity"];
  message: string;
  /** The approved form did not have it: the upstream change brought it. */
  isNew: boolean;
}

const METADATA_LABELS: Record<string, string> = {
  annotations: "Annotations",
  outputSchema: "Output schema",
  icons: "Icons",
  _meta: "MCP _meta",
  execution: "Execution",
};

const json = (value: unknown) => (value === undefined || value === null ? "" : JSON.stringify(value, null, 2));
const textOf = (value: unknown) => (typeof value === "string" ? value : json(value));
const asRecord = (value: unknown) => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});

function diffOf(field: string, label: string, before: string, after: string, kind: string): UpstreamFieldDiff[] {
  return before === after ? [] : [{ field, label, before, after, parts: textDiff(kind, before, after) }];
}

/** One row per held field; MCP metadata one row per part that changed (annotations, output schema, …). */
function fieldDiffs(approved: HeldValues, draft: Values): UpstreamFieldDiff[] {
  return (Object.keys(approved) as ToolImportedField[]).flatMap((field) => {
    if (field === "mcpMetadata") {
      const [a, b] = [asRecord(approved[field]), asRecord(draft[field])];
      return MCP_METADATA_FIELDS.flatMap((part) =>
        diffOf(`mcpMetadata.${part}`, METADATA_LABELS[part] ?? part, json(a[part]), json(b[part]), "parameters"),
      );
    }
    const kind = field === "parameters" ? "parameters" : field === "description" ? "description" : field;
    return diffOf(field, heldFieldLabel(field), textOf(approved[field]), textOf(draft[field]), kind);
  });
}

function checkToolOf(row: HoldRow, values: Values): CheckTool {
  const annotations = asRecord(values.mcpMetadata).annotations;
  return {
    id: row.key,
    namespace: row.nsName,
    name: row.name,
    description: String(values.description ?? ""),
    parameters: values.parameters,
    annotations: annotations && typeof annotations === "object" ? (annotations as Record<string, unknown>) : null,
    mcpServer: (values.mcpServer as string | null) ?? null,
  };
}

const findingKey = (f: Finding) => `${f.rule}\n${[...(f.evidence.tools ?? [])].sort().join(",")}`;

/** The new form's findings, errors first, each marked new when the approved form did not have it. */
function findingsOf(row: HoldRow, context: CatalogContext): UpstreamFinding[] {
  const approvedForm = checkToolOf(row, { ...row, ...row.approved } as Values);
  const before = new Set(checkTool(approvedForm, context).map(findingKey));
  return checkTool(checkToolOf(row, row), context).map((f) => ({
    rule: f.rule,
    category: f.category,
    severity: f.severity,
    message: f.message,
    isNew: !before.has(findingKey(f)),
  }));
}

/** The catalog's held upstream changes, newest first, each with its field diffs and findings. */
export async function listUpstreamChanges(options: { db: PrismaClient; team: Pick<Team, "slug">; catalog: Catalog }) {
  const rows = await queryRows<HoldRow>(options.db, HOLDS_SQL, [options.catalog.id]);
  if (rows.length === 0) return [];
  const draft = await loadDraftContent(options);
  const context = prepareCatalog(checkInputOfSnapshot(draft).tools);
  return rows.map((row) => ({
    toolId: row.toolId,
    key: row.key,
    revision: row.revision,
    toolRevision: row.toolRevision,
    approvedVersion: row.approvedVersion,
    markedAt: new Date(row.markedMs),
    markedBy: row.markedBy,
    fields: fieldDiffs(row.approved, row),
    findings: findingsOf(row, context),
  }));
}

/** Which tools are marked "changed upstream — needs review" (for the tool list and the editor). */
export async function listUpstreamMarks(options: { db: SqlSource; catalog: Pick<Catalog, "id"> }) {
  const marks = await queryRows<{ toolId: string; markedMs: number }>(
    options.db,
    `SELECT "toolId", (extract(epoch FROM "markedAt") * 1000)::float8 AS "markedMs" FROM "UpstreamReview" WHERE "catalogId" = $1`,
    [options.catalog.id],
  );
  return marks.map((m) => ({ toolId: m.toolId, markedAt: new Date(m.markedMs) }));
}
