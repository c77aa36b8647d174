import type { MatchStrength } from "@/search/index";
import { fmt } from "./format";

/** A hit's match strength: strong when its score reaches the request's bar (search/README.md, "Match strength"). */
export function StrengthBadge({ strength, evidence }: { strength: MatchStrength; evidence: number | null }) {
  const tone =
    strength === "strong"
      ? "border-emerald-300 bg-emerald-50 text-emerald-800"
      : "border-amber-300 bg-amber-50 text-amber-800";
  const ratio = evidence === null ? "" : `${fmt(Math.min(evidence, 99), 2)}× the request's bar`;
  return (
    <span
      className={`rounded border px-1.5 text-xs ${tone}`}
      title={ratio}
      aria-label={`${strength} match${ratio ? `, ${ratio}` : ""}`}
    >
      {strength}
    </span>
  );
}
