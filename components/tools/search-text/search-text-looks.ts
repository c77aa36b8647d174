import { SEARCH_TEXT_MODE_LABELS, SEARCH_TEXT_MODES, type SearchTextMode } from "@/domain/vocabulary";
import { inputClass } from "../../ui/control-styles";

/** A tool's search text settings, as the tool editor's form and the playground's quick edit both hold them. */
export interface SearchTextValue {
  searchTextMode: SearchTextMode;
  searchTextExtra: string;
  searchTextOverride: string;
}

const HINTS: Record<SearchTextMode, string> = {
  generated: "name, namespace, description, parameters, MCP server and title",
  "generated+extra": "append curated keywords, aliases, other-language terms",
  override: "replace the generated text entirely",
};

const COMPACT_TEXTAREA = "mt-1 block w-full rounded border border-stone-300 bg-white p-2 font-mono text-xs font-normal";

/** The tool editor's full layout (a card per mode, with its hint) and the playground's compact one (a row of radios). */
export const LOOKS = {
  full: {
    modes: SEARCH_TEXT_MODES.map((value) => ({ value, label: SEARCH_TEXT_MODE_LABELS[value], hint: HINTS[value] })),
    fieldset: "space-y-2",
    legend: "mb-1 text-sm font-medium",
    options: "grid gap-2 md:grid-cols-3",
    option: (isOn: boolean) =>
      `flex gap-2 rounded border p-2 text-sm ${isOn ? "border-stone-700 bg-stone-50" : "border-stone-200"}`,
    radio: "mt-1",
    fieldLabel: "block text-sm font-medium",
    textarea: `${inputClass} mt-1 font-normal`,
    extra: { label: "Extra search terms", placeholder: undefined },
    override: { label: "Override search text" },
  },
  compact: {
    // The editor's labels, with the playground's longer wording for the mode it is mostly used for.
    modes: SEARCH_TEXT_MODES.map((value) => ({
      value,
      label: value === "generated+extra" ? "Generated + extra keywords" : SEARCH_TEXT_MODE_LABELS[value],
      hint: null,
    })),
    fieldset: "text-xs",
    legend: "mb-1 font-medium text-stone-700",
    options: "flex flex-wrap gap-4",
    option: () => "flex items-center gap-1",
    radio: undefined,
    fieldLabel: "block text-xs font-medium text-stone-700",
    textarea: COMPACT_TEXTAREA,
    extra: { label: "Extra keywords", placeholder: "aliases, other-language terms, curated keywords" },
    override: { label: "Override text" },
  },
} as const;
