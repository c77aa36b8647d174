import { profileLabel as registryLabel, type EngineProfile } from "@/search/settings";

/** Scores and BM25 factors at a readable precision (the engine keeps full floats). */
export const fmt = (value: number, digits = 3) => (Number.isInteger(value) ? String(value) : value.toFixed(digits));

export const tokens = (value: number) => value.toLocaleString("en-US");

export type Profile = EngineProfile;

export interface SourceOption {
  /** null = the draft. */
  version: number | null;
  label: string;
}

export const sourceLabel = (version: number | null) => (version === null ? "Draft" : `Published v${version}`);

export const profileLabel = (profile: Profile) => registryLabel(profile);
