import Link from "next/link";
import { Select } from "@/components/ui/select";
import { HISTORY_TYPE_LABELS, HISTORY_TYPES, type HistoryType } from "@/server/services/history/history-filters";

const FIELD = "rounded border border-stone-300 bg-white px-2 py-1 text-sm";

/** Person, type and tool filters as a plain GET form: works before hydration, and the URL can be shared. */
export function HistoryFiltersForm(props: {
  base: string;
  people: string[];
  actor: string | null;
  type: HistoryType | null;
  toolKey: string | null;
}) {
  const isFiltered = Boolean(props.actor || props.type || props.toolKey);
  return (
    <form
      method="get"
      action={props.base}
      aria-label="Filter the history"
      className="mb-4 flex flex-wrap items-end gap-3 text-sm"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="history-actor" className="text-xs text-stone-600">
          Person
        </label>
        <Select
          id="history-actor"
          name="actor"
          defaultValue={props.actor ?? ""}
          options={[
            { value: "", label: "Everyone" },
            ...props.people.map((person) => ({ value: person, label: person })),
          ]}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="history-type" className="text-xs text-stone-600">
          Type
        </label>
        <Select
          id="history-type"
          name="type"
          defaultValue={props.type ?? ""}
          options={[
            { value: "", label: "All changes" },
            ...HISTORY_TYPES.map((t) => ({ value: t, label: HISTORY_TYPE_LABELS[t] })),
          ]}
        />
      </div>
      <label className="flex flex-col gap-1">
        <span className="text-xs text-stone-600">Tool id</span>
        <input
          name="toolKey"
          data-shortcut="search"
          aria-keyshortcuts="/"
          defaultValue={props.toolKey ?? ""}
          placeholder="e.g. stripe.create_refund"
          className={`${FIELD} w-64 max-w-full font-mono`}
        />
      </label>
      <button type="submit" className="rounded bg-stone-900 px-3 py-1.5 text-white hover:bg-stone-700">
        Filter
      </button>
      {isFiltered && (
        <Link href={props.base} className="py-1.5 text-stone-600 hover:underline">
          Clear filters
        </Link>
      )}
    </form>
  );
}
