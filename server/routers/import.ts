import { z } from "zod";
import { AppError } from "../errors";
import { catalogProcedure, router } from "../trpc";
import { importCatalogDocument } from "../services/import/import-catalog-document";
import { getMcpImportSettings } from "../env";
import { fetchMcpTools } from "../services/import/fetch-mcp-tools";
import { CLI_IMPORT_HINT } from "../services/import/live-import-policy";
import { commitImport, previewImport } from "../services/import/import-tools";
import type { ImportControl } from "../services/import/import-progress";
import { trackSync } from "../services/sources/running-syncs";
import { sharedSyncRuns } from "../services/sources/shared-sync-runs";
import { syncIdSchema as SYNC_ID } from "@/domain/sources";
import {
  importDecisionsSchema,
  importOptionsSchema,
  importPreviewSchema,
  importResultSchema,
  importSourceTextSchema,
} from "@/domain/import";

const SOURCE = importSourceTextSchema;
const options = importOptionsSchema;
const preview = importPreviewSchema;
const connection = z.discriminatedUnion("transport", [
  z.object({
    transport: z.literal("stdio"),
    command: z.string().max(1000),
    args: z.array(z.string().max(4000)).max(100).default([]),
    env: z.record(z.string().max(200), z.string().max(4000)).default({}),
  }),
  z.object({
    transport: z.literal("http"),
    url: z.string().max(2000),
    headers: z.record(z.string().max(200), z.string().max(8000)).default({}),
  }),
]);

/** Import: tools from a pasted or uploaded source, a live MCP server, or a whole catalog document. */
export const importRouter = router({
  /** Reads a pasted/uploaded tools list and compares it with the catalog; writes nothing. */
  preview: catalogProcedure("editor")
    .input(z.object({ text: SOURCE, options }))
    .output(preview)
    .mutation(({ ctx, input }) =>
      previewImport({ db: ctx.db, catalog: ctx.catalog, text: input.text, options: input.options }),
    ),

  /**
   * Imports what the preview showed, all or nothing; `fingerprint` is the preview's, `decisions` say what to do
   * with each removed and each conflict row.
   */
  commit: catalogProcedure("editor")
    .input(
      z.object({
        text: SOURCE,
        options,
        fingerprint: z.string().max(64),
        skipInvalid: z.boolean().default(false),
        decisions: importDecisionsSchema.default({ removed: {}, conflicts: {} }),
        /** Optional: with it, source.syncProgress follows this import and source.cancelSync stops it. */
        syncId: SYNC_ID.optional(),
      }),
    )
    .output(importResultSchema)
    .mutation(({ ctx, input }) => {
      const starter = { userId: ctx.user.id, teamSlug: ctx.team.slug, catalog: ctx.catalog };
      const run = (control: ImportControl | undefined) =>
        commitImport({
          db: ctx.db,
          catalog: ctx.catalog,
          actor: ctx.actor,
          text: input.text,
          options: input.options,
          fingerprint: input.fingerprint,
          skipInvalid: input.skipInvalid,
          decisions: input.decisions,
          control,
        });
      return trackSync(starter, input.syncId, run, sharedSyncRuns(ctx.db), "import");
    }),

  /** What the live-import form may offer on this server (the operator's settings; nothing secret). */
  liveSettings: catalogProcedure("editor")
    .output(z.object({ stdioCommands: z.array(z.string()), allowsPrivateNetworks: z.boolean(), cliHint: z.string() }))
    .query(() => {
      const settings = getMcpImportSettings();
      return {
        stdioCommands: settings.stdioCommands,
        allowsPrivateNetworks: settings.allowPrivateNetworks,
        cliHint: CLI_IMPORT_HINT,
      };
    }),

  /**
   * Connects to a live MCP server and returns its tools/list result as JSON text, for previewImport.
   * A stdio server is a command run on the Stockroom host: off unless the operator allows that command
   * (STOCKROOM_STDIO_COMMANDS), and then for owners only. HTTP needs editor and reaches public addresses only.
   */
  fetchMcp: catalogProcedure("editor")
    .input(z.object({ connection }))
    .output(
      z.object({
        serverName: z.string().nullable(),
        serverVersion: z.string().nullable(),
        namespaceDescription: z.string().nullable(),
        toolCount: z.number().int(),
        text: z.string(),
      }),
    )
    .mutation(({ ctx, input }) => {
      if (input.connection.transport === "stdio" && ctx.role !== "owner") {
        throw new AppError(
          "FORBIDDEN",
          "Starting an MCP server command runs it on the Stockroom host, which needs the owner role; connect over HTTP instead, or ask an owner.",
        );
      }
      return fetchMcpTools(input.connection);
    }),

  /** Restores a lossless catalog export (`stockroom.catalog/v1`) into this catalog, which must be empty. */
  catalogDocument: catalogProcedure("editor")
    .input(z.object({ text: SOURCE }))
    .output(
      z.object({
        format: z.string(),
        namespaces: z.number().int(),
        tools: z.number().int(),
        goldenQueries: z.number().int(),
        sources: z.number().int(),
      }),
    )
    .mutation(({ ctx, input }) =>
      importCatalogDocument({ db: ctx.db, catalog: ctx.catalog, actor: ctx.actor, text: input.text }),
    ),
});
