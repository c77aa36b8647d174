import type { VocabularySpec } from "./vocabulary/packs";

/** Ranking engine profiles (registry: profiles.ts): `codex-bm25` reproduces the Rust `bm25` crate 2.3.2; `stockroom` is tuned for tools. */
export const ENGINE_PROFILES = ["codex-bm25", "stockroom"] as const;
export type EngineProfile = (typeof ENGINE_PROFILES)[number];

/** BM25 term-frequency saturation (the crate's default). */
export const DEFAULT_K1 = 1.2;
/** BM25 length normalisation (the crate's default). */
export const DEFAULT_B = 0.75;
/** Hits returned by `search` when no limit is given (tool_search default). */
export const DEFAULT_LIMIT = 8;
/** Profile for new catalogs. */
export const DEFAULT_PROFILE: EngineProfile = "stockroom";
/** What a person reads beside each profile's id in a picker or a column title (the engines are in profiles.ts). */
export const PROFILE_NOTES: { readonly [P in EngineProfile]: string } = {
  "codex-bm25": "what Codex would return",
  stockroom: "recommended",
};
/** A profile as a picker lists it: its id and its note. */
export const profileLabel = (profile: EngineProfile): string => `${profile} (${PROFILE_NOTES[profile]})`;
/** Every profile, the default first, as `{ value, label }` options for a picker. */
export const PROFILE_OPTIONS: readonly { value: EngineProfile; label: string }[] = [
  DEFAULT_PROFILE,
  ...ENGINE_PROFILES.filter((profile) => profile !== DEFAULT_PROFILE),
].map((value) => ({ value, label: profileLabel(value) }));

export interface EngineSettings {
  profile: EngineProfile;
  k1: number;
  b: number;
  defaultLimit: number;
  /** Leave out hits whose match strength is weak (a catalog's opt-in; by default every scored tool is returned). */
  dropWeakHits: boolean;
  /** Vocabulary packs and the catalog's own lines (stockroom profile; absent: every pack at version 1, no lines). */
  vocabulary?: VocabularySpec;
}

export const DEFAULT_SETTINGS: EngineSettings = {
  profile: DEFAULT_PROFILE,
  k1: DEFAULT_K1,
  b: DEFAULT_B,
  defaultLimit: DEFAULT_LIMIT,
  dropWeakHits: false,
};

export function isEngineProfile(value: unknown): value is EngineProfile {
  return typeof value === "string" && (ENGINE_PROFILES as readonly string[]).includes(value);
}

export function resolveSettings(settings: Partial<EngineSettings> = {}): EngineSettings {
  const resolved: EngineSettings = { ...DEFAULT_SETTINGS };
  for (const [key, value] of Object.entries(settings)) {
    if (value !== undefined) (resolved as unknown as Record<string, unknown>)[key] = value;
  }
  if (!isEngineProfile(resolved.profile)) throw new RangeError(`unknown engine profile: ${String(resolved.profile)}`);
  if (!(Number.isFinite(resolved.k1) && resolved.k1 >= 0)) throw new RangeError(`k1 must be a number >= 0`);
  if (!(Number.isFinite(resolved.b) && resolved.b >= 0 && resolved.b <= 1)) throw new RangeError(`b must be in [0, 1]`);
  if (!(Number.isInteger(resolved.defaultLimit) && resolved.defaultLimit >= 1)) {
    throw new RangeError(`defaultLimit must be an integer >= 1`);
  }
  if (typeof resolved.dropWeakHits !== "boolean") throw new RangeError(`dropWeakHits must be a boolean`);
  return resolved;
}
