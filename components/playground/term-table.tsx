import { INDEXED_FIELD_LABELS, type ScoreFactor, type TermExplanation, type TermSource } from "@/search/index";
import { fmt } from "./format";
import { plural } from "@/components/ui/plural";

export type Term = TermExplanation & { sources: TermSource[] };

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

/** Per-term BM25 breakdown from `explain`, then the profile's multipliers: why a tool scored what it did. */
export function TermTable({ terms, score, termSum, factors, label }: TermTableProps) {
  const docLength = terms[0]?.docLength;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-xs" aria-label={label}>
        <thead>
          <tr className="border-b border-stone-200 text-left text-stone-500">
            <th className="py-1 pr-3 font-medium">Term</th>
            <th className="py-1 pr-3 font-medium">Weight</th>
            <th className="py-1 pr-3 text-right font-medium">idf</th>
            <th className="py-1 pr-3 text-right font-medium">tf</th>
            <th className="py-1 pr-3 font-medium">From</th>
            <th className="py-1 pr-3 text-right font-medium">Length norm</th>
            <th className="py-1 text-right font-medium">Contribution</th>
          </tr>
        </thead>
        <tbody>
          {terms.map((term) => (
            <tr key={term.term} className={`border-b border-stone-100 ${term.matched ? "" : "text-stone-400"}`}>
              <td className="py-1 pr-3 font-mono">
                {term.matched ? "✓" : "✗"} {term.term}
              </td>
              <td className="py-1 pr-3">{term.queryWeight === 1 ? "query" : `related ×${fmt(term.queryWeight, 2)}`}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{fmt(term.idf)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{term.tf}</td>
              <td className="py-1 pr-3">{describeSources(term.sources)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{fmt(term.lengthNorm)}</td>
              <td className="py-1 text-right font-medium tabular-nums">{fmt(term.contribution)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="text-stone-600">
            <td colSpan={6} className="py-1 pr-3 text-right">
              Sum of contributions{docLength !== undefined ? ` (document length ${plural(docLength, "token")})` : ""}
            </td>
            <td className="py-1 text-right tabular-nums">{fmt(termSum)}</td>
          </tr>
          {factors.map((factor) => (
            <tr key={factor.kind} className="text-stone-600">
              <td colSpan={6} className="py-1 pr-3 text-right">
                {FACTOR_LABEL[factor.kind]}: {factor.detail}
              </td>
              <td className="py-1 text-right tabular-nums">×{fmt(factor.factor, 2)}</td>
            </tr>
          ))}
          <tr className="font-medium">
            <td colSpan={6} className="py-1 pr-3 text-right">
              Score
            </td>
            <td className="py-1 text-right tabular-nums">{fmt(score)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
