import type { ReactNode } from "react";
import { INDEXED_FIELD_LABELS, type IndexedFieldName } from "@/search/index";

export interface IndexedFieldRow {
  field: IndexedFieldName;
  /** The name field's weight: what each distinct word of the name adds to its term frequency. */
  weight: number | null;
  content: ReactNode;
}

const nameFieldNote = (weight: number) =>
  `each word of the name counts ${weight === 1 ? "once" : `${weight} times`} more, whatever the search text says`;

/**
 * What a profile indexes for a tool, field by field: the name field (for a profile that has one), then the runs
 * of the search text in order. `hasNameField` false says that the profile reads the search text alone.
 */
export function IndexedFieldsList({
  rows,
  profile,
  hasNameField,
  label,
}: {
  rows: IndexedFieldRow[];
  profile: string;
  hasNameField: boolean;
  label: string;
}) {
  return (
    <div>
      <dl aria-label={label} className="space-y-1 text-xs">
        {rows.map((row, i) => (
          <div key={`${row.field}-${i}`} className="flex flex-col gap-x-3 sm:flex-row">
            <dt className="shrink-0 text-stone-500 sm:w-44">
              {INDEXED_FIELD_LABELS[row.field]}
              {row.weight !== null && <span className="block text-stone-500">({nameFieldNote(row.weight)})</span>}
            </dt>
            <dd className="min-w-0 font-mono break-words text-stone-700">{row.content}</dd>
          </div>
        ))}
      </dl>
      {!hasNameField && (
        <p className="mt-1 text-xs text-stone-500">
          {profile} indexes the search text alone: the tool name counts only where the text has it.
        </p>
      )}
    </div>
  );
}
