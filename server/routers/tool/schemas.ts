import { z } from "zod";
import { TOOL, toolInputShape, toolOutputShape } from "@/domain/tool";
import { engineProfileSchema, exposureSchema, fallbackSchema, searchTextModeSchema } from "@/domain/vocabulary";
import { TOOL_SORTS } from "../../services/tools/list-tools";

export const EXPOSURE = exposureSchema;
export const FALLBACK = fallbackSchema;
export const SEARCH_TEXT_MODE = searchTextModeSchema;
export const PROFILE = engineProfileSchema;
export const TOOL_ID = z.string().trim().min(1, "id is required").max(64);
/** Revisions are Postgres `integer`s: past 2^31 - 1 no row can have it, so refuse it as input instead of overflowing. */
export const REVISION = z
  .number()
  .int("revision is a whole number")
  .min(1, "revision starts at 1")
  .max(2_147_483_647, "revision is at most 2147483647");

/** Every editable field, as domain/tool.ts defines it. */
export const toolFields = z.object(toolInputShape(TOOL));

export const toolPatch = toolFields.partial();

export const toolFilters = z.object({
  search: z.string().max(200).optional(),
  namespace: z.string().max(64).nullish(),
  exposure: EXPOSURE.nullish(),
});

export const toolListInput = toolFilters.extend({
  sort: z.enum(TOOL_SORTS).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
});

export const toolListItem = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  description: z.string(),
  exposure: EXPOSURE,
  fallback: FALLBACK,
  searchTextMode: SEARCH_TEXT_MODE,
  revision: z.number(),
  updatedAt: z.date(),
});

export const toolDetail = z.object({
  id: z.string(),
  key: z.string(),
  ...toolOutputShape(TOOL),
  revision: z.number().int(),
  createdAt: z.date(),
  updatedAt: z.date(),
  generatedSearchText: z.string(),
  effectiveSearchText: z.string(),
  profile: PROFILE,
  tokens: z.array(z.string()),
});
