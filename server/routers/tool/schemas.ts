import { z } from "zod";
import { jsonObjectSchema } from "@/sdk/snapshot";
import type { McpToolMetadata } from "@/sdk/snapshot";
import { ENGINE_PROFILES } from "@/search/index";
import { TOOL_SORTS } from "../../services/tools/list-tools";

export const EXPOSURE = z.enum(["direct", "deferred", "hidden"]);
export const FALLBACK = z.enum(["direct", "hidden"]);
export const SEARCH_TEXT_MODE = z.enum(["generated", "generated+extra", "override"]);
export const PROFILE = z.enum(ENGINE_PROFILES);
export const TOOL_ID = z.string().trim().min(1, "id is required").max(64);
/** Revisions are Postgres `integer`s: past 2^31 - 1 no row can have it, so refuse it as input instead of overflowing. */
export const REVISION = z.number().int("revision is a whole number").min(1, "revision starts at 1").max(2_147_483_647, "revision is at most 2147483647");

export const actorOf = (user: { id: string; email: string }) => ({ id: user.id, label: user.email });

// Lengths here only stop absurd payloads; validate-tool.ts gives the precise rules and messages.
const text = (max: number) => z.string().max(max, `at most ${max} characters`);
/** Parameters are checked by validate-tool.ts (object schema, ajv, sizes) so the message can say what to fix. */
const parameters = z.unknown().transform((value) => value as Record<string, unknown>);

/** Blank means "none" for the optional names. */
const optionalName = z.string().trim().max(1000).nullable().transform((value) => value || null);

export const toolFields = z.object({
  name: z.string().trim().max(1000),
  namespace: optionalName,
  description: text(200_000),
  parameters,
  strict: z.boolean(),
  exposure: EXPOSURE,
  fallback: FALLBACK,
  searchTextMode: SEARCH_TEXT_MODE,
  searchTextExtra: text(200_000),
  searchTextOverride: text(200_000),
  mcpServer: optionalName,
  mcpTitle: optionalName,
  /** MCP annotations, outputSchema, icons, _meta, execution as received; checked by tool-rules.ts. */
  mcpMetadata: z.unknown().transform((value) => value as McpToolMetadata | null),
});

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
  name: z.string(),
  namespace: z.string().nullable(),
  description: z.string(),
  parameters: jsonObjectSchema,
  strict: z.boolean(),
  exposure: EXPOSURE,
  fallback: FALLBACK,
  searchTextMode: SEARCH_TEXT_MODE,
  searchTextExtra: z.string(),
  searchTextOverride: z.string(),
  mcpServer: z.string().nullable(),
  mcpTitle: z.string().nullable(),
  mcpMetadata: z.record(z.string(), z.unknown()).nullable(),
  revision: z.number().int(),
  createdAt: z.date(),
  updatedAt: z.date(),
  generatedSearchText: z.string(),
  effectiveSearchText: z.string(),
  profile: PROFILE,
  tokens: z.array(z.string()),
});
