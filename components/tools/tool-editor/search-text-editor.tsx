"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import {
  analyzeText,
  generateSearchText,
  indexedFields,
  joinSearchTextParts,
  searchTextParts,
  type EngineProfile,
} from "@/search/index";
import { SearchTextModeFields } from "../search-text/search-text-mode-fields";
import { SearchTextPreview, SimilarToolsWarning } from "./search-text-preview";
import type { ToolForm } from "./tool-form";

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

/** The generated and effective text and its tokens for the form as typed, computed in the browser. */
function useSearchTextOf(
  form: ToolForm,
  parameters: Record<string, unknown> | null,
  namespaceDescription: string | null,
  profile: EngineProfile,
) {
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
  // The engine's own builder, field by field: joined, the fields are the effective text.
  const fields = useMemo(() => indexedFields(searchTextParts(input), input.name, profile), [input, profile]);
  const effective = joinSearchTextParts(fields.text);
  const tokens = useMemo(() => analyzeText(effective, profile), [effective, profile]);
  return { generated, effective, fields, tokens };
}

/** The catalog's deferred tools too similar to this text, asked once typing settles. */
function useSimilarTools({ team, catalog, toolId, form }: SearchTextEditorProps, effective: string) {
  const trpc = useTRPC();
  const [settled, setSettled] = useState(effective);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(effective), 400);
    return () => clearTimeout(timer);
  }, [effective]);
  const isDeferred = form.exposure === "deferred";
  const similar = useQuery(
    trpc.tool.similar.queryOptions(
      { team, catalog, id: toolId, text: settled },
      { enabled: isDeferred && settled.trim().length > 0 },
    ),
  );
  return isDeferred ? (similar.data ?? []) : [];
}

/**
 * Search text as the engine will index it: computed in the browser with `search/` (the same code the server and
 * agents run), so the effective text and its tokens follow every keystroke. The model-facing description is untouched.
 */
export function SearchTextEditor(props: SearchTextEditorProps) {
  const { form, parameters, namespaceDescription, profile, onChange, disabled } = props;
  const { generated, effective, fields, tokens } = useSearchTextOf(form, parameters, namespaceDescription, profile);
  const similar = useSimilarTools(props, effective);
  return (
    <div className="space-y-4">
      <SearchTextModeFields
        variant="full"
        name="searchTextMode"
        legend="Search text mode"
        value={form}
        onChange={onChange}
        disabled={disabled}
      />
      <SearchTextPreview generated={generated} fields={fields} tokens={tokens} profile={profile} />
      {similar.length > 0 && <SimilarToolsWarning similar={similar} />}
    </div>
  );
}
