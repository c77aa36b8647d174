import "server-only";
import { jsonColumn } from "../../db/json-column";
import { assertQuota } from "../quotas";
import { Prisma, type Catalog, type PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { newGroupId, recordAuditEvents, type AuditActor, type AuditEventInput } from "../history/record-audit-event";
import { auditView } from "../tools/tool-shape";
import type { ImportDecisions } from "@/domain/import";
import { markUpstreamChanges, type UpstreamWrite } from "../review/mark-upstream-changes";
import { readUpstreamTexts, upstreamReplacedEvent, writeUpstreamBases, type UpstreamText } from "./upstream-base";
import { parseJsonText, parseToolSource, SourceFormatError, type ParsedSource } from "./parse-tool-source";
import { assertNotCancelled, report, type ImportControl } from "./import-progress";
import { planImport, type FieldChange, type ImportOptions, type ImportPlan } from "./plan-import";

export interface ImportRequest {
  db: PrismaClient;
  catalog: Catalog;
  /** The pasted or uploaded JSON (or a live server's tools/list result). */
  text?: string;
  /** The source already read (a namespace's sync reads OpenAPI documents and live servers itself). */
  parsed?: ParsedSource;
  options: ImportOptions;
  /** Progress of the diff and apply phases; cancelling before the commit rolls everything back. */
  control?: ImportControl;
}

function parse(text: string, parsed?: ParsedSource) {
  if (parsed) return parsed;
  try {
    return parseToolSource(parseJsonText(text));
  } catch (error) {
    if (error instanceof SourceFormatError)
      throw new AppError("INVALID_INPUT", error.message, { fields: { source: error.message } });
    throw error;
  }
}

const previewOf = ({ writes: _w, removals: _r, ...plan }: ImportPlan) => plan;

/** The preview: every row as new / changed (with before and after) / unchanged / invalid / skipped. Writes nothing. */
export async function previewImport({ db, catalog, text = "", parsed, options, control }: ImportRequest) {
  return previewOf(await planImport(db, catalog.id, parse(text, parsed), options, control));
}

/** Refuses a commit that leaves a removed or conflict row of the plan without the user's decision. */
function assertDecided(plan: ImportPlan, decisions: ImportDecisions) {
  const undecided = (status: "removed" | "conflict", given: Record<string, string>) =>
    plan.rows.filter((r) => r.status === status && !given[r.toolId!]).map((r) => `"${r.key}"`);
  const removed = undecided("removed", decisions.removed);
  const conflicts = undecided("conflict", decisions.conflicts);
  const listed = (keys: string[]) =>
    keys.slice(0, 10).join(", ") + (keys.length > 10 ? ` and ${keys.length - 10} more` : "");
  if (removed.length > 0)
    throw new AppError(
      "UNPROCESSABLE",
      `The source no longer lists ${listed(removed)}: decide for each whether to remove it or keep it; nothing was written.`,
    );
  if (conflicts.length > 0)
    throw new AppError(
      "UNPROCESSABLE",
      `${listed(conflicts)} changed both upstream and in the catalog: take the source's values or keep the team's for each; nothing was written.`,
    );
}

function assertCommittable(plan: ImportPlan, fingerprint: string, skipInvalid: boolean, decisions: ImportDecisions) {
  if (plan.fingerprint !== fingerprint) {
    throw new AppError(
      "CONFLICT",
      "The catalog changed since this preview (someone edited or imported tools); preview again before importing.",
    );
  }
  if (plan.counts.invalid > 0 && !skipInvalid) {
    throw new AppError(
      "UNPROCESSABLE",
      `${plan.counts.invalid} of the tools are invalid; fix them in the source, or choose to skip invalid tools.`,
    );
  }
  assertDecided(plan, decisions);
}

const NO_DECISIONS: ImportDecisions = { removed: {}, conflicts: {} };

/**
 * Applies an import in one transaction: all rows or none, its History events one group. The plan is computed
 * again inside the transaction; when it differs from the preview the user saw (`fingerprint`), nothing is
 * written. Removed and conflict rows are applied as `decisions` says (each needs one).
 */
export async function commitImport(
  request: ImportRequest & {
    actor: AuditActor;
    fingerprint: string;
    skipInvalid: boolean;
    decisions?: ImportDecisions;
    /** Runs in the import's transaction after its writes (a sync records when it ran). */
    afterWrite?: (tx: Prisma.TransactionClient, plan: ImportPlan) => Promise<void>;
  },
) {
  const { db, catalog, text = "", options, actor, fingerprint, skipInvalid, decisions = NO_DECISIONS } = request;
  const { control } = request;
  const source = parse(text, request.parsed);
  assertNotCancelled(control);
  return db.$transaction(
    async (tx) => {
      const plan = await planImport(tx, catalog.id, source, options, control);
      assertCommittable(plan, fingerprint, skipInvalid, decisions);
      const adding = plan.writes.filter((w) => w.row.status === "new").length;
      const current = await tx.tool.count({ where: { catalogId: catalog.id } });
      assertQuota(
        "toolsPerCatalog",
        current,
        adding,
        "This import would take the catalog past its tool limit",
        "Import fewer tools, or delete tools you no longer need.",
      );
      const groupId = newGroupId();
      const group = { teamId: catalog.teamId, catalogId: catalog.id, actor, groupId };
      const meter = applyMeter(plan, decisions, control);
      const replaced = await readUpstreamTexts(tx, catalog.id, upstreamTouched(plan, decisions));
      const created = await createNew(tx, group, plan, options, meter);
      const updated = await updateChanged(tx, group, plan, decisions, meter);
      const heldForReview = await markUpstreamChanges(
        tx,
        { catalog, actor, groupId, format: plan.format },
        upstreamWrites(plan, decisions),
      );
      const removed = await removeMissing(tx, group, plan, decisions);
      meter.step(removed);
      await recordUpstream(tx, group, plan, replaced);
      await request.afterWrite?.(tx, plan);
      const summary = {
        format: plan.format,
        created,
        updated,
        removed,
        kept: plan.counts.removed - removed,
        unchanged: plan.counts.unchanged,
        skipped: plan.counts.skipped + plan.counts.invalid,
        heldForReview,
        mcpServer: options.mcpServer,
        namespace: options.namespace,
      };
      await recordAuditEvents(tx, [
        { ...group, action: "catalog.imported", targetType: "catalog", targetId: catalog.id, after: summary },
      ]);
      assertNotCancelled(control); // the last moment: cancelled here, the transaction rolls back whole
      return summary;
    },
    { timeout: 120_000, maxWait: 15_000 },
  );
}

/** The apply phase's progress: new tools (in batches), updated tools one by one, then removals. */
type Meter = { step: (n: number) => void };
function applyMeter(plan: ImportPlan, decisions: ImportDecisions, control: ImportControl | undefined): Meter {
  const writes = plan.writes.filter((w) => ["new", "changed", "conflict"].includes(w.row.status)).length;
  const total = writes + plan.removals.filter((t) => decisions.removed[t.id] === "remove").length;
  let done = 0;
  report(control, "apply", 0, total);
  return {
    step: (n) => {
      done += n;
      report(control, "apply", done, total);
    },
  };
}

/** New tools are inserted this many at a time, so a large import reports progress and can stop between batches. */
const INSERT_BATCH = 100;

/** Who writes the import's events, and the group they share. */
type EventGroup = Pick<AuditEventInput, "teamId" | "catalogId" | "actor" | "groupId">;

async function namespaceIds(tx: Prisma.TransactionClient, group: EventGroup, plan: ImportPlan, fallback: string) {
  const catalogId = group.catalogId!;
  const wanted = new Map<string, string>();
  for (const { row, tool } of plan.writes)
    if (row.status === "new" && tool.namespace)
      wanted.set(tool.namespace, tool.namespaceDescription ?? wanted.get(tool.namespace) ?? fallback);
  const existing = await tx.namespace.findMany({
    where: { catalogId, name: { in: [...wanted.keys()] } },
    select: { id: true, name: true },
  });
  const missing = [...wanted].filter(([name]) => !existing.some((ns) => ns.name === name));
  const created = missing.length
    ? await tx.namespace.createManyAndReturn({
        data: missing.map(([name, description]) => ({ catalogId, name, description })),
        select: { id: true, name: true, description: true },
      })
    : [];
  await recordAuditEvents(
    tx,
    created.map((ns) => ({
      ...group,
      action: "namespace.created",
      targetType: "namespace",
      targetId: ns.id,
      after: { name: ns.name, description: ns.description, import: true },
    })),
  );
  return new Map([...existing, ...created].map((ns) => [ns.name, ns.id]));
}

async function createNew(
  tx: Prisma.TransactionClient,
  group: EventGroup,
  plan: ImportPlan,
  options: ImportOptions,
  meter: Meter,
) {
  const news = plan.writes.filter((w) => w.row.status === "new");
  if (news.length === 0) return 0;
  const namespaces = await namespaceIds(tx, group, plan, options.namespaceDescription?.trim() ?? "");
  const data = news.map(({ row, tool }) => ({
    catalogId: group.catalogId!,
    namespaceId: tool.namespace ? namespaces.get(tool.namespace)! : null,
    key: row.key!,
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    strict: tool.strict ?? false,
    exposure: row.exposure!,
    mcpServer: tool.mcpServer,
    mcpTitle: tool.mcpTitle ?? null,
    mcpMetadata: (tool.mcpMetadata as Prisma.InputJsonValue | undefined) ?? Prisma.DbNull,
  }));
  // Only ids come back: the audit events are built from what was inserted, not from a second copy of every schema.
  const rows: Array<{ id: string; key: string }> = [];
  for (let start = 0; start < data.length; start += INSERT_BATCH) {
    const batch = data.slice(start, start + INSERT_BATCH);
    rows.push(
      ...(await tx.tool.createManyAndReturn({
        data: batch.map((d) => ({ ...d, parameters: jsonColumn(d.parameters) })),
        select: { id: true, key: true },
      })),
    );
    meter.step(batch.length);
  }
  const inserted = new Map(
    data.map((d, i) => [
      d.key,
      { ...d, namespace: news[i]!.tool.namespace, mcpMetadata: news[i]!.tool.mcpMetadata ?? null },
    ]),
  );
  // The new tools' ids, for their upstream bases (recordUpstream).
  const ids = new Map(rows.map((r) => [r.key, r.id]));
  for (const write of news) write.row.toolId = ids.get(write.row.key!) ?? null;
  await recordAuditEvents(
    tx,
    rows.map(({ id, key }) => {
      const { catalogId: _c, namespaceId: _n, ...after } = inserted.get(key)!;
      return {
        ...group,
        action: "tool.created",
        targetType: "tool",
        targetId: id,
        after: { ...after, revision: 1, import: plan.format },
      };
    }),
  );
  return rows.length;
}

/** The value an import writes for a changed field (the plan lists only fields the source sets). */
const importedValue = (tool: ImportPlan["writes"][number]["tool"], field: FieldChange["field"]): unknown =>
  tool[field] ?? null;

/** The fields a changed or conflict row writes: all its changes, less the conflicts the team keeps. */
function writtenChanges(row: ImportPlan["rows"][number], decisions: ImportDecisions) {
  const keepOurs = row.status === "conflict" && decisions.conflicts[row.toolId!] === "ours";
  return row.changes.filter((c) => !(c.conflict && keepOurs));
}

/** What the import writes to existing tools, field by field: changes to published tools are held for review. */
function upstreamWrites(plan: ImportPlan, decisions: ImportDecisions): UpstreamWrite[] {
  return plan.writes
    .filter(({ row }) => row.status === "changed" || row.status === "conflict")
    .map(({ row, tool }) => ({
      toolId: row.toolId!,
      written: Object.fromEntries(writtenChanges(row, decisions).map((c) => [c.field, importedValue(tool, c.field)])),
    }))
    .filter((write) => Object.keys(write.written).length > 0);
}

async function updateChanged(
  tx: Prisma.TransactionClient,
  group: EventGroup,
  plan: ImportPlan,
  decisions: ImportDecisions,
  meter: Meter,
) {
  let updated = 0;
  for (const { row, tool, existing } of plan.writes) {
    if (row.status !== "changed" && row.status !== "conflict") continue;
    meter.step(1);
    const changes = writtenChanges(row, decisions);
    if (changes.length === 0) continue;
    const values = Object.fromEntries(changes.map((c) => [c.field, importedValue(tool, c.field)]));
    const data = {
      ...values,
      ...(values.mcpMetadata === null ? { mcpMetadata: Prisma.DbNull } : {}),
    } as Prisma.ToolUpdateManyMutationInput;
    const written = await tx.tool.updateMany({
      where: { id: row.toolId!, revision: row.revision! },
      data: {
        ...data,
        ...("parameters" in values ? { parameters: jsonColumn(values.parameters) } : {}),
        revision: { increment: 1 },
      },
    });
    if (written.count === 0) throw new AppError("CONFLICT", `"${row.key}" changed while importing; preview again.`);
    const before = Object.fromEntries(changes.map((c) => [c.field, existing![c.field]]));
    await recordAuditEvents(tx, [
      {
        ...group,
        action: "tool.updated",
        targetType: "tool",
        targetId: row.toolId!,
        before: { key: row.key, revision: row.revision, ...before },
        after: { key: row.key, revision: row.revision! + 1, ...values, import: plan.format },
      },
    ]);
    updated++;
  }
  return updated;
}

/** Deletes the removed tools the user chose to remove (each unchanged since the preview); History keeps each whole. */
async function removeMissing(
  tx: Prisma.TransactionClient,
  group: EventGroup,
  plan: ImportPlan,
  decisions: ImportDecisions,
) {
  const doomed = plan.removals.filter((t) => decisions.removed[t.id] === "remove");
  if (doomed.length === 0) return 0;
  const deleted = await tx.tool.deleteMany({
    where: { OR: doomed.map((t) => ({ id: t.id, revision: t.revision })) },
  });
  if (deleted.count !== doomed.length) throw new AppError("CONFLICT", "A tool changed while importing; preview again.");
  await recordAuditEvents(
    tx,
    doomed.map((t) => ({
      ...group,
      action: "tool.deleted",
      targetType: "tool",
      targetId: t.id,
      before: { ...auditView(t), import: plan.format },
    })),
  );
  return doomed.length;
}

/** The tools whose upstream base the import replaces or deletes (tools it creates had none). */
function upstreamTouched(plan: ImportPlan, decisions: ImportDecisions): string[] {
  return [
    ...plan.writes.filter((w) => w.upstreamChanged && w.existing).map((w) => w.existing!.id),
    ...plan.removals.filter((t) => decisions.removed[t.id] === "remove").map((t) => t.id),
  ];
}

/**
 * Every imported tool remembers what the source sent this time (the base the next import compares with); the
 * group keeps the bases it replaced, so reverting it puts them back.
 */
async function recordUpstream(
  tx: Prisma.TransactionClient,
  group: EventGroup,
  plan: ImportPlan,
  replaced: UpstreamText[],
) {
  if (replaced.length > 0) await recordAuditEvents(tx, [upstreamReplacedEvent(group, replaced)]);
  await writeUpstreamBases(
    tx,
    group.catalogId!,
    plan.writes
      .filter((w) => w.upstreamChanged && w.row.toolId !== null)
      .map((w) => ({ id: w.row.toolId!, upstream: w.upstream })),
  );
}
