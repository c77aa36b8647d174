"use client";

import Link from "next/link";
import { useState } from "react";
import { plural } from "@/components/ui/plural";
import type { DraftReview } from "./format";
import { QueryDiff } from "./query-diff";

interface ReviewQueryListProps {
  team: string;
  catalog: string;
  data: DraftReview;
  latestLabel: string | null;
}

/** Every golden query's ranking change, worse first; the unchanged ones on request. */
export function ReviewQueryList({ team, catalog, data, latestLabel }: ReviewQueryListProps) {
  const [showUnchanged, setShowUnchanged] = useState(false);
  const visible = data.queries.filter((q) => showUnchanged || q.verdict !== "same");
  return (
    <section aria-label="Golden queries" className="space-y-3">
      <div className="flex items-baseline justify-between">
        <h3 className="font-semibold">Golden queries (worse first)</h3>
        {data.counts.same > 0 && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={showUnchanged} onChange={(e) => setShowUnchanged(e.target.checked)} />
            Show {plural(data.counts.same, "unchanged query", "unchanged queries")}
          </label>
        )}
      </div>
      {data.queries.length === 0 && (
        <p className="text-sm text-stone-500">
          No golden queries yet:{" "}
          <Link href={`/t/${team}/${catalog}/golden`} className="underline">
            add some
          </Link>{" "}
          to see how rankings move.
        </p>
      )}
      {visible.map((q) => (
        <QueryDiff key={q.id} comparison={q} latestLabel={latestLabel} k={data.k} />
      ))}
      {visible.length === 0 && data.queries.length > 0 && (
        <p className="text-sm text-stone-500">No golden query ranks differently.</p>
      )}
    </section>
  );
}
