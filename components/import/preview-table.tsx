"use client";

import { diffLines } from "diff";

import type { ImportDecisions } from "@/domain/import";

export interface PreviewRow {
  index: number;
  label: string;
  status: "new" | "changed" | "conflict" | "removed" | "unchanged" | "invalid" | "skipped";
  key: string | null;
  messages: string[];
  changes: Array<{ field: string; before: string; after: string; conflict: boolean }>;
  exposure: "direct" | "deferred" | "hidden" | null;
  toolId: string | null;
}

/** What the user chose for a removed row (remove / keep) or a conflict row (upstream / ours). */
export type Decide = (row: PreviewRow, choice: string) => void;

const STATUS_STYLE: Record<PreviewRow["status"], string> = {
  new: "bg-emerald-100 text-emerald-800",
  changed: "bg-amber-100 text-amber-900",
  conflict: "bg-orange-200 text-orange-950",
  removed: "bg-red-100 text-red-800",
  unchanged: "bg-stone-100 text-stone-600",
  invalid: "bg-red-100 text-red-800",
  skipped: "bg-stone-100 text-stone-500",
};

function Diff({ before, after }: { before: string; after: string }) {
  return (
    <pre className="mt-1 max-h-64 overflow-auto rounded bg-stone-50 p-2 text-xs">
      {diffLines(before.endsWith("\n") ? before : `${before}\n`, after.endsWith("\n") ? after : `${after}\n`).map(
        (part, i) => (
          <span
            key={i}
            className={
              part.added
                ? "block bg-emerald-100 text-emerald-900"
                : part.removed
                  ? "block bg-red-100 text-red-900 line-through"
                  : "block text-stone-500"
            }
          >
            {part.value
              .replace(/\n$/, "")
              .split("\n")
              .map((line) => `${part.added ? "+ " : part.removed ? "- " : "  "}${line}`)
              .join("\n")}
          </span>
        ),
      )}
    </pre>
  );
}

const CHOICES = {
  removed: [
    ["remove", "Remove"],
    ["keep", "Keep"],
  ],
  conflict: [
    ["upstream", "Take upstream's"],
    ["ours", "Keep ours"],
  ],
} as const;

/** The choice a removed or conflict row needs before the import can be applied. */
function Decision({ row, decisions, decide }: { row: PreviewRow; decisions: ImportDecisions; decide: Decide }) {
  if (row.status !== "removed" && row.status !== "conflict") return null;
  const chosen = row.status === "removed" ? decisions.removed[row.toolId!] : decisions.conflicts[row.toolId!];
  return (
    <div role="radiogroup" aria-label={`Decision for ${row.key}`} className="mt-1 flex gap-3">
      {CHOICES[row.status].map(([value, label]) => (
        <label key={value} className="flex items-center gap-1">
          <input
            type="radio"
            name={`decision-${row.index}`}
            checked={chosen === value}
            onChange={() => decide(row, value)}
          />
          {label}
        </label>
      ))}
    </div>
  );
}

function Details({ row, decisions, decide }: { row: PreviewRow; decisions: ImportDecisions; decide: Decide }) {
  return (
    <>
      {row.messages.map((m) => (
        <p key={m} className={row.status === "invalid" ? "text-red-700" : "text-stone-600"}>
          {m}
        </p>
      ))}
      {row.status === "new" && row.exposure && <p className="text-stone-600">will be {row.exposure}</p>}
      {row.changes.map((change) => (
        <details key={change.field}>
          <summary className="cursor-pointer text-stone-700">
            {change.conflict ? `${change.field} changed upstream and in the catalog` : `${change.field} changed`}
          </summary>
          {change.conflict && (
            <p className="text-stone-500">- the catalog&apos;s (the team&apos;s), + the source&apos;s</p>
          )}
          <Diff before={change.before} after={change.after} />
        </details>
      ))}
      <Decision row={row} decisions={decisions} decide={decide} />
    </>
  );
}

/** Every row of an import preview; changed rows unfold a line diff per field; removed and conflict rows ask. */
export function PreviewTable({
  rows,
  decisions,
  decide,
}: {
  rows: PreviewRow[];
  decisions: ImportDecisions;
  decide: Decide;
}) {
  const order = { invalid: 0, conflict: 1, removed: 2, changed: 3, new: 4, unchanged: 5, skipped: 6 } as const;
  const sorted = [...rows].sort((a, b) => order[a.status] - order[b.status] || a.index - b.index);
  return (
    <table className="w-full border-collapse bg-white text-sm" aria-label="Import preview">
      <thead>
        <tr className="border-b border-stone-200 text-left text-stone-500">
          <th className="px-3 py-2 font-medium">Status</th>
          <th className="px-3 py-2 font-medium">Tool</th>
          <th className="px-3 py-2 font-medium">Details</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((row) => (
          <tr key={row.index} className="border-b border-stone-100 align-top">
            <td className="px-3 py-2">
              <span className={`rounded px-2 py-0.5 text-xs ${STATUS_STYLE[row.status]}`}>{row.status}</span>
            </td>
            <td className="px-3 py-2 font-mono text-xs">{row.key ?? row.label}</td>
            <td className="px-3 py-2 text-xs">
              <Details row={row} decisions={decisions} decide={decide} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
