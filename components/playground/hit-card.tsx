"use client";

import { useState } from "react";
import { Description } from "@/components/ui/description";
import { fmt } from "./format";
import { HighlightedText, type Segment } from "./highlighted-text";
import { SearchTextQuickEdit } from "./search-text-quick-edit";
import type { MatchStrength, ScoreFactor } from "@/search/index";
import { StrengthBadge } from "./strength-badge";
import { TermTable, type Term } from "./term-table";
import { ExplainedFields, type FieldView } from "./explained-fields";

export interface Hit {
  key: string;
  name: string;
  namespace: string | null;
  description: string;
  segments: Segment[];
  fields: FieldView[];
  score: number;
  rank: number | null;
  terms: Term[];
  termSum: number;
  factors: ScoreFactor[];
  matchedTerms: string[];
  missingTerms: string[];
  matchedWords: string[];
  missingWords: string[];
  strength: MatchStrength | null;
  evidence: number | null;
  toolId: string | null;
}

interface HitCardProps {
  hit: Hit;
  /** Why the request's bar is where it is (shown with the explanation). */
  barReason: string;
  /** The profile that ranked it. */
  profile: string;
  team: string;
  catalog: string;
  canEdit: boolean;
  isExpected: boolean;
  onExpectedChange: (isExpected: boolean) => void;
}

const LINK = "text-xs text-stone-700 underline hover:text-stone-950";

/**
 * One ranked tool, dense enough that five fit on a laptop screen: rank, key, score and strength on one line with
 * its actions, then one line each of description and search text (both open in full on demand).
 */
export function HitCard(props: HitCardProps) {
  const { hit, barReason, profile, team, catalog, canEdit, isExpected, onExpectedChange } = props;
  const [isExplained, setExplained] = useState(false);
  const [isEditing, setEditing] = useState(false);
  return (
    <li
      className="rounded-lg border border-stone-200 bg-white px-3 py-2 shadow-sm"
      aria-label={`${hit.rank}. ${hit.key}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="w-6 text-right text-sm font-semibold text-stone-400 tabular-nums">{hit.rank}</span>
        <span className="min-w-0 font-mono text-sm font-medium break-all">{hit.key}</span>
        <span className="text-xs text-stone-500">
          score <span className="font-medium text-stone-800 tabular-nums">{fmt(hit.score)}</span>
        </span>
        {hit.strength && <StrengthBadge strength={hit.strength} evidence={hit.evidence} />}
        <span className="ml-auto flex items-baseline gap-3">
          <button type="button" aria-expanded={isExplained} onClick={() => setExplained(!isExplained)} className={LINK}>
            {isExplained ? "Hide explanation" : "Explain"}
          </button>
          {canEdit && hit.toolId && (
            <button type="button" aria-expanded={isEditing} onClick={() => setEditing(!isEditing)} className={LINK}>
              Edit search text
            </button>
          )}
          <label className="flex items-center gap-1 text-xs text-stone-600">
            <input type="checkbox" checked={isExpected} onChange={(e) => onExpectedChange(e.target.checked)} />
            Expected
          </label>
        </span>
      </div>
      <div className="ml-9">
        <Description text={hit.description} compact className="text-stone-700" />
        <HighlightedText segments={hit.segments} label={`Search text of ${hit.key}`} isCompact />
        {hit.missingWords.length > 0 && <p className="text-xs text-stone-500">Lacks: {hit.missingWords.join(", ")}</p>}
        {isExplained && <HitExplanation hit={hit} barReason={barReason} profile={profile} />}
        {isEditing && hit.toolId && (
          <SearchTextQuickEdit team={team} catalog={catalog} toolId={hit.toolId} onDone={() => setEditing(false)} />
        )}
      </div>
    </li>
  );
}

/** Why the hit scored what it did, what was indexed field by field, and its match strength. */
function HitExplanation({ hit, barReason, profile }: { hit: Hit; barReason: string; profile: string }) {
  return (
    <>
      <TermTable
        terms={hit.terms}
        score={hit.score}
        termSum={hit.termSum}
        factors={hit.factors}
        label={`Explanation of ${hit.key}`}
      />
      <ExplainedFields fields={hit.fields} profile={profile} toolKey={hit.key} />
      <p className="mt-1 text-xs text-stone-600">
        Match strength: {hit.strength} ({fmt(hit.evidence ?? 0, 2)}× the request&apos;s bar). {barReason}
      </p>
    </>
  );
}
