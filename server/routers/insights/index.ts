import { z } from "zod";
import { catalogProcedure, router } from "../../trpc";
import { createGoldenQuery } from "../../services/golden/create-golden-query";
import { applySearchTerms } from "../../services/insights/apply-search-terms";
import { eventFiltersSchema } from "../../services/insights/event-filters";
import { getInsightsOverview } from "../../services/insights/insights-overview";
import { insightsFilterSchema, resolvePeriod } from "../../services/insights/insights-period";
import { listAgentEvents, listFailingRequests } from "../../services/insights/list-agent-events";
import { suggestSearchTerms } from "../../services/insights/suggest-search-terms";
import { telemetryTextModeSchema } from "../../services/insights/privacy";
import { telemetrySettingsOf, updateTelemetrySettings } from "../../services/insights/telemetry-settings";
import { REVISION } from "../tool/schemas";
import {
  cursorSchema,
  eventRowOutput,
  failingOutput,
  failureKindSchema,
  overviewOutput,
  settingsOutput,
  suggestionsOutput,
} from "./schemas";

const TOOL_KEY = z.string().trim().min(1).max(300);

/** What agents reported about one catalog, for its members; agent tokens have no way in here. */
export const insightsRouter = router({
  overview: catalogProcedure("viewer")
    .input(insightsFilterSchema)
    .output(overviewOutput)
    .query(({ ctx, input }) =>
      getInsightsOverview({ db: ctx.db, catalogId: ctx.catalog.id, period: resolvePeriod(input) }),
    ),

  failing: catalogProcedure("viewer")
    .input(insightsFilterSchema.extend({ kind: failureKindSchema, k: z.number().int().min(1).max(100).optional() }))
    .output(failingOutput)
    .query(({ ctx, input }) =>
      listFailingRequests({
        db: ctx.db,
        catalogId: ctx.catalog.id,
        period: resolvePeriod(input),
        kind: input.kind,
        k: input.k,
      }),
    ),

  events: catalogProcedure("viewer")
    .input(
      insightsFilterSchema.extend({
        filters: eventFiltersSchema.default({}),
        cursor: cursorSchema.nullish().describe("The last row of the previous page."),
      }),
    )
    .output(z.object({ events: z.array(eventRowOutput), next: cursorSchema.nullable() }))
    .query(({ ctx, input }) =>
      listAgentEvents({
        db: ctx.db,
        catalogId: ctx.catalog.id,
        period: resolvePeriod(input),
        filters: input.filters,
        before: input.cursor,
      }),
    ),

  suggestions: catalogProcedure("viewer")
    .input(insightsFilterSchema.extend({ toolId: TOOL_KEY }))
    .output(suggestionsOutput)
    .query(({ ctx, input }) =>
      suggestSearchTerms({
        db: ctx.db,
        team: ctx.team,
        catalog: ctx.catalog,
        period: resolvePeriod(input),
        toolId: input.toolId,
      }),
    ),

  applyTerms: catalogProcedure("editor")
    .input(
      z.object({
        toolDbId: z.string().min(1).max(64),
        revision: REVISION,
        terms: z.array(z.string().max(100)).min(1).max(20),
      }),
    )
    .output(z.object({ key: z.string(), revision: z.number().int(), searchText: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { toolDbId, revision, terms } = input;
      const tool = await applySearchTerms({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        toolDbId,
        revision,
        terms,
      });
      return { key: tool.key, revision: tool.revision, searchText: tool.effectiveSearchText };
    }),

  /** A failing request as a golden query expecting the tool the model called (the usual golden-query rules apply). */
  addGolden: catalogProcedure("editor")
    .input(z.object({ query: z.string().min(1).max(2000), toolId: TOOL_KEY }))
    .output(z.object({ id: z.string(), query: z.string(), expected: z.array(z.string()) }))
    .mutation(({ ctx, input }) =>
      createGoldenQuery({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        query: input.query,
        expected: [input.toolId],
        note: "From Insights: a request agents made in production.",
      }),
    ),

  settings: catalogProcedure("viewer")
    .output(settingsOutput)
    .query(({ ctx }) => telemetrySettingsOf(ctx.catalog)),

  updateSettings: catalogProcedure("owner")
    .input(
      z.object({
        revision: REVISION,
        textMode: telemetryTextModeSchema.optional(),
        retentionDays: z.number().int().optional(),
      }),
    )
    .output(settingsOutput)
    .mutation(({ ctx, input }) =>
      updateTelemetrySettings({
        db: ctx.db,
        catalog: ctx.catalog,
        actor: ctx.actor,
        revision: input.revision,
        patch: { textMode: input.textMode, retentionDays: input.retentionDays },
      }),
    ),
});
