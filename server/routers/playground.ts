import { z } from "zod";
import { exposureSchema } from "@/domain/vocabulary";
import { catalogProcedure, router } from "../trpc";
import { compareSources } from "../services/playground/compare-rankings";
import { explainTool } from "../services/playground/explain-tool";
import { listPlaygroundSources, suggestTools } from "../services/playground/list-playground-sources";
import {
  compareOutput,
  compareSide,
  explainOutput,
  LIMIT,
  PROFILE,
  QUERY,
  searchOutput,
  sourcesOutput,
  TOOL_KEY,
  VERSION,
} from "../services/playground/schemas";
import { searchPlayground } from "../services/playground/search-playground";

const rankInput = z.object({ query: QUERY, version: VERSION.default(null), profile: PROFILE.optional(), limit: LIMIT });

export const playgroundRouter = router({
  /** The draft and the published versions a column can rank. */
  sources: catalogProcedure("viewer")
    .output(sourcesOutput)
    .query(({ ctx }) => listPlaygroundSources({ db: ctx.db, team: ctx.team, catalog: ctx.catalog })),

  /** Top K for a query, every hit explained and highlighted. */
  search: catalogProcedure("viewer")
    .input(rankInput)
    .output(searchOutput)
    .query(({ ctx, input: { team: _team, catalog: _catalog, ...query } }) =>
      searchPlayground({
        db: ctx.db,
        team: ctx.team,
        catalog: ctx.catalog,
        draftRevision: ctx.draftRevision,
        ...query,
      }),
    ),

  /** "Why not X?": one tool's score, rank and missing terms for the query. */
  explain: catalogProcedure("viewer")
    .input(rankInput.extend({ key: TOOL_KEY }))
    .output(explainOutput)
    .query(({ ctx, input: { team: _team, catalog: _catalog, ...query } }) =>
      explainTool({ db: ctx.db, team: ctx.team, catalog: ctx.catalog, draftRevision: ctx.draftRevision, ...query }),
    ),

  /** Two columns (draft / snapshot × profile) for the same query, with moved / entered / left markers. */
  compare: catalogProcedure("viewer")
    .input(z.object({ query: QUERY, limit: LIMIT, left: compareSide, right: compareSide }))
    .output(compareOutput)
    .query(({ ctx, input: { team: _team, catalog: _catalog, ...query } }) =>
      compareSources({ db: ctx.db, team: ctx.team, catalog: ctx.catalog, draftRevision: ctx.draftRevision, ...query }),
    ),

  /** Tool keys containing `text`, for the tool picker. */
  suggestTools: catalogProcedure("viewer")
    .input(z.object({ text: z.string().max(200) }))
    .output(z.array(z.object({ key: z.string(), exposure: exposureSchema })))
    .query(({ ctx, input }) => suggestTools({ db: ctx.db, catalog: ctx.catalog, text: input.text })),
});
