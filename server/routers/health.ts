import { z } from "zod";
import { checkCategorySchema, checkSeveritySchema, QUALITY_COMPONENTS } from "@/domain/catalog-check/index";
import { catalogProcedure, router } from "../trpc";
import { countVersionFindings } from "../services/health/count-version-findings";
import { listHealthFindings } from "../services/health/list-health-findings";

// Records over an enum list every key (zod 4): one count per category and severity.
const categoryCounts = z.record(checkCategorySchema, z.record(checkSeveritySchema, z.number().int()));
const storedCounts = z.object({ counts: categoryCounts, tools: z.number().int(), toolsWithFindings: z.number().int() });
const toolLink = z.object({ id: z.string(), editorId: z.string().nullable() });

const finding = z.object({
  rule: z.string(),
  category: checkCategorySchema,
  severity: checkSeveritySchema,
  component: z.enum(QUALITY_COMPONENTS).optional(),
  message: z.string(),
  tools: z.array(toolLink),
  playgroundQuery: z.string().nullable(),
  spans: z.array(z.object({ field: z.string(), text: z.string() })),
});

/** The Health tab: the catalog check over the draft, and finding counts per published version. */
export const healthRouter = router({
  /** The draft's findings, filtered and grouped by tool (worst first), a page of tools at a time. */
  findings: catalogProcedure("viewer")
    .input(
      z.object({
        category: checkCategorySchema.nullish(),
        severity: checkSeveritySchema.nullish(),
        tool: z.string().max(300, "Keep the tool filter under 300 characters.").nullish(),
        page: z.number().int().min(1, "Pages start at 1.").max(100_000).optional(),
      }),
    )
    .output(
      z.object({
        summary: z.object({
          counts: categoryCounts,
          tools: z.number().int(),
          toolsWithFindings: z.number().int(),
          golden: z.number().int(),
          traffic: z.number().int(),
        }),
        tools: z.array(toolLink.extend({ findings: z.array(finding) })),
        matching: z.object({ tools: z.number().int(), findings: z.number().int() }),
        page: z.number().int(),
        pageCount: z.number().int(),
      }),
    )
    .query(({ ctx, input: { category, severity, tool, page } }) =>
      listHealthFindings({
        db: ctx.db,
        team: ctx.team,
        catalog: ctx.catalog,
        filters: { category, severity, tool },
        page,
      }),
    ),

  /** Counts per category and severity for the draft and each published version (newest first; null = not yet). */
  versions: catalogProcedure("viewer")
    .output(
      z.object({
        draft: storedCounts,
        versions: z.array(
          z.object({ version: z.number().int(), publishedMs: z.number(), counts: storedCounts.nullable() }),
        ),
        isComplete: z.boolean(),
      }),
    )
    .query(({ ctx }) => countVersionFindings({ db: ctx.db, team: ctx.team, catalog: ctx.catalog })),
});
