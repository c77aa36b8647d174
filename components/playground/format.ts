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

interface VocabularyEffectView {
  term: string;
  related: ReadonlyArray<{ term: string; source: string; weight: number }>;
}

/**
 * What the vocabulary added to one request word: "refund → payment (general)", and each learned link apart with
 * its weight ("paid ≈ payment, learned, weight 0.4"), so a curator can turn it into a catalog line.
 */
export function vocabularyEffectLabel({ term, related }: VocabularyEffectView, word = term): string {
  const learned = related.filter((r) => r.source === "learned");
  const listed = related.filter((r) => r.source !== "learned");
  const stems = word === term ? "" : "stems ";
  return [
    ...(listed.length > 0 ? [`${word} → ${stems}${listed.map((r) => `${r.term} (${r.source})`).join(", ")}`] : []),
    ...learned.map((r) => `${word} ≈ ${stems}${r.term}, learned, weight ${Math.round(r.weight * 100) / 100}`),
  ].join("; ");
}
