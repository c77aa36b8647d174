"use client";

import { useState } from "react";

interface InlineEditProps {
  value: string;
  /** Names the field for screen readers and tests ("Description of namespace github"). */
  label: string;
  placeholder?: string;
  canEdit: boolean;
  isMono?: boolean;
  onSave: (value: string) => void;
}

/** Text that becomes an input on click: Enter or leaving the field saves a change, Escape puts the value back. */
export function InlineEdit({ value, label, placeholder = "—", canEdit, isMono = false, onSave }: InlineEditProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const font = isMono ? "font-mono text-xs" : "text-sm";
  if (!canEdit)
    return <span className={`${font} ${value ? "" : "text-stone-500 italic"}`}>{value || placeholder}</span>;
  if (draft === null) {
    return (
      <button
        type="button"
        aria-label={`${label}: ${value || "empty"}, click to edit`}
        onClick={() => setDraft(value)}
        className={`${font} w-full rounded px-1 py-0.5 text-left hover:bg-stone-100 ${value ? "" : "text-stone-500 italic"}`}
      >
        {value || placeholder}
      </button>
    );
  }
  const commit = () => {
    if (draft !== value) onSave(draft);
    setDraft(null);
  };
  return (
    <input
      aria-label={label}
      autoFocus
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit();
        if (e.key === "Escape") setDraft(null);
      }}
      className={`${font} w-full rounded border border-stone-400 bg-white px-1 py-0.5`}
    />
  );
}
