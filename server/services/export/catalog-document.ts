import "server-only";
import type { Catalog, PrismaClient } from "@prisma/client";
import { z } from "zod";
import { TOOL, TOOL_FIELD_NAMES, toolInputShape } from "@/domain/tool";
import { ENGINE_PROFILES } from "@/domain/vocabulary";
import { toProfile } from "../catalogs/list-catalogs";
import { toolSelect, toToolRecord, type ToolRecord } from "../tools/tool-shape";
import { documentSourceSchema, exportSources } from "../sources/source-document";

/** The lossless catalog export: everything a catalog's draft is made of, importable into an equal catalog. */
export const CATALOG_DOCUMENT_FORMAT = "stockroom.catalog/v1";

const text = (max: number) => z.string().max(max, `at most ${max} characters`);
const nullableText = (max: number) => text(max).nullable();

/**
 * A tool in the document: every field of domain/tool.ts (namespace first, as documents have always listed it).
 * Lossless, so names are taken as written (not trimmed, blank kept) and JSON columns must be objects.
 */
const { namespace: _namespace, ...fields } = toolInputShape(TOOL);
const documentTool = z.object({
  namespace: nullableText(1000),
  ...fields,
  name: text(1000),
  parameters: z.record(z.string(), z.unknown()),
  mcpServer: nullableText(1000),
  mcpTitle: nullableText(1000),
  mcpMetadata: z.record(z.string(), z.unknown()).nullable(),
});

// Lengths here only stop absurd documents; the tool rules (validate-tool.ts) give the precise limits and messages.
export const catalogDocumentSchema = z.object({
  format: z.literal(CATALOG_DOCUMENT_FORMAT),
  catalog: z.object({
    name: text(200),
    description: text(10_000),
    engineProfile: z.enum(ENGINE_PROFILES),
    defaultLimit: z.number().int(),
  }),
  namespaces: z.array(z.object({ name: text(1000), description: text(100_000) })).max(5000),
  tools: z.array(documentTool).max(5000, "at most 5,000 tools"),
  goldenQueries: z
    .array(z.object({ query: text(1000), expected: z.array(text(1000)).max(100), note: text(1000) }))
    .max(10_000),
  /** Where namespaces' tools come from (secret header values never included); absent in older exports. */
  sources: z.array(documentSourceSchema).max(5000).default([]),
});

export type CatalogDocument = z.infer<typeof catalogDocumentSchema>;
export type CatalogDocumentTool = CatalogDocument["tools"][number];

const pickFields = (record: ToolRecord) =>
  Object.fromEntries(TOOL_FIELD_NAMES.map((name) => [name, record[name]])) as Omit<CatalogDocumentTool, "namespace">;

/** The catalog's draft as a lossless document: hidden tools, empty namespaces and golden queries included. */
export async function buildCatalogDocument(db: PrismaClient, catalog: Catalog): Promise<CatalogDocument> {
  const [namespaces, rows, golden, sources] = await Promise.all([
    db.namespace.findMany({
      where: { catalogId: catalog.id },
      select: { name: true, description: true },
      orderBy: { name: "asc" },
    }),
    db.tool.findMany({ where: { catalogId: catalog.id }, select: toolSelect, orderBy: { key: "asc" } }),
    db.evalQuery.findMany({
      where: { catalogId: catalog.id },
      select: { query: true, expected: true, note: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    exportSources(db, catalog),
  ]);
  const tools = rows.map(toToolRecord).map((t): CatalogDocumentTool => ({ namespace: t.namespace, ...pickFields(t) }));
  return {
    format: CATALOG_DOCUMENT_FORMAT,
    catalog: {
      name: catalog.name,
      description: catalog.description,
      engineProfile: toProfile(catalog.engineProfile),
      defaultLimit: catalog.defaultLimit,
    },
    namespaces,
    tools,
    goldenQueries: golden,
    sources,
  };
}
