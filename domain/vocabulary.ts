// The domain's value lists, each one `as const` tuple with its zod schema and labels. Everything else imports
// them: a new value is added here (and, for a database enum, in schema.prisma + a migration) and nowhere else.
// Pure: imports only zod and search/ (which owns the engine profiles and search-text modes it ranks with).
import { z } from "zod";
import { ENGINE_PROFILES, type EngineProfile } from "../search/settings";
import { SEARCH_TEXT_MODES, type SearchTextMode } from "../search/search-text";

export { DEFAULT_PROFILE, ENGINE_PROFILES, isEngineProfile, type EngineProfile } from "../search/settings";
export { SEARCH_TEXT_MODES, type SearchTextMode } from "../search/search-text";

/** Engine profiles: the registry is search/profiles.ts (labels and descriptions there). */
export const engineProfileSchema = z.enum(ENGINE_PROFILES);
type Underscored<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Underscored<B>}` : S;
/**
 * A database enum value cannot hold "-": Prisma's `EngineProfile` spells `codex-bm25` as `codex_bm25` (and maps it
 * back with `@map`), so a profile's database spelling is its id with "_" for "-".
 */
export const ENGINE_PROFILE_DB = Object.fromEntries(ENGINE_PROFILES.map((id) => [id, id.replaceAll("-", "_")])) as {
  readonly [P in EngineProfile]: Underscored<P>;
};

/** How a tool reaches an agent (docs/design.md, "Exposure"). */
export const EXPOSURES = ["direct", "deferred", "hidden"] as const;
export type Exposure = (typeof EXPOSURES)[number];
export const exposureSchema = z.enum(EXPOSURES);
export const EXPOSURE_LABELS: Record<Exposure, string> = { direct: "Direct", deferred: "Deferred", hidden: "Hidden" };
/** The most tools one bulk change takes (and "select all matching" picks, the first by key). */
export const BULK_TOOL_LIMIT = 5000;
/** The exposures a snapshot carries (hidden tools are not published). */
export const PUBLISHED_EXPOSURES = ["direct", "deferred"] as const satisfies readonly Exposure[];
export type PublishedExposure = (typeof PUBLISHED_EXPOSURES)[number];
export const publishedExposureSchema = z.enum(PUBLISHED_EXPOSURES);

/** What a client that cannot call tool_search does with a deferred tool. */
export const FALLBACKS = ["direct", "hidden"] as const;
export type Fallback = (typeof FALLBACKS)[number];
export const fallbackSchema = z.enum(FALLBACKS);
export const FALLBACK_LABELS: Record<Fallback, string> = { direct: "Direct", hidden: "Hidden" };

export const searchTextModeSchema = z.enum(SEARCH_TEXT_MODES);
export const SEARCH_TEXT_MODE_LABELS: Record<SearchTextMode, string> = {
  generated: "Generated",
  "generated+extra": "Generated + extra",
  override: "Override",
};
/** The database enum cannot hold "+": Prisma's `SearchTextMode` spells `generated+extra` as `generated_extra`. */
export const SEARCH_TEXT_MODE_DB = {
  generated: "generated",
  "generated+extra": "generated_extra",
  override: "override",
} as const satisfies Record<SearchTextMode, string>;

/** Team roles, most powerful first. */
export const ROLES = ["owner", "editor", "viewer"] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);
export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", editor: "Editor", viewer: "Viewer" };

/**
 * What an agent token may do: every token reads its catalog's snapshots; `import` also commits imports through the
 * API; `events` reports agent events (Insights), on by default for new tokens.
 */
export const AGENT_TOKEN_SCOPES = ["read", "import", "events"] as const;
export type AgentTokenScope = (typeof AGENT_TOKEN_SCOPES)[number];
export const agentTokenScopeSchema = z.enum(AGENT_TOKEN_SCOPES);
/** The scopes a new token has unless its owner says otherwise. */
export const DEFAULT_AGENT_TOKEN_SCOPES: readonly AgentTokenScope[] = ["read", "events"];
export const AGENT_TOKEN_SCOPE_LABELS: Record<AgentTokenScope, string> = {
  read: "read snapshots",
  import: "import tools (stockroom import)",
  events: "report agent events (Insights)",
};

/** Expected failures (server/errors.ts `AppError`), each with its tRPC code and HTTP status. */
export const ERROR_CODES = [
  "INVALID_INPUT",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNPROCESSABLE",
  "RATE_LIMITED",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const errorCodeSchema = z.enum(ERROR_CODES);
export const ERROR_CODE_STATUS = {
  INVALID_INPUT: { trpc: "BAD_REQUEST", http: 400 },
  UNAUTHORIZED: { trpc: "UNAUTHORIZED", http: 401 },
  FORBIDDEN: { trpc: "FORBIDDEN", http: 403 },
  NOT_FOUND: { trpc: "NOT_FOUND", http: 404 },
  METHOD_NOT_ALLOWED: { trpc: "METHOD_NOT_SUPPORTED", http: 405 },
  CONFLICT: { trpc: "CONFLICT", http: 409 },
  PAYLOAD_TOO_LARGE: { trpc: "PAYLOAD_TOO_LARGE", http: 413 },
  UNPROCESSABLE: { trpc: "UNPROCESSABLE_CONTENT", http: 422 },
  RATE_LIMITED: { trpc: "TOO_MANY_REQUESTS", http: 429 },
  INTERNAL: { trpc: "INTERNAL_SERVER_ERROR", http: 500 },
} as const satisfies Record<ErrorCode, { trpc: string; http: number }>;

/** `{ a: "x" }` → `{ x: "a" }`, for reading a database spelling back. */
export function invert<const M extends Record<string, string>>(
  map: M,
): { [V in M[keyof M]]: { [K in keyof M]: M[K] extends V ? K : never }[keyof M] } {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [v, k])) as never;
}
