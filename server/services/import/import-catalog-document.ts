import "server-only";
import type { Catalog, Prisma, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { DEFAULT_LIMIT_RANGE, toDbProfile } from "../catalogs/catalog-settings";
import { catalogDocumentSchema, type CatalogDocument } from "../export/catalog-document";
import { MAX_QUERY_LENGTH, normalizeExpected, normalizeQueryText } from "../golden/golden-query-shape";
import { lockCatalog } from "../review/lock-catalog";
import type { ToolValues } from "@/domain/tool";
import { toolColumns, toolKey } from "../tools/tool-shape";
import { checkToolName, validateToolFields } from "../tools/validate-tool";
import { parseJsonText, SourceFormatError } from "./parse-tool-source";
import { checkDocumentSource, writeSources } from "../sources/source-document";

const invalid = (message: string, problems: string[] = [message]) =>
  new AppError("INVALID_INPUT", message, { problems: problems.slice(0, 50) });

/** Parses and checks a whole catalog document; every problem is listed (first 50), nothing is written. */
export function parseCatalogDocument(text: string): CatalogDocument {
  let json: unknown;
  try {
    json = parseJsonText(text);
  } catch (error) {
    if (error instanceof SourceFormatError) throw invalid(error.message);
    throw error;
  }
  const parsed = catalogDocumentSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "document"}: ${issue.message}`);
    throw invalid(`Not a Stockroom catalog export (${problems[0]}).`, problems);
  }
  const doc = parsed.data;
  const problems: string[] = [];
  const { min, max } = DEFAULT_LIMIT_RANGE;
  if (doc.catalog.defaultLimit < min || doc.catalog.defaultLimit > max)
    problems.push(`catalog.defaultLimit: must be between ${min} and ${max}.`);
  const namespaces = new Set<string>();
  for (const ns of doc.namespaces) {
    const problem = checkToolName(ns.name, "Namespace name");
    if (problem) problems.push(`namespace ${ns.name}: ${problem}`);
    if (namespaces.has(ns.name)) problems.push(`namespace ${ns.name}: listed twice.`);
    namespaces.add(ns.name);
  }
  const keys = new Set<string>();
  for (const tool of doc.tools) {
    const key = toolKey(tool.namespace, tool.name);
    for (const issue of validateToolFields(tool)) problems.push(`${key}: ${issue.message}`);
    if (keys.has(key)) problems.push(`${key}: listed twice.`);
    if (tool.namespace !== null && !namespaces.has(tool.namespace))
      problems.push(`${key}: namespace "${tool.namespace}" is not in namespaces.`);
    keys.add(key);
  }
  for (const golden of doc.goldenQueries) {
    if (!normalizeQueryText(golden.query) || golden.query.length > MAX_QUERY_LENGTH)
      problems.push(`golden query "${golden.query.slice(0, 40)}": needs 1 to ${MAX_QUERY_LENGTH} characters.`);
    const unknown = golden.expected.filter((id) => !keys.has(id.trim()));
    if (unknown.length)
      problems.push(
        `golden query "${golden.query.slice(0, 40)}": expects tools not in the document (${unknown.join(", ")}).`,
      );
  }
  problems.push(...sourceProblems(doc, namespaces));
  if (problems.length > 0)
    throw invalid(
      `The catalog export has ${problems.length} problem${problems.length === 1 ? "" : "s"}, e.g. ${problems[0]} Nothing was imported.`,
      problems,
    );
  return doc;
}

/** What is wrong with the document's sources: each on a namespace of the document, once, by the form's rules. */
function sourceProblems(doc: CatalogDocument, namespaces: Set<string>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const source of doc.sources) {
    const at = `source of namespace ${source.namespace}`;
    if (!namespaces.has(source.namespace)) problems.push(`${at}: the namespace is not in namespaces.`);
    if (seen.has(source.namespace)) problems.push(`${at}: listed twice.`);
    seen.add(source.namespace);
    try {
      checkDocumentSource(source);
    } catch (error) {
      problems.push(`${at}: ${(error as Error).message}`);
    }
  }
  return problems;
}

/** Updates the document's namespaces the catalog has and creates the others; returns each name's id. */
async function writeNamespaces(tx: Prisma.TransactionClient, catalog: Catalog, doc: CatalogDocument) {
  const existing = new Map(
    (await tx.namespace.findMany({ where: { catalogId: catalog.id }, select: { id: true, name: true } })).map((ns) => [
      ns.name,
      ns.id,
    ]),
  );
  for (const ns of doc.namespaces.filter((n) => existing.has(n.name)))
    await tx.namespace.update({
      where: { id: existing.get(ns.name)! },
      data: { description: ns.description, revision: { increment: 1 } },
    });
  const created = await tx.namespace.createManyAndReturn({
    data: doc.namespaces.filter((n) => !existing.has(n.name)).map((n) => ({ catalogId: catalog.id, ...n })),
    select: { id: true, name: true },
  });
  return new Map([...existing, ...created.map((ns) => [ns.name, ns.id] as const)]);
}

/**
 * Imports a lossless catalog export (`stockroom.catalog/v1`) into an empty catalog in one transaction: settings
 * (not name or slug), namespaces, tools with every field, golden queries. A catalog with tools or golden queries
 * is refused: this restores a catalog, it does not merge (the import wizard merges provider tool lists).
 */
export async function importCatalogDocument({
  db,
  catalog,
  actor,
  text,
}: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  text: string;
}) {
  const doc = parseCatalogDocument(text);
  return db.$transaction(
    async (tx) => {
      await lockCatalog(tx, catalog.id);
      const [tools, golden] = await Promise.all([
        tx.tool.count({ where: { catalogId: catalog.id } }),
        tx.evalQuery.count({ where: { catalogId: catalog.id } }),
      ]);
      if (tools > 0 || golden > 0)
        throw new AppError(
          "CONFLICT",
          `Catalog "${catalog.slug}" already has ${tools} tools and ${golden} golden queries; import a catalog export into a new, empty catalog.`,
        );
      const { description, engineProfile, defaultLimit } = doc.catalog;
      await tx.catalog.update({
        where: { id: catalog.id },
        data: { description, engineProfile: toDbProfile(engineProfile), defaultLimit, revision: { increment: 1 } },
      });
      const ids = await writeNamespaces(tx, catalog, doc);
      await tx.tool.createMany({
        data: doc.tools.map(({ namespace, ...tool }) => ({
          ...toolColumns(tool as Omit<ToolValues, "namespace">),
          catalogId: catalog.id,
          namespaceId: namespace === null ? null : ids.get(namespace)!,
          key: toolKey(namespace, tool.name),
        })),
      });
      await tx.evalQuery.createMany({
        data: doc.goldenQueries.map((q) => ({
          catalogId: catalog.id,
          query: normalizeQueryText(q.query),
          expected: normalizeExpected(q.expected),
          note: q.note,
        })),
      });
      await writeSources(tx, catalog, ids, doc.sources);
      const summary = {
        format: doc.format,
        namespaces: doc.namespaces.length,
        tools: doc.tools.length,
        goldenQueries: doc.goldenQueries.length,
        sources: doc.sources.length,
      };
      await recordAuditEvent({
        db: tx,
        teamId: catalog.teamId,
        catalogId: catalog.id,
        actor,
        action: "catalog.imported",
        targetType: "catalog",
        targetId: catalog.id,
        after: summary,
      });
      return summary;
    },
    { timeout: 120_000, maxWait: 15_000 },
  );
}
