import Link from "next/link";
import { plural } from "../ui/plural";
import { FindingChanges } from "./finding-changes";
import type { DraftReview } from "./format";

const MAX_SHOWN = 10;

/** The catalog's quality gate: what blocks publishing while "Block publishing on quality findings" is on. */
function QualityGate({ base, gate }: { base: string; gate: DraftReview["qualityGate"] }) {
  if (gate.blockCount === 0)
    return (
      <p className="text-sm text-emerald-800">
        This catalog blocks publishing on quality findings; the draft has no quality warnings.
      </p>
    );
  return (
    <div role="alert" className="space-y-1 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">
        Publishing is blocked: {plural(gate.toolCount, "tool has", "tools have")}{" "}
        {plural(gate.blockCount, "quality warning")}, and this catalog blocks publishing on quality findings.
      </p>
      <ul className="list-disc pl-5 text-xs">
        {gate.blocks.slice(0, MAX_SHOWN).map((b) => (
          <li key={`${b.toolId} ${b.rule}`}>
            <span className="font-mono">{b.toolId}</span>: {b.rule}
          </li>
        ))}
        {gate.blockCount > MAX_SHOWN && <li>and {gate.blockCount - MAX_SHOWN} more</li>}
      </ul>
      <p className="text-xs">
        Fix them (
        <Link href={`${base}/health?category=quality&severity=warning`} className="underline">
          Health lists them all
        </Link>
        ), or turn the option off in{" "}
        <Link href={`${base}/settings`} className="underline">
          Settings
        </Link>
        .
      </p>
    </div>
  );
}

/** The catalog check on the review: the draft's counts, what changed since the latest version, and the quality gate. */
export function CheckSummary({ team, catalog, data }: { team: string; catalog: string; data: DraftReview }) {
  const base = `/t/${team}/${catalog}`;
  const { counts, added, removed } = data.findings;
  return (
    <section aria-label="Catalog check" className="space-y-2">
      <h3 className="font-semibold">Catalog check</h3>
      <p className="text-sm text-stone-600">
        The draft has {plural(counts.error, "error")}, {plural(counts.warning, "warning")} and {counts.info} info
        {data.latest
          ? `; ${plural(added.length, "finding")} added and ${removed.length} removed since version ${data.latest.version}`
          : ""}
        .{" "}
        <Link href={`${base}/health`} className="underline">
          Open Health
        </Link>
      </p>
      <FindingChanges base={base} data={data} />
      {data.qualityGate.isOn && <QualityGate base={base} gate={data.qualityGate} />}
    </section>
  );
}
