"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { Source } from "@/domain/sources";
import { useTRPC } from "../trpc-provider";

/** The catalog's sources with the "source changed" mark (one shared query per catalog). */
function useChangedSources(team: string, catalog: string): Source[] {
  const trpc = useTRPC();
  const sources = useQuery({ ...trpc.source.list.queryOptions({ team, catalog }), staleTime: 10_000 });
  return (sources.data ?? []).filter((s) => s.changed);
}

const CLASS_BADGE =
  "ml-1 inline-block rounded bg-sky-100 px-1.5 py-0.5 text-xs whitespace-nowrap text-sky-900 hover:underline";
const CLASS_BANNER = "rounded border border-sky-300 bg-sky-50 p-2 text-sm text-sky-950";

/** "Source changed" on a tool a scheduled check found changed or gone upstream: `badge` in the list, `banner` in the editor. */
export function SourceChangedMark({
  team,
  catalog,
  toolId,
  variant,
}: {
  team: string;
  catalog: string;
  toolId: string;
  variant: "badge" | "banner";
}) {
  const source = useChangedSources(team, catalog).find((s) => s.changed!.toolIds.includes(toolId));
  if (!source) return null;
  const href = `/t/${team}/${catalog}/namespaces`;
  if (variant === "badge")
    return (
      <Link
        href={href}
        className={CLASS_BADGE}
        title="A scheduled check found this tool changed upstream; sync to review."
      >
        source changed
      </Link>
    );
  return (
    <p role="status" className={CLASS_BANNER}>
      <span className="font-medium">Source changed.</span> A scheduled check of the source of{" "}
      <span className="font-mono">{source.namespace}</span> found this tool changed or gone upstream. Nothing was
      applied; sync it on the{" "}
      <Link href={href} className="font-medium underline">
        Namespaces page
      </Link>
      .
    </p>
  );
}

/** Under the catalog's header: which sources changed upstream, with a link to sync them. */
export function SourceChangedNotice({ team, catalog }: { team: string; catalog: string }) {
  const changed = useChangedSources(team, catalog);
  if (changed.length === 0) return null;
  return (
    <p role="status" className={`mb-4 ${CLASS_BANNER}`}>
      <span className="font-medium">Source changed:</span>{" "}
      {changed.map((s) => (
        <span key={s.namespace} className="mr-2">
          <span className="font-mono">{s.namespace}</span> ({describeChange(s.changed!)})
        </span>
      ))}
      <Link href={`/t/${team}/${catalog}/namespaces`} className="font-medium underline">
        Review and sync
      </Link>
    </p>
  );
}

/** "1 new, 2 changed, 1 removed". */
export function describeChange(c: NonNullable<Source["changed"]>): string {
  const parts: Array<[number, string]> = [
    [c.new, "new"],
    [c.changed, "changed"],
    [c.conflict, "conflict"],
    [c.removed, "removed"],
  ];
  return parts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${what}`)
    .join(", ");
}
