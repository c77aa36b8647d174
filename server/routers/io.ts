import { z } from "zod";
import { AppError } from "../errors";
import { catalogProcedure, router } from "../trpc";
import { EXPORT_FORMATS, exportDraft } from "../services/export/export-draft";
import { importCatalogDocument } from "../services/import/import-catalog-document";
import { fetchMcpTools } from "../services/import/fetch-mcp-tools";
import { commitImport, previewImport } from "../services/import/import-tools";
import { actorOf, EXPOSURE } from "./tool/schemas";

// 4 MB of JSON stays under the app's 5 MB request-body limit.
const SOURCE = z.string().max(4_000_000, "The import is over 4 MB; split it.");
const options = z.object({
  namespace: z.string().trim().max(1000).nullable().transform((v) => v || null),
  mcpServer: z.string().trim().max(1000).nullable().transform((v) => v || null),
  exposure: EXPOSURE,
  namespaceDescription: z.string().max(16_000, "at most 16,000 characters").nullish(),
});
const STATUS = z.enum(["new", "changed", "unchanged", "invalid", "skipped"]);
const preview = z.object({
  format: z.enum(["mcp", "openai", "anthropic"]),
  fingerprint: z.string(),
  counts: z.record(STATUS, z.number().int()),
  rows: z.array(
    z.object({
      index: z.number().int(),
      label: z.string(),
      status: STATUS,
      key: z.string().nullable(),
      messages: z.array(z.string()),
      changes: z.array(z.object({ field: z.enum(["description", "parameters", "strict", "mcpTitle", "mcpServer", "mcpMetadata"]), before: z.string(), after: z.string() })),
      exposure: EXPOSURE.nullable(),
      toolId: z.string().nullable(),
      revision: z.number().int().nullable(),
    }),
  ),
});
const connection = z.discriminatedUnion("transport", [
  z.object({ transport: z.literal("stdio"), command: z.string().max(1000), args: z.array(z.string().max(4000)).max(100).default([]), env: z.record(z.string().max(200), z.string().max(4000)).default({}) }),
  z.object({ transport: z.literal("http"), url: z.string().max(2000), headers: z.record(z.string().max(200), z.string().max(8000)).default({}) }),
]);

export const ioRouter = router({
  /** Reads a pasted/uploaded tools list and compares it with the catalog; writes nothing. */
  previewImport: catalogProcedure("editor")
    .input(z.object({ text: SOURCE, options }))
    .output(preview)
    .mutation(({ ctx, input }) => previewImport({ db: ctx.db, catalog: ctx.catalog, text: input.text, options: input.options })),

  /** Imports what the preview showed, all or nothing; `fingerprint` is the preview's. */
  commitImport: catalogProcedure("editor")
    .input(z.object({ text: SOURCE, options, fingerprint: z.string().max(64), skipInvalid: z.boolean().default(false) }))
    .output(z.object({ format: z.string(), created: z.number(), updated: z.number(), unchanged: z.number(), skipped: z.number(), mcpServer: z.string().nullable(), namespace: z.string().nullable() }))
    .mutation(({ ctx, input }) =>
      commitImport({ db: ctx.db, catalog: ctx.catalog, actor: actorOf(ctx.user), text: input.text, options: input.options, fingerprint: input.fingerprint, skipInvalid: input.skipInvalid }),
    ),

  /**
   * Connects to a live MCP server and returns its tools/list result as JSON text, for previewImport.
   * A stdio server is a command run on the Stockroom host, so it needs the owner role; HTTP needs editor.
   */
  fetchMcp: catalogProcedure("editor")
    .input(z.object({ connection }))
    .output(z.object({ serverName: z.string().nullable(), serverVersion: z.string().nullable(), namespaceDescription: z.string().nullable(), toolCount: z.number().int(), text: z.string() }))
    .mutation(({ ctx, input }) => {
      if (input.connection.transport === "stdio" && ctx.role !== "owner") {
        throw new AppError("FORBIDDEN", "Starting an MCP server command runs it on the Stockroom host, which needs the owner role; connect over HTTP instead, or ask an owner.");
      }
      return fetchMcpTools(input.connection);
    }),

  /** Restores a lossless catalog export (`stockroom.catalog/v1`) into this catalog, which must be empty. */
  importCatalog: catalogProcedure("editor")
    .input(z.object({ text: SOURCE }))
    .output(z.object({ format: z.string(), namespaces: z.number().int(), tools: z.number().int(), goldenQueries: z.number().int() }))
    .mutation(({ ctx, input }) => importCatalogDocument({ db: ctx.db, catalog: ctx.catalog, actor: actorOf(ctx.user), text: input.text })),

  /** The draft as OpenAI Responses tools, Anthropic tools or an MCP tools/list result. */
  export: catalogProcedure("viewer")
    .input(z.object({ format: z.enum(EXPORT_FORMATS), supportsToolSearch: z.boolean().default(true) }))
    .output(z.object({ format: z.string(), filename: z.string(), usesToolSearch: z.boolean(), counts: z.object({ direct: z.number(), deferred: z.number(), omitted: z.number() }), json: z.string() }))
    .query(({ ctx, input }) => exportDraft({ db: ctx.db, team: ctx.team, catalog: ctx.catalog, format: input.format, supportsToolSearch: input.supportsToolSearch })),
});
