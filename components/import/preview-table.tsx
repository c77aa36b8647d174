"use client";

import { diffLines } from "diff";

export interface PreviewRow {
  index: number;
  label: string;
  status: "new" | "changed" | "unchanged" | "invalid" | "skipped";
  key: string | null;
  messages: string[];
  changes: Array<{ field: string; before: string; after: string }>;
  exposure: "direct" | "deferred" | "hidden" | null;
}

const STATUS_STYLE: Record<PreviewRow["status"], string> = {
  new: "bg-emerald-100 text-emerald-800",
  changed: "bg-amber-100 text-amber-900",
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

/** Every row of an import preview; changed rows unfold a line diff per field. */
export function PreviewTable({ rows }: { rows: PreviewRow[] }) {
  const order = { invalid: 0, changed: 1, new: 2, unchanged: 3, skipped: 4 } as const;
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
              {row.messages.map((m) => (
                <p key={m} className={row.status === "invalid" ? "text-red-700" : "text-stone-600"}>
                  {m}
                </p>
              ))}
              {row.status === "new" && row.exposure && <p className="text-stone-600">will be {row.exposure}</p>}
              {row.changes.map((change) => (
                <details key={change.field}>
                  <summary className="cursor-pointer text-stone-700">{change.field} changed</summary>
                  <Diff before={change.before} after={change.after} />
                </details>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
