"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc-provider";
import { buttonClass } from "../ui/control-styles";
import { refetchAfterChange } from "../refetch";
import { plural } from "../ui/plural";
import type { InsightsScope } from "./links";

const rank = (value: number) => (value > 50 ? "not in top 50" : value.toFixed(1));

/**
 * Words of requests that ended in a successful call of the tool that set it apart (some already in its search text,
 * where adding them makes them count more), with their effect.
 */
export function TermSuggestions({
  team,
  catalog,
  scope,
  toolId,
  canEdit,
}: {
  team: string;
  catalog: string;
  scope: InsightsScope;
  toolId: string;
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const suggestions = useQuery(trpc.insights.suggestions.queryOptions({ team, catalog, ...scope, toolId }));
  const [applied, setApplied] = useState<string | null>(null);
  const apply = useMutation(
    trpc.insights.applyTerms.mutationOptions({
      onSuccess: (tool, input) => {
        setApplied(
          `Added “${input.terms.join(" ")}” to the search text of ${tool.key} (draft; review and publish to ship it).`,
        );
        void refetchAfterChange(queryClient, { queryKey: trpc.insights.suggestions.pathKey() });
      },
      meta: { success: "Search terms added to the draft" },
    }),
  );
  if (suggestions.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {suggestions.error.message}
      </p>
    );
  if (!suggestions.data) return <p className="text-sm text-stone-500">Measuring suggestions…</p>;
  const { suggestions: terms, requests, toolDbId, revision } = suggestions.data;
  return (
    <div
      aria-label={`Suggested search terms for ${toolId}`}
      role="region"
      className="space-y-2 rounded border border-stone-200 bg-stone-50 p-3"
    >
      <p className="text-xs text-stone-600">
        From {plural(requests, "request")} that ended in a successful call of <code>{toolId}</code>. Rank of the tool on
        those requests in the draft, before → after adding the word.
      </p>
      {applied && (
        <p role="status" className="text-sm text-emerald-700">
          {applied}
        </p>
      )}
      {apply.error && (
        <p role="alert" className="text-sm text-red-700">
          {apply.error.message}
        </p>
      )}
      {terms.length === 0 && (
        <p className="text-sm text-stone-500">
          No words to suggest: no word of those requests sets this tool apart from the others (or none were stored).
        </p>
      )}
      <ul className="space-y-1">
        {terms.map((term) => (
          <li key={term.term} className="flex flex-wrap items-center gap-3 text-sm">
            <code className="rounded bg-white px-1.5 py-0.5">{term.term}</code>
            {term.inText && <span className="text-xs text-stone-500">already in its text: counts once more</span>}
            <span className="text-xs text-stone-600">
              in {plural(term.requests, "request")} · mean rank {rank(term.meanRankBefore)} → {rank(term.meanRankAfter)}{" "}
              · top 1: {term.top1Before} → {term.top1After} · better on {term.improved}, worse on {term.worsened}
            </span>
            {canEdit && (
              <button
                type="button"
                className={buttonClass}
                disabled={apply.isPending}
                onClick={() => apply.mutate({ team, catalog, toolDbId, revision, terms: [term.term] })}
              >
                Add “{term.term}” to search text
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
