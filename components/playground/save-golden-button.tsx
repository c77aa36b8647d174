"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { useTRPC } from "../trpc-provider";

interface SaveGoldenButtonProps {
  team: string;
  catalog: string;
  query: string;
  expected: string[];
  /** The top hits, offered as one-click picks; none is picked until the person says so. */
  offered: string[];
  onToggle: (key: string) => void;
}

/** The current query and the tools the person picked become a golden query; "no tool should match" is explicit. */
export function SaveGoldenButton({ team, catalog, query, expected, offered, onToggle }: SaveGoldenButtonProps) {
  const trpc = useTRPC();
  const [isNoMatch, setNoMatch] = useState(false);
  useEffect(() => setNoMatch(false), [query]);
  const save = useMutation(
    trpc.golden.create.mutationOptions({
      meta: { success: "Saved as golden query", errorTitle: "The golden query was not saved" },
    }),
  );
  const savedFor =
    save.variables &&
    save.isSuccess &&
    save.variables.query === query &&
    save.variables.expected.join() === expected.join();
  const canSave = !!query.trim() && (expected.length > 0 || isNoMatch);
  return (
    <div
      className="space-y-2 rounded-lg border border-stone-200 bg-white p-3"
      aria-label="Save as golden query"
      role="group"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs text-stone-600">
        <span>Which tools should answer this query?</span>
        {offered.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={expected.includes(key)}
            onClick={() => (onToggle(key), setNoMatch(false))}
            className={`rounded-full border px-2 py-0.5 font-mono ${expected.includes(key) ? "border-stone-900 bg-stone-900 text-white" : "border-stone-300 hover:bg-stone-100"}`}
          >
            {key}
          </button>
        ))}
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={isNoMatch && expected.length === 0}
            disabled={expected.length > 0}
            onChange={(e) => setNoMatch(e.target.checked)}
          />
          No tool should match
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={!canSave || save.isPending || !!savedFor}
          onClick={() =>
            save.mutate({ team, catalog, query: query.trim(), expected, note: "Saved from the playground" })
          }
          className="rounded-md bg-stone-900 px-3 py-1.5 text-sm text-white hover:bg-stone-700 disabled:opacity-40"
        >
          {savedFor ? "Saved as golden query" : "Save as golden query"}
        </button>
        <span className="text-xs text-stone-600">
          {expected.length > 0
            ? `Expects ${expected.join(", ")}`
            : isNoMatch
              ? "Saves “no tool should match”."
              : "Pick the expected tools above or tick “Expected” on a result."}
        </span>
        {savedFor && (
          <span role="status" className="text-xs">
            <Link href={`/t/${team}/${catalog}/golden`} className="underline">
              Saved — open golden queries
            </Link>
          </span>
        )}
      </div>
      {save.error && (
        <p role="alert" className="text-xs text-red-700">
          {save.error.message}
        </p>
      )}
    </div>
  );
}
