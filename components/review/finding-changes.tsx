import Link from "next/link";
import { severityRank } from "@/domain/catalog-check/types";
import { healthHref } from "../health/links";
import { plural } from "../ui/plural";
import type { DraftReview } from "./format";

const MAX_SHOWN = 10;
type ReviewFinding = DraftReview["findings"]["added"][number];

const SEVERITY_STYLE: Record<ReviewFinding["severity"], string> = {
  error: "text-red-800",
  warning: "text-amber-800",
  info: "text-stone-600",
};

/** One side of the comparison with the latest version: the most severe first, the first MAX_SHOWN of them. */
function FindingGroup({ base, title, findings }: { base: string; title: string; findings: ReviewFinding[] }) {
  if (findings.length === 0) return null;
  const sorted = [...findings].sort(
    (a, b) => severityRank(a.severity) - severityRank(b.severity) || a.toolId.localeCompare(b.toolId),
  );
  return (
    <div>
      <h4 className="text-sm font-medium">
        {title} ({findings.length})
      </h4>
      <ul className="space-y-0.5 pl-1 text-xs">
        {sorted.slice(0, MAX_SHOWN).map((f) => (
          <li key={`${f.toolId} ${f.rule} ${f.tools.join(",")}`}>
            <span className={`font-medium ${SEVERITY_STYLE[f.severity]}`}>{f.severity}</span>{" "}
            <Link href={healthHref(base, { tool: f.toolId })} className="font-mono hover:underline">
              {f.toolId}
            </Link>{" "}
            <span className="font-mono">{f.rule}</span>
            {f.tools.length > 0 && <span className="text-stone-600"> (with {f.tools.join(", ")})</span>}: {f.message}
          </li>
        ))}
        {findings.length > MAX_SHOWN && <li>and {plural(findings.length - MAX_SHOWN, "more finding")}</li>}
      </ul>
    </div>
  );
}

/** The findings an edit or an import added since the latest version, and those it removed (review.get). */
export function FindingChanges({ base, data }: { base: string; data: DraftReview }) {
  if (!data.latest) return null;
  const { added, removed } = data.findings;
  return (
    <section aria-label="Findings since the latest version" className="space-y-2">
      <FindingGroup base={base} title={`Added since version ${data.latest.version}`} findings={added} />
      <FindingGroup base={base} title={`Removed since version ${data.latest.version}`} findings={removed} />
    </section>
  );
}
