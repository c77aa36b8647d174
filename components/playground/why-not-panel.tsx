"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/root";
import { useId, useState } from "react";
import { useTRPC } from "../trpc-provider";
import { fmt, type Profile } from "./format";
import { HighlightedText } from "./highlighted-text";
import { TermTable } from "./term-table";
import { ExplainedFields } from "./explained-fields";
import { StrengthBadge } from "./strength-badge";
import { useDebouncedValue } from "./use-debounced-value";

interface WhyNotPanelProps {
  team: string;
  catalog: string;
  query: string;
  version: number | null;
  profile: Profile | undefined;
  limit: number;
}

/** "Why not X?": pick any tool, see its score and rank for the query and which terms it lacks. */
export function WhyNotPanel({ team, catalog, query, version, profile, limit }: WhyNotPanelProps) {
  const trpc = useTRPC();
  const listId = useId();
  const [text, setText] = useState("");
  const typed = useDebouncedValue(text.trim(), 200);
  const suggestions = useQuery(
    trpc.playground.suggestTools.queryOptions({ team, catalog, text: typed }, { placeholderData: keepPreviousData }),
  );
  const isKnown = suggestions.data?.some((s) => s.key === typed) ?? false;
  const explain = useQuery(
    trpc.playground.explain.queryOptions(
      { team, catalog, query, version, profile, limit, key: typed },
      { enabled: isKnown && query.trim().length > 0, placeholderData: keepPreviousData },
    ),
  );
  const result = isKnown ? explain.data : undefined;

  return (
    <section
      aria-labelledby={`${listId}-title`}
      className="self-start rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h3 id={`${listId}-title`} className="mb-2 font-semibold">
        Why not…?
      </h3>
      <label className="block text-xs font-medium text-stone-700">
        Tool
        <input
          list={listId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="namespace.tool_name"
          className="mt-1 block w-full rounded border border-stone-300 px-2 py-1 font-mono text-sm font-normal"
        />
      </label>
      <datalist id={listId}>
        {suggestions.data?.map((s) => (
          <option key={s.key} value={s.key}>
            {s.exposure}
          </option>
        ))}
      </datalist>
      {!query.trim() && <p className="mt-2 text-xs text-stone-500">Type a query first.</p>}
      {typed && !isKnown && suggestions.data && (
        <p className="mt-2 text-xs text-stone-500">
          Pick a tool from the suggestions ({suggestions.data.length} match).
        </p>
      )}
      {isKnown && explain.error && (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {explain.error.message}
        </p>
      )}
      {result && result.status !== "ranked" && (
        <p role="status" className="mt-3 text-sm text-stone-700">
          {result.message}
        </p>
      )}
      {result && result.status === "ranked" && <WhyNotResult result={result} />}
    </section>
  );
}

type Explained = inferRouterOutputs<AppRouter>["playground"]["explain"];

/** A ranked tool's place for the query: score, rank, what it lacks, its explanation and what was indexed. */
function WhyNotResult({ result }: { result: Extract<Explained, { status: "ranked" }> }) {
  return (
    <div className="mt-3 space-y-2 text-sm" role="status" aria-label={`Why not ${result.key}`}>
      <p>
        <span className="font-mono">{result.key}</span>{" "}
        {result.dropped ? (
          <>
            ranks <span className="font-semibold">#{result.rank}</span> with score{" "}
            <span className="font-semibold tabular-nums">{fmt(result.score)}</span>, but it is a weak match and this
            catalog drops weak hits, so tool_search leaves it out.
          </>
        ) : result.rank === null ? (
          <span className="font-medium text-red-700">does not match this query at all.</span>
        ) : (
          <>
            ranks <span className="font-semibold">#{result.rank}</span> with score{" "}
            <span className="font-semibold tabular-nums">{fmt(result.score)}</span>
            {result.inTopK ? ` — inside the top ${result.limit}.` : ` — outside the top ${result.limit}.`}
          </>
        )}
      </p>
      {result.strength && (
        <p className="text-xs text-stone-600">
          <StrengthBadge strength={result.strength} evidence={result.evidence} /> {result.strengthReason}
        </p>
      )}
      {!result.inTopK && result.cutoffScore !== null && (
        <p className="text-xs text-stone-600">
          To enter the top {result.limit} it needs more than {fmt(result.cutoffScore)} (the #{result.limit} score); the
          top score is {fmt(result.topScore ?? 0)}.
        </p>
      )}
      {result.missingWords.length > 0 && (
        <p className="text-xs">
          Lacks words of the request: <span className="text-red-700">{result.missingWords.join(", ")}</span>
        </p>
      )}
      {result.matchedWords.length > 0 && (
        <p className="text-xs">
          Matches: <span className="text-emerald-700">{result.matchedWords.join(", ")}</span>
        </p>
      )}
      <HighlightedText segments={result.segments} label={`Search text of ${result.key}`} />
      <TermTable
        terms={result.terms}
        score={result.score}
        termSum={result.termSum}
        factors={result.factors}
        label={`Explanation of ${result.key}`}
      />
      <ExplainedFields fields={result.fields} profile={result.profile} toolKey={result.key} />
    </div>
  );
}
