"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { analyzeText, effectiveSearchText, generateSearchText, type EngineProfile } from "@/search/index";
import { inputClass } from "../../ui/control-styles";
import { SEARCH_TEXT_MODE_LABELS, SEARCH_TEXT_MODES, type SearchTextMode } from "@/domain/vocabulary";
import type { ToolForm } from "./tool-form";

const HINTS: Record<SearchTextMode, string> = {
  generated: "name, namespace, description, parameters, MCP server and title",
  "generated+extra": "append curated keywords, aliases, other-language terms",
  override: "replace the generated text entirely",
};
const MODES = SEARCH_TEXT_MODES.map((value) => ({ value, label: SEARCH_TEXT_MODE_LABELS[value], hint: HINTS[value] }));
interface SearchTextEditorProps {
  team: string;
  catalog: string;
  toolId: string | null;
  form: ToolForm;
  parameters: Record<string, unknown> | null;
  namespaceDescription: string | null;
  profile: EngineProfile;
  onChange: (patch: Partial<ToolForm>) => void;
  disabled?: boolean;
}

/**
 * Search text as the engine will index it: computed in the browser with `search/` (the same code the server and
 * agents run), so the effective text and its tokens follow every keystroke. The model-facing description is untouched.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: to split (#18 item 4) when the two SearchTextEditors are merged (#18)
export function SearchTextEditor({
  team,
  catalog,
  toolId,
  form,
  parameters,
  namespaceDescription,
  profile,
  onChange,
  disabled,
}: SearchTextEditorProps) {
  const trpc = useTRPC();
  const input = useMemo(
    () => ({
      name: form.name.trim(),
      description: form.description,
      parameters: parameters ?? {},
      namespace: form.namespace.trim() ? { name: form.namespace.trim(), description: namespaceDescription } : null,
      mcpServer: form.mcpServer.trim() || null,
      mcpTitle: form.mcpTitle.trim() || null,
      searchTextMode: form.searchTextMode,
      searchTextExtra: form.searchTextExtra,
      searchTextOverride: form.searchTextOverride,
    }),
    [form, parameters, namespaceDescription],
  );
  const generated = useMemo(() => generateSearchText(input), [input]);
  const effective = useMemo(() => effectiveSearchText(input), [input]);
  const tokens = useMemo(() => analyzeText(effective, profile), [effective, profile]);

  const [settled, setSettled] = useState(effective);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(effective), 400);
    return () => clearTimeout(timer);
  }, [effective]);
  const similar = useQuery(
    trpc.tool.similar.queryOptions(
      { team, catalog, id: toolId, text: settled },
      { enabled: form.exposure === "deferred" && settled.trim().length > 0 },
    ),
  );

  return (
    <div className="space-y-4">
      <fieldset className="space-y-2" disabled={disabled}>
        <legend className="mb-1 text-sm font-medium">Search text mode</legend>
        <div className="grid gap-2 md:grid-cols-3">
          {MODES.map((mode) => (
            <label
              key={mode.value}
              className={`flex gap-2 rounded border p-2 text-sm ${form.searchTextMode === mode.value ? "border-stone-700 bg-stone-50" : "border-stone-200"}`}
            >
              <input
                type="radio"
                name="searchTextMode"
                checked={form.searchTextMode === mode.value}
                onChange={() => onChange({ searchTextMode: mode.value })}
                className="mt-1"
              />
              <span>
                <span className="block font-medium">{mode.label}</span>
                <span className="block text-xs text-stone-600">{mode.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {form.searchTextMode === "generated+extra" && (
        <label className="block text-sm font-medium">
          Extra search terms
          <textarea
            value={form.searchTextExtra}
            disabled={disabled}
            onChange={(e) => onChange({ searchTextExtra: e.target.value })}
            rows={2}
            className={`${inputClass} mt-1 font-normal`}
          />
        </label>
      )}
      {form.searchTextMode === "override" && (
        <label className="block text-sm font-medium">
          Override search text
          <textarea
            value={form.searchTextOverride}
            disabled={disabled}
            onChange={(e) => onChange({ searchTextOverride: e.target.value })}
            rows={3}
            className={`${inputClass} mt-1 font-normal`}
          />
        </label>
      )}
      <div>
        <p className="text-sm font-medium">Generated text</p>
        <p
          className="mt-1 max-h-28 overflow-auto rounded bg-stone-100 p-2 font-mono text-xs text-stone-700"
          data-testid="generated-search-text"
        >
          {generated}
        </p>
      </div>
      <div>
        <p className="text-sm font-medium">Effective text (what {profile} indexes)</p>
        <p
          className="mt-1 max-h-28 overflow-auto rounded bg-stone-100 p-2 font-mono text-xs text-stone-700"
          data-testid="effective-search-text"
        >
          {effective}
        </p>
      </div>
      <div>
        <p className="text-sm font-medium">
          Analyzed tokens{" "}
          <span className="font-normal text-stone-500">
            ({tokens.length}, profile {profile})
          </span>
        </p>
        <ul className="mt-1 flex max-h-40 flex-wrap gap-1 overflow-auto" aria-label="Analyzed tokens">
          {tokens.map((token, i) => (
            <li key={`${token}-${i}`} className="rounded bg-sky-50 px-1.5 py-0.5 font-mono text-xs text-sky-900">
              {token}
            </li>
          ))}
        </ul>
      </div>
      {form.exposure === "deferred" && (similar.data?.length ?? 0) > 0 && (
        <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">BM25 can hardly tell this tool apart from:</p>
          <ul className="mt-1 list-disc pl-5">
            {similar.data!.map((s) => (
              <li key={s.id}>
                <span className="font-mono">{s.key}</span> — {Math.round(s.similarity * 100)}% similar
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs">
            Add terms that only this tool answers to (extra search text), or merge the tools.
          </p>
        </div>
      )}
    </div>
  );
}
