"use client";

import type { Exposure, Fallback } from "@/domain/vocabulary";

export const EXPOSURE_RULES: Record<Exposure, { title: string; rule: string }> = {
  direct: {
    title: "Direct",
    rule: "Sent with its full schema at the top level of every first request. Not indexed for tool_search.",
  },
  deferred: {
    title: "Deferred",
    rule: "Not shown on the first request (its namespace may be summarised). Indexed for tool_search and loaded when a search hits it.",
  },
  hidden: { title: "Hidden", rule: "Neither shown nor indexed: kept in the catalog, not exposed to agents." },
};

/** Exposure per tool, with the rule of docs/design.md in words next to each choice, and the fallback of deferred tools. */
export function ExposureEditor({
  exposure,
  fallback,
  onChange,
  disabled,
}: {
  exposure: Exposure;
  fallback: Fallback;
  onChange: (patch: { exposure?: Exposure; fallback?: Fallback }) => void;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-4">
      <fieldset className="space-y-2" disabled={disabled}>
        <legend className="mb-1 text-sm font-medium">Exposure</legend>
        {(Object.keys(EXPOSURE_RULES) as Exposure[]).map((value) => (
          <label
            key={value}
            className={`flex gap-3 rounded border p-3 ${exposure === value ? "border-stone-700 bg-stone-50" : "border-stone-200"}`}
          >
            <input
              type="radio"
              name="exposure"
              value={value}
              checked={exposure === value}
              onChange={() => onChange({ exposure: value })}
              className="mt-1"
            />
            <span>
              <span className="block text-sm font-medium">{EXPOSURE_RULES[value].title}</span>
              <span className="block text-xs text-stone-600">{EXPOSURE_RULES[value].rule}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {exposure === "deferred" && (
        <fieldset className="space-y-2" disabled={disabled}>
          <legend className="mb-1 text-sm font-medium">Fallback without tool_search</legend>
          <p className="text-xs text-stone-600">
            Some clients cannot call tool_search (Codex gives unknown models no search tool). For them this deferred
            tool is:
          </p>
          <div className="flex gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="fallback"
                value="direct"
                checked={fallback === "direct"}
                onChange={() => onChange({ fallback: "direct" })}
              />
              sent directly
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="fallback"
                value="hidden"
                checked={fallback === "hidden"}
                onChange={() => onChange({ fallback: "hidden" })}
              />
              left out
            </label>
          </div>
        </fieldset>
      )}
    </div>
  );
}
