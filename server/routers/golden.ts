import { z } from "zod";
import { catalogProcedure, router } from "../trpc";
import { REVISION } from "./tool/schemas";
import { createGoldenQuery } from "../services/golden/create-golden-query";
import { deleteGoldenQuery } from "../services/golden/delete-golden-query";
import { exportGoldenQueries } from "../services/golden/export-golden-queries";
import {
  MAX_EXPECTED,
  MAX_NOTE_LENGTH,
  MAX_QUERY_LENGTH,
  MAX_TOOL_ID_LENGTH,
} from "../services/golden/golden-query-shape";
import { importGoldenQueries, UNKNOWN_ID_POLICIES } from "../services/golden/import-golden-queries";
import { listGoldenQueries } from "../services/golden/list-golden-queries";
import { updateGoldenQuery } from "../services/golden/update-golden-query";

const QUERY = z.string().max(MAX_QUERY_LENGTH * 2, `The query is longer than ${MAX_QUERY_LENGTH} characters.`);
const EXPECTED = z
  .array(z.string().max(MAX_TOOL_ID_LENGTH, "A tool id is too long."))
  .max(MAX_EXPECTED, `A golden query can expect at most ${MAX_EXPECTED} tools.`);
const NOTE = z.string().max(MAX_NOTE_LENGTH, `The note is longer than ${MAX_NOTE_LENGTH} characters.`);
const ID = z.string().min(1).max(64);
/** 2 MB of JSONL is about 10,000 queries: far above the import's 5,000-line limit. */
const MAX_IMPORT_CHARS = 2_000_000;

export const goldenQueryOutput = z.object({
  id: z.string(),
  query: z.string(),
  expected: z.array(z.string()),
  note: z.string(),
  revision: z.number().int(),
  updatedAt: z.date(),
});

export const goldenRouter = router({
  list: catalogProcedure("viewer")
    .input(z.object({ search: z.string().max(200).optional() }))
    .output(
      z.object({
        total: z.number().int(),
        queries: z.array(
          goldenQueryOutput.extend({
            issues: z.array(z.object({ id: z.string(), status: z.enum(["direct", "hidden", "missing"]) })),
          }),
        ),
      }),
    )
    .query(({ ctx, input }) => listGoldenQueries({ db: ctx.db, catalog: ctx.catalog, search: input.search })),

  create: catalogProcedure("editor")
    .input(z.object({ query: QUERY, expected: EXPECTED, note: NOTE.optional() }))
    .output(goldenQueryOutput)
    .mutation(({ ctx, input }) =>
      createGoldenQuery({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        query: input.query,
        expected: input.expected,
        note: input.note,
      }),
    ),

  update: catalogProcedure("editor")
    .input(
      z.object({
        id: ID,
        revision: REVISION,
        query: QUERY.optional(),
        expected: EXPECTED.optional(),
        note: NOTE.optional(),
      }),
    )
    .output(goldenQueryOutput)
    .mutation(({ ctx, input: { team: _team, catalog: _catalog, ...edit } }) =>
      updateGoldenQuery({ db: ctx.db, catalog: ctx.catalog, actor: ctx.actor, ...edit }),
    ),

  delete: catalogProcedure("editor")
    .input(z.object({ id: ID, revision: REVISION.optional() }))
    .output(z.void())
    .mutation(({ ctx, input }) =>
      deleteGoldenQuery({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        id: input.id,
        revision: input.revision,
      }),
    ),

  import: catalogProcedure("editor")
    .input(
      z.object({
        content: z.string().max(MAX_IMPORT_CHARS, "The file is larger than 2 MB; split it."),
        unknownIds: z.enum(UNKNOWN_ID_POLICIES).default("reject"),
        dryRun: z.boolean().default(false),
      }),
    )
    .output(
      z.object({
        dryRun: z.boolean(),
        created: z.number().int(),
        updated: z.number().int(),
        unchanged: z.number().int(),
        leftOut: z.number().int(),
        unknown: z.array(z.object({ line: z.number().int(), query: z.string(), ids: z.array(z.string()) })),
        unknownIds: z.enum(UNKNOWN_ID_POLICIES),
      }),
    )
    .mutation(({ ctx, input }) =>
      importGoldenQueries({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        content: input.content,
        unknownIds: input.unknownIds,
        dryRun: input.dryRun,
      }),
    ),

  export: catalogProcedure("viewer")
    .output(z.object({ filename: z.string(), count: z.number().int(), content: z.string() }))
    .query(({ ctx }) => exportGoldenQueries({ db: ctx.db, catalog: ctx.catalog })),
});
