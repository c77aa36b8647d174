"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "../trpc-provider";

/** One click: the current query and the tools ticked "Expected" become a golden query. */
export function SaveGoldenButton({ team, catalog, query, expected }: { team: string; catalog: string; query: string; expected: string[] }) {
  const trpc = useTRPC();
  const save = useMutation(trpc.golden.create.mutationOptions());
  const savedFor = save.variables && save.isSuccess && save.variables.query === query && save.variables.expected.join() === expected.join();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        disabled={!query.trim() || save.isPending || !!savedFor}
        onClick={() => save.mutate({ team, catalog, query: query.trim(), expected, note: "Saved from the playground" })}
        className="rounded bg-stone-900 px-3 py-1.5 text-sm text-white disabled:opacity-40"
      >
        {savedFor ? "Saved as golden query" : "Save as golden query"}
      </button>
      <span className="text-xs text-stone-600">
        {expected.length === 0 ? "No tool ticked: saves “no tool should match”." : `Expects ${expected.join(", ")}`}
      </span>
      {savedFor && (
        <span role="status" className="text-xs">
          <Link href={`/t/${team}/${catalog}/golden`} className="underline">
            Saved — open golden queries
          </Link>
        </span>
      )}
      {save.error && (
        <p role="alert" className="w-full text-xs text-red-700">
          {save.error.message}
        </p>
      )}
    </div>
  );
}
