"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "../trpc-provider";

interface UpstreamMarkProps {
  team: string;
  catalog: string;
  toolId: string;
  /** `badge` in the tool list; `banner` in the tool editor, with what it means. */
  variant: "badge" | "banner";
}

/** "Changed upstream — needs review" on a tool whose upstream change is held (one query per catalog, shared). */
export function UpstreamMark({ team, catalog, toolId, variant }: UpstreamMarkProps) {
  const trpc = useTRPC();
  const marks = useQuery({ ...trpc.review.upstream.marks.queryOptions({ team, catalog }), staleTime: 10_000 });
  if (!marks.data?.some((mark) => mark.toolId === toolId)) return null;
  const href = `/t/${team}/${catalog}/review#upstream`;
  if (variant === "badge")
    return (
      <Link
        href={href}
        className="ml-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs whitespace-nowrap text-amber-900 hover:underline"
        title="Its source changed this published tool; publishing keeps the approved form until an editor approves."
      >
        changed upstream — needs review
      </Link>
    );
  return (
    <p role="status" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
      <span className="font-medium">Changed upstream — needs review.</span> Its source changed this published tool. The
      draft has the new values; publishing keeps the approved form until an editor approves the change on the{" "}
      <Link href={href} className="font-medium underline">
        Review page
      </Link>
      .
    </p>
  );
}
