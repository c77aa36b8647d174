"use client";

import { plural } from "@/components/ui/plural";

interface GoldenToolbarProps {
  /** Undefined while the list loads. */
  total: number | undefined;
  matching: number;
  flagged: number;
  search: string;
  onSearchChange: (search: string) => void;
  onExport: () => void;
  canEdit: boolean;
  isImporting: boolean;
  onToggleImport: () => void;
}

const BUTTON = "rounded border border-stone-300 bg-white px-3 py-1.5 text-sm hover:bg-stone-100";

/** The count line, the filter, Export JSONL and Import JSONL. */
export function GoldenToolbar(props: GoldenToolbarProps) {
  const { total, matching, flagged, search, onSearchChange, onExport, canEdit, isImporting, onToggleImport } = props;
  // Nothing to filter or export until there is a golden query.
  const hasQueries = (total ?? 0) > 0;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <p className="text-sm text-stone-600" role="status">
        {total !== undefined ? plural(total, "golden query", "golden queries") : "Loading…"}
        {search.trim() && total !== undefined && ` · ${matching} matching`}
        {flagged > 0 && ` · ${plural(flagged, "expects", "expect")} tools tool_search cannot return`}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {hasQueries && (
          <>
            <input
              aria-label="Filter golden queries"
              type="search"
              data-shortcut="search"
              value={search}
              onChange={(e) => onSearchChange(e.target.value)}
              placeholder="Filter by query, tool id or note"
              className="w-full rounded border border-stone-300 bg-white px-2 py-1 text-sm sm:w-64"
            />
            <button type="button" onClick={onExport} className={BUTTON}>
              Export JSONL
            </button>
          </>
        )}
        {canEdit && (
          <button type="button" aria-expanded={isImporting} onClick={onToggleImport} className={BUTTON}>
            Import JSONL
          </button>
        )}
      </div>
    </div>
  );
}
