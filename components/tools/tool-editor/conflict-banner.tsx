"use client";

import { secondaryButtonClass } from "../../ui/control-styles";
import { FIELD_LABELS, inputOf, type ToolForm, type ToolFormInput } from "./tool-form";

const show = (value: unknown) =>
  value === null || value === "" ? "(empty)" : typeof value === "string" ? value : JSON.stringify(value, null, 2);

/**
 * Shown when a save was refused because someone else saved first: nothing was overwritten. The user reloads
 * their version, compares field by field, or keeps their own edits on top of it (and saves again, knowingly).
 */
export function ConflictBanner({
  mine,
  theirs,
  revision,
  changedBy,
  comparing,
  onCompare,
  onReload,
  onKeepMine,
}: {
  mine: ToolForm;
  theirs: ToolForm | null;
  revision: number;
  changedBy: string | null;
  comparing: boolean;
  onCompare: () => void;
  onReload: () => void;
  onKeepMine: () => void;
}) {
  const a = inputOf(mine);
  const b = theirs ? inputOf(theirs) : null;
  const differing = b
    ? (Object.keys(a) as Array<keyof ToolFormInput>).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    : [];
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-medium">
        Someone else changed this tool since you opened it (it is now revision {revision}
        {changedBy ? `, saved by ${changedBy}` : ""}). Your edits were not saved.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={secondaryButtonClass} onClick={onCompare}>
          Compare
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onReload}>
          Reload their version
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onKeepMine}>
          Keep my edits
        </button>
      </div>
      {comparing && b && (
        <table className="mt-3 w-full table-fixed border-collapse bg-white text-xs" aria-label="Compare versions">
          <thead>
            <tr className="border-b border-stone-200 text-left text-stone-500">
              <th className="w-40 px-2 py-1">Field</th>
              <th className="px-2 py-1">Their version (revision {revision})</th>
              <th className="px-2 py-1">Your edit</th>
            </tr>
          </thead>
          <tbody>
            {differing.length === 0 && (
              <tr>
                <td colSpan={3} className="px-2 py-2 text-stone-600">
                  Your edit and their version are the same.
                </td>
              </tr>
            )}
            {differing.map((field) => (
              <tr key={field} className="border-b border-stone-100 align-top">
                <td className="px-2 py-1 font-medium">{FIELD_LABELS[field]}</td>
                <td className="whitespace-pre-wrap break-words px-2 py-1 font-mono">{show(b[field])}</td>
                <td className="whitespace-pre-wrap break-words px-2 py-1 font-mono">{show(a[field])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
