"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { plural } from "@/components/ui/plural";
import { optionsOf, Select } from "@/components/ui/select";
import { BULK_TOOL_LIMIT, EXPOSURES } from "@/domain/vocabulary";
import { appErrorOf } from "../ui/app-error";
import { useUndoToast } from "../history/use-undo-toast";
import { BulkSearchTerms } from "./bulk-search-terms";
import type { Exposure } from "./tool-list-filters";
import { inputClass, secondaryButtonClass } from "../ui/control-styles";

interface BulkBarProps {
  team: string;
  catalog: string;
  selected: Map<string, number>;
  total: number;
  /** Every tool the filters match is picked ("select all matching"); past BULK_TOOL_LIMIT, the first of them. */
  isAllSelected: boolean;
  namespaces: string[];
  onSelectAll: () => void;
  onClear: () => void;
  onDone: () => void;
}

/** "Select all N matching", or what it picked when the filters match more tools than one bulk change takes. */
function SelectAllMatching(props: { total: number; isAllSelected: boolean; count: number; onSelectAll: () => void }) {
  const { total, isAllSelected, count, onSelectAll } = props;
  if (isAllSelected)
    return total > count ? (
      <span className="text-stone-600">
        the first {count} by key of {total} matching (a bulk change takes at most {BULK_TOOL_LIMIT})
      </span>
    ) : null;
  if (count >= total) return null;
  return (
    <button type="button" className="text-sky-800 underline" onClick={onSelectAll}>
      {total > BULK_TOOL_LIMIT
        ? `Select the first ${BULK_TOOL_LIMIT} of ${total} matching`
        : `Select all ${total} matching`}
    </button>
  );
}

/** Bulk exposure / namespace / search-term changes for the selected tools; refused whole if any was changed meanwhile. */
export function BulkBar(props: BulkBarProps) {
  const { team, catalog, selected, total, isAllSelected, namespaces, onSelectAll, onClear, onDone } = props;
  const trpc = useTRPC();
  const [exposure, setExposure] = useState<Exposure>("deferred");
  const [namespace, setNamespace] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const undoToast = useUndoToast(team, catalog, onDone);
  const bulk = useMutation(
    trpc.tool.bulkUpdate.mutationOptions({
      onSuccess: (result, { patch }) => {
        setMessage(`Updated ${plural(result.updated, "tool")}.`);
        const what = patch.exposure
          ? `set to ${patch.exposure}`
          : patch.namespace
            ? `moved to ${patch.namespace}`
            : "moved out of their namespace";
        // The toast's Undo reverts the whole bulk change (its History group), all or nothing.
        undoToast(`${plural(result.updated, "tool")} ${what}`, result.groupId);
        onDone();
      },
      meta: { errorTitle: "No tool was changed" },
    }),
  );
  const items = [...selected].map(([id, revision]) => ({ id, revision }));
  const apply = (patch: { exposure?: Exposure; namespace?: string | null }) => {
    setMessage(null);
    bulk.mutate({ team, catalog, items, patch });
  };
  const error = appErrorOf(bulk.error);
  return (
    <div className="mb-3 rounded border border-sky-200 bg-sky-50 p-3 text-sm" role="region" aria-label="Bulk actions">
      <div className="flex flex-wrap items-end gap-3">
        <span className="font-medium">{selected.size} selected</span>
        <SelectAllMatching
          total={total}
          isAllSelected={isAllSelected}
          count={selected.size}
          onSelectAll={onSelectAll}
        />
        <button type="button" className="text-stone-600 underline" onClick={onClear}>
          Clear selection
        </button>
        <div className="ml-auto text-xs text-stone-600">
          <label htmlFor="bulk-exposure">Set exposure</label>
          <Select
            id="bulk-exposure"
            value={exposure}
            onValueChange={setExposure}
            options={optionsOf(EXPOSURES)}
            className="mt-1 w-full"
          />
        </div>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={bulk.isPending}
          onClick={() => apply({ exposure })}
        >
          Apply exposure
        </button>
        <label className="text-xs text-stone-600">
          Move to namespace
          <input
            list="bulk-namespaces"
            value={namespace}
            onChange={(e) => setNamespace(e.target.value)}
            placeholder="blank = no namespace"
            className={`${inputClass} mt-1`}
          />
          <datalist id="bulk-namespaces">
            {namespaces.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </label>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={bulk.isPending}
          onClick={() => apply({ namespace: namespace.trim() || null })}
        >
          Move
        </button>
      </div>
      <BulkSearchTerms team={team} catalog={catalog} items={items} onDone={onDone} />
      <p className="mt-2 text-xs text-stone-600">
        Moving tools changes their keys (namespace.name); golden queries that name the old keys are not rewritten.
      </p>
      {error && (
        <p role="alert" className="mt-2 text-red-700">
          {error.message}
        </p>
      )}
      {message && !error && <p className="mt-2 text-emerald-800">{message}</p>}
    </div>
  );
}
