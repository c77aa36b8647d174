"use client";

import { useNarrowScreen } from "@/components/ui/use-narrow-screen";
import { INDEXED_FIELD_LABELS, type ScoreFactor, type TermExplanation, type TermSource } from "@/search/index";
import { fmt } from "./format";
import { plural } from "@/components/ui/plural";

export type Term = TermExplanation & { word: string; sources: TermSource[] };

/** Where a term's frequency comes from: "Name field +1, Description 2". */
export function describeSources(sources: readonly TermSource[]): string {
  return sources
    .map((source) => `${INDEXED_FIELD_LABELS[source.field]} ${source.field === "name-field" ? "+" : ""}${source.count}`)
    .join(", ");
}

const FACTOR_LABEL: Record<ScoreFactor["kind"], string> = {
  exact: "Exact name",
  name: "Name coverage",
  namespace: "Namespace named",
  change: "Unrequested change",
  opening: "Opening",
  plural: "Plural in name",
};

interface TermTableProps {
  terms: Term[];
  score: number;
  termSum: number;
  /** The stockroom profile's multipliers, in the order applied (empty for codex-bm25). */
  factors: ScoreFactor[];
  label: string;
}

/** The word a person reads, and the engine's stem beside it, labelled, when it differs. */
function TermWord({ term }: { term: Term }) {
  const isStemmed = term.word.toLowerCase() !== term.term;
  return (
    <>
      {term.matched ? "✓" : "✗"} <span className="break-all">{term.word}</span>
      {isStemmed && <span className="ml-1 text-stone-500">(stem “{term.term}”)</span>}
    </>
  );
}

const weightOf = (term: Term) => (term.queryWeight === 1 ? "query" : `related ×${fmt(term.queryWeight, 2)}`);

/** One term's row; on a phone only the word, where it came from and what it added, so nothing runs off the screen. */
function TermRow({ term, isNarrow }: { term: Term; isNarrow: boolean }) {
  return (
    <tr className={`border-b border-stone-100 align-top ${term.matched ? "" : "text-stone-400"}`}>
      <td className="py-1 pr-3">
        <TermWord term={term} />
        {isNarrow && <span className="block text-stone-500">{weightOf(term)}</span>}
      </td>
      {!isNarrow && (
        <>
          <td className="py-1 pr-3">{weightOf(term)}</td>
          <td className="py-1 pr-3 text-right tabular-nums">{fmt(term.idf)}</td>
          <td className="py-1 pr-3 text-right tabular-nums">{term.tf}</td>
        </>
      )}
      <td className="py-1 pr-3">{describeSources(term.sources)}</td>
      {!isNarrow && <td className="py-1 pr-3 text-right tabular-nums">{fmt(term.lengthNorm)}</td>}
      <td className="py-1 text-right font-medium tabular-nums">{fmt(term.contribution)}</td>
    </tr>
  );
}

/**
 * Per-term BM25 breakdown from `explain`, then the profile's multipliers: why a tool scored what it did. Words are
 * the ones a person typed or reads in the tool; on a phone idf, tf and length norm are left out.
 */
export function TermTable({ terms, score, termSum, factors, label }: TermTableProps) {
  const docLength = terms[0]?.docLength;
  const isNarrow = useNarrowScreen();
  const span = isNarrow ? 2 : 6;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-xs" aria-label={label}>
        <thead>
          <tr className="border-b border-stone-200 text-left text-stone-500">
            <th className="py-1 pr-3 font-medium">Word</th>
            {!isNarrow && (
              <>
                <th className="py-1 pr-3 font-medium">Weight</th>
                <th className="py-1 pr-3 text-right font-medium">idf</th>
                <th className="py-1 pr-3 text-right font-medium">tf</th>
              </>
            )}
            <th className="py-1 pr-3 font-medium">From</th>
            {!isNarrow && <th className="py-1 pr-3 text-right font-medium">Length norm</th>}
            <th className="py-1 text-right font-medium">Contribution</th>
          </tr>
        </thead>
        <tbody>
          {terms.map((term) => (
            <TermRow key={term.term} term={term} isNarrow={isNarrow} />
          ))}
        </tbody>
        <tfoot>
          <tr className="text-stone-600">
            <td colSpan={span} className="py-1 pr-3 text-right">
              Sum of contributions{docLength !== undefined ? ` (document length ${plural(docLength, "token")})` : ""}
            </td>
            <td className="py-1 text-right tabular-nums">{fmt(termSum)}</td>
          </tr>
          {factors.map((factor) => (
            <tr key={factor.kind} className="text-stone-600">
              <td colSpan={span} className="py-1 pr-3 text-right">
                {FACTOR_LABEL[factor.kind]}: {factor.detail}
              </td>
              <td className="py-1 text-right tabular-nums">×{fmt(factor.factor, 2)}</td>
            </tr>
          ))}
          <tr className="font-medium">
            <td colSpan={span} className="py-1 pr-3 text-right">
              Score
            </td>
            <td className="py-1 text-right tabular-nums">{fmt(score)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
