"use client";

import {
  CHECK_CATEGORIES,
  type CheckCategory,
  type Finding,
  type FindingFix,
  severityRank,
} from "@/domain/catalog-check/index";
import { secondaryButtonClass } from "../../ui/control-styles";
import { Section } from "../../ui/field";
import type { ToolForm } from "./tool-form";
import type { ToolFindings } from "./use-tool-findings";

const CATEGORY_TITLES: Record<CheckCategory, string> = {
  safety: "Safety",
  quality: "Quality",
  findability: "Findability",
  confusion: "Look-alikes",
};

const SEVERITY_STYLES = {
  error: "bg-red-100 text-red-800",
  warning: "bg-amber-100 text-amber-900",
  info: "bg-stone-100 text-stone-700",
} as const;

/** The form fields a fix sets; a fix of the MCP hints (set by the server's import) has no field here. */
export function formPatchOf(fix: FindingFix): Partial<ToolForm> | null {
  const patch: Partial<ToolForm> = {};
  if (fix.patch.description !== undefined) patch.description = fix.patch.description;
  if (fix.patch.parameters !== undefined) patch.parametersText = JSON.stringify(fix.patch.parameters, null, 2);
  return Object.keys(patch).length > 0 ? patch : null;
}

function FindingItem({
  finding,
  canEdit,
  onFix,
}: {
  finding: Finding;
  canEdit: boolean;
  onFix: (patch: Partial<ToolForm>) => void;
}) {
  const patch = finding.fix ? formPatchOf(finding.fix) : null;
  const spans = finding.evidence.spans ?? [];
  return (
    <li className="space-y-1 rounded border border-stone-200 p-3" data-rule={finding.rule}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className={`rounded px-1.5 py-0.5 font-medium ${SEVERITY_STYLES[finding.severity]}`}>
          {finding.severity}
        </span>
        <span className="font-mono text-stone-600">{finding.rule}</span>
        {finding.component && <span className="text-stone-500">({finding.component})</span>}
      </div>
      <p className="text-sm text-stone-800">{finding.message}</p>
      {spans.slice(0, 3).map((span) => (
        <blockquote
          key={`${span.field}:${span.start}:${span.text}`}
          className="border-l-2 border-stone-300 pl-2 text-xs text-stone-600"
        >
          <span className="font-mono text-stone-500">{span.field}</span>: “{span.text.slice(0, 200)}”
        </blockquote>
      ))}
      {finding.evidence.tools && finding.evidence.tools.length > 0 && (
        <p className="text-xs text-stone-600">
          Other tools: <span className="font-mono">{finding.evidence.tools.slice(0, 5).join(", ")}</span>
        </p>
      )}
      {patch && canEdit && (
        <button type="button" className={secondaryButtonClass} onClick={() => onFix(patch)}>
          {finding.fix!.label}
        </button>
      )}
    </li>
  );
}

function FindingGroup(props: {
  title: string;
  findings: Finding[];
  canEdit: boolean;
  onFix: (patch: Partial<ToolForm>) => void;
}) {
  if (props.findings.length === 0) return null;
  const sorted = [...props.findings].sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
  return (
    <div className="space-y-2" role="group" aria-label={props.title}>
      <h4 className="text-sm font-semibold text-stone-800">
        {props.title} ({props.findings.length})
      </h4>
      <ul className="space-y-2">
        {sorted.map((finding, i) => (
          <FindingItem
            key={`${finding.rule}:${finding.evidence.tools?.join(",") ?? ""}:${i}`}
            finding={finding}
            canEdit={props.canEdit}
            onFix={props.onFix}
          />
        ))}
      </ul>
    </div>
  );
}

function countLine(findings: Finding[]): string {
  if (findings.length === 0) return "No findings";
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.filter((f) => f.severity === "warning").length;
  const parts = [`${errors} error${errors === 1 ? "" : "s"}`, `${warnings} warning${warnings === 1 ? "" : "s"}`];
  return `${parts.join(", ")}, ${findings.length - errors - warnings} info`;
}

/**
 * The catalog check of this tool (docs/catalog-check.md): its own rules as typed, grouped by category and most
 * severe first, with the evidence and a button for each deterministic fix; the look-alikes of the saved version.
 */
export function FindingsPanel({
  findings,
  canEdit,
  onFix,
}: {
  findings: ToolFindings;
  canEdit: boolean;
  onFix: (patch: Partial<ToolForm>) => void;
}) {
  const all = [...findings.own, ...findings.catalog];
  return (
    <Section
      title="Findings"
      aside={
        <span role="status" className="text-xs text-stone-500">
          {countLine(all)}
        </span>
      }
    >
      <p className="text-xs text-stone-500">
        Checked as you type; look-alikes and name imitation compare the saved version with the rest of the catalog.
      </p>
      {CHECK_CATEGORIES.map((category) => (
        <FindingGroup
          key={category}
          title={CATEGORY_TITLES[category]}
          findings={all.filter((f) => f.category === category)}
          canEdit={canEdit}
          onFix={onFix}
        />
      ))}
    </Section>
  );
}
