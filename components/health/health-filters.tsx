import Link from "next/link";
import { CHECK_CATEGORIES, CHECK_SEVERITIES } from "@/domain/catalog-check/index";
import { buttonClass, inputClass } from "../ui/control-styles";
import { Select } from "../ui/select";
import { CATEGORY_LABELS, type HealthView, healthHref, SEVERITY_LABELS } from "./links";

/** Category, severity and tool filters as a plain GET form: works before hydration, and the URL can be shared. */
export function HealthFilters({ base, view }: { base: string; view: HealthView }) {
  const isFiltered = Boolean(view.category || view.severity || view.tool);
  return (
    <form
      method="get"
      action={`${base}/health`}
      aria-label="Filter the findings"
      className="flex flex-wrap items-end gap-3 text-sm"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="health-category" className="text-xs text-stone-600">
          Category
        </label>
        <Select
          id="health-category"
          name="category"
          defaultValue={view.category ?? ""}
          options={[
            { value: "", label: "All categories" },
            ...CHECK_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
          ]}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="health-severity" className="text-xs text-stone-600">
          Severity
        </label>
        <Select
          id="health-severity"
          name="severity"
          defaultValue={view.severity ?? ""}
          options={[
            { value: "", label: "All severities" },
            ...CHECK_SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABELS[s] })),
          ]}
        />
      </div>
      <label className="flex flex-col gap-1">
        <span className="text-xs text-stone-600">Tool id contains</span>
        <input
          name="tool"
          defaultValue={view.tool ?? ""}
          maxLength={300}
          placeholder="e.g. github."
          className={`${inputClass} w-56 max-w-full font-mono`}
        />
      </label>
      <button type="submit" className={buttonClass}>
        Filter
      </button>
      {isFiltered && (
        <Link href={healthHref(base, {})} className="py-1.5 text-stone-600 hover:underline">
          Clear filters
        </Link>
      )}
    </form>
  );
}
