import Link from "next/link";
import { CATEGORY_LABELS, type HealthFindings, playgroundHref, toolHref } from "./links";
import { SeverityBadge } from "./severity-badge";

type HealthTool = HealthFindings["tools"][number];
type HealthFinding = HealthTool["findings"][number];

/** A tool id, linked to its editor while the draft has it. Tool text is untrusted: it is only ever rendered as text. */
function ToolName({ base, tool }: { base: string; tool: { id: string; editorId: string | null } }) {
  return tool.editorId ? (
    <Link href={toolHref(base, tool.editorId)} className="font-mono break-all hover:underline">
      {tool.id}
    </Link>
  ) : (
    <span className="font-mono break-all">{tool.id}</span>
  );
}

function FindingItem({ base, finding }: { base: string; finding: HealthFinding }) {
  return (
    <li className="space-y-1 py-2">
      <div className="flex flex-wrap items-center gap-2 text-xs text-stone-600">
        <SeverityBadge severity={finding.severity} />
        <span>{CATEGORY_LABELS[finding.category]}</span>
        {finding.component && <span>· {finding.component}</span>}
        <span className="font-mono break-all text-stone-500">{finding.rule}</span>
      </div>
      <p className="text-sm break-words whitespace-pre-wrap">{finding.message}</p>
      {finding.spans.map((span, i) => (
        <p key={`${span.field}:${i}`} className="text-xs text-stone-600">
          <span className="font-mono break-all">{span.field}</span>:{" "}
          <q className="rounded bg-stone-100 px-1 break-words whitespace-pre-wrap">{span.text}</q>
        </p>
      ))}
      {(finding.tools.length > 0 || finding.playgroundQuery) && (
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-600">
          {finding.tools.length > 0 && (
            <span>
              With{" "}
              {finding.tools.map((tool, i) => (
                <span key={tool.id}>
                  {i > 0 && ", "}
                  <ToolName base={base} tool={tool} />
                </span>
              ))}
            </span>
          )}
          {finding.playgroundQuery && (
            <Link
              href={playgroundHref(base, finding.playgroundQuery)}
              className="underline hover:text-stone-900"
              title={finding.playgroundQuery}
            >
              Open in Playground: “{finding.playgroundQuery.slice(0, 80)}
              {finding.playgroundQuery.length > 80 ? "…" : ""}”
            </Link>
          )}
        </p>
      )}
    </li>
  );
}

/** Each tool with its findings, most severe first. */
export function FindingList({ base, tools }: { base: string; tools: HealthTool[] }) {
  return (
    <ul aria-label="Tools with findings" className="space-y-3">
      {tools.map((tool) => (
        <li key={tool.id} className="rounded-lg border border-stone-200 bg-white p-3">
          <h3 className="text-sm font-semibold">
            <ToolName base={base} tool={tool} />
          </h3>
          <ul className="divide-y divide-stone-100" aria-label={`Findings of ${tool.id}`}>
            {tool.findings.map((finding, i) => (
              // A tool may have one rule several times (with different other tools): the index keeps keys unique.
              <FindingItem key={`${finding.rule}:${i}`} base={base} finding={finding} />
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
