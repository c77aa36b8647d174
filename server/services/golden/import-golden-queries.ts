import type { Catalog, Prisma, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { lockCatalog, LOCKED_TX_OPTIONS } from "../review/lock-catalog";
import { queryKey } from "./golden-query-shape";
import { parseGoldenJsonl } from "./parse-golden-jsonl";
import { toolKeyStatuses } from "./tool-key-status";

/** What to do with gold ids that name no tool of the catalog. Never silent: each one is listed in the result. */
export const UNKNOWN_ID_POLICIES = ["reject", "keep", "drop"] as const;
export type UnknownIdPolicy = (typeof UNKNOWN_ID_POLICIES)[number];

export interface ImportGoldenQueriesOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  /** JSONL text: one `{"query","gold":[ids],"note"?}` per line. */
  content: string;
  /**
   * reject (default): refuse the import; keep: store them (the query then cannot reach full recall); drop: leave them
   * out, and leave out a query whose expected ids are all unknown rather than change its meaning to "no tool".
   */
  unknownIds?: UnknownIdPolicy;
  /** Work out and report the outcome without writing anything. */
  dryRun?: boolean;
}

export interface ImportGoldenQueriesResult {
  dryRun: boolean;
  created: number;
  updated: number;
  unchanged: number;
  /** Queries left out under "drop": every id they expected is unknown, and an empty list would mean "no tool should match". */
  leftOut: number;
  unknown: Array<{ line: number; query: string; ids: string[] }>;
  unknownIds: UnknownIdPolicy;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

type GoldenLine = ReturnType<typeof parseGoldenJsonl>["lines"][number];
type Statuses = Awaited<ReturnType<typeof toolKeyStatuses>>;

/** The file's lines, or an INVALID_INPUT listing every bad line (the first five in the message). */
function parseOrRefuse(content: string): GoldenLine[] {
  const { lines, errors } = parseGoldenJsonl(content);
  if (errors.length > 0) {
    const shown = errors
      .slice(0, 5)
      .map((e) => `line ${e.line}: ${e.message}`)
      .join("; ");
    throw new AppError(
      "INVALID_INPUT",
      `The file has ${errors.length} bad line${errors.length === 1 ? "" : "s"} (${shown}${errors.length > 5 ? "; …" : ""}). Nothing was imported.`,
      {
        lines: errors,
      },
    );
  }
  if (lines.length === 0)
    throw new AppError(
      "INVALID_INPUT",
      'The file has no queries; expected one {"query": "...", "gold": [...]} per line.',
    );
  return lines;
}

function refuseUnknown(unknown: ImportGoldenQueriesResult["unknown"]): never {
  const shown = unknown
    .slice(0, 5)
    .map((u) => `line ${u.line}: ${u.ids.join(", ")}`)
    .join("; ");
  throw new AppError(
    "UNPROCESSABLE",
    `${unknown.length} quer${unknown.length === 1 ? "y names" : "ies name"} tools that are not in this catalog (${shown}${unknown.length > 5 ? "; …" : ""}). Fix the ids, or import again keeping or dropping unknown ids. Nothing was imported.`,
    { unknown },
  );
}

/** Counts each line into `result` and updates the queries that changed; returns the rows still to create. */
async function applyLines(
  tx: Prisma.TransactionClient,
  catalog: Catalog,
  lines: GoldenLine[],
  statuses: Statuses,
  result: ImportGoldenQueriesResult,
) {
  const { unknownIds, dryRun } = result;
  const existing = await tx.evalQuery.findMany({
    where: { catalogId: catalog.id },
    select: { id: true, query: true, expected: true, note: true },
  });
  const byKey = new Map(existing.map((row) => [queryKey(row.query), row]));
  const toCreate: Array<{ catalogId: string; query: string; expected: string[]; note: string }> = [];
  for (const line of lines) {
    const gold = unknownIds === "drop" ? line.gold.filter((id) => statuses.get(id) !== "missing") : line.gold;
    if (gold.length === 0 && line.gold.length > 0) {
      result.leftOut++;
      continue;
    }
    const current = byKey.get(queryKey(line.query));
    if (!current) {
      toCreate.push({ catalogId: catalog.id, query: line.query, expected: gold, note: line.note ?? "" });
      continue;
    }
    const note = line.note ?? current.note;
    if (sameList(current.expected, gold) && current.note === note && current.query === line.query) {
      result.unchanged++;
      continue;
    }
    result.updated++;
    if (!dryRun) {
      await tx.evalQuery.update({
        where: { id: current.id },
        data: { query: line.query, expected: gold, note, revision: { increment: 1 } },
      });
    }
  }
  return toCreate;
}

/**
 * Imports golden queries all-or-nothing: a line that is not valid refuses the whole file (every bad
 * line listed); a query the catalog already has (same words, any case) is updated, not duplicated.
 */
export async function importGoldenQueries(options: ImportGoldenQueriesOptions): Promise<ImportGoldenQueriesResult> {
  const { db, catalog, actor, content, unknownIds = "reject", dryRun = false } = options;
  const lines = parseOrRefuse(content);

  return db.$transaction(async (tx) => {
    await lockCatalog(tx, catalog.id);
    const statuses = await toolKeyStatuses(
      tx,
      catalog.id,
      lines.flatMap((l) => l.gold),
    );
    const unknown = lines
      .map((l) => ({ line: l.line, query: l.query, ids: l.gold.filter((id) => statuses.get(id) === "missing") }))
      .filter((u) => u.ids.length > 0);
    const result: ImportGoldenQueriesResult = {
      dryRun,
      created: 0,
      updated: 0,
      unchanged: 0,
      leftOut: 0,
      unknown,
      unknownIds,
    };
    if (unknown.length > 0 && unknownIds === "reject" && !dryRun) refuseUnknown(unknown);
    const toCreate = await applyLines(tx, catalog, lines, statuses, result);
    result.created = toCreate.length;
    if (dryRun) return result;
    if (toCreate.length > 0) await tx.evalQuery.createMany({ data: toCreate });
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "golden.imported",
      targetType: "catalog",
      targetId: catalog.id,
      after: {
        created: result.created,
        updated: result.updated,
        unchanged: result.unchanged,
        leftOut: result.leftOut,
        unknownIds,
        unknown: unknown.length,
      },
    });
    return result;
  }, LOCKED_TX_OPTIONS);
}
