"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Fragment, useState } from "react";
import { ContentHash } from "@/components/ui/content-hash";
import { plural } from "@/components/ui/plural";
import { RelativeTime } from "@/components/ui/relative-time";
import { useTRPC } from "../trpc-provider";
import { MetricsChart, rollbackRegressions } from "./metrics-chart";
import { RollbackForm } from "./rollback-form";
import { ResetDraftDialog } from "./reset-draft-dialog";

const pct = (x: number | undefined) => (x === undefined ? "–" : `${(100 * x).toFixed(0)}%`);

interface VersionActionsProps {
  team: string;
  catalog: string;
  version: number;
  canPublish: boolean;
  isLatest: boolean;
  onRollback: () => void;
}

/** Download, reset the draft to this version, roll back to it. */
function VersionActions({ team, catalog, version, canPublish, isLatest, onRollback }: VersionActionsProps) {
  return (
    <td className="whitespace-nowrap px-3 py-2 text-right">
      <a
        href={`/t/${team}/${catalog}/snapshots/${version}/download`}
        download
        className="underline"
        aria-label={`Download version ${version}`}
      >
        Download
      </a>
      {canPublish && (
        <ResetDraftDialog
          team={team}
          catalog={catalog}
          scope={{ kind: "draft" }}
          version={version}
          trigger={
            <button type="button" className="ml-3 underline" aria-label={`Reset draft to version ${version}`}>
              Reset draft to this version
            </button>
          }
        />
      )}
      {canPublish && !isLatest && (
        <button
          type="button"
          onClick={onRollback}
          className="ml-3 underline"
          aria-label={`Roll back to version ${version}`}
        >
          Roll back
        </button>
      )}
    </td>
  );
}

function VersionsHead() {
  return (
    <thead>
      <tr className="border-b border-stone-200 text-left text-stone-500">
        <th className="px-3 py-2 font-medium">Version</th>
        <th className="px-3 py-2 font-medium">Published</th>
        <th className="px-3 py-2 font-medium">Note</th>
        <th className="px-3 py-2 font-medium">Content hash</th>
        <th className="px-3 py-2 text-right font-medium" title="At publish time, on the golden queries of that day">
          <Link href="/docs/glossary#metrics" className="underline-offset-2 hover:underline">
            s@1 · R@K · MRR · nDCG
          </Link>
        </th>
        <th className="px-3 py-2">
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}

/** Every published version: who, when, note, hash, metrics at publish time, download and rollback. */
export function SnapshotList({ team, catalog, canPublish }: { team: string; catalog: string; canPublish: boolean }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.snapshot.versions.queryOptions({ team, catalog }));
  const metrics = useQuery(trpc.snapshot.metrics.queryOptions({ team, catalog }));
  const [rollingBack, setRollingBack] = useState<number | null>(null);

  if (query.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {query.error.message}
      </p>
    );
  if (!query.data) return <p className="text-sm text-stone-500">Loading versions…</p>;
  const versions = query.data;
  if (versions.length === 0) {
    return (
      <p className="rounded border border-dashed border-stone-300 p-8 text-center text-stone-600">
        Nothing published yet.{" "}
        <Link href={`/t/${team}/${catalog}/review`} className="underline">
          Review the draft and publish version 1
        </Link>
        .
      </p>
    );
  }
  const latest = versions[0]!.version;
  return (
    <div className="space-y-6">
      {metrics.data && <MetricsChart data={metrics.data} />}
      {metrics.error && (
        <p role="alert" className="text-sm text-red-700">
          {metrics.error.message}
        </p>
      )}
      <div className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white">
        <table className="w-full border-collapse text-sm" aria-label="Versions">
          <VersionsHead />
          <tbody>
            {versions.map((v) => (
              <Fragment key={v.version}>
                <tr className="border-b border-stone-100 align-top" aria-label={`Version ${v.version}`}>
                  <td className="px-3 py-2 font-semibold">
                    v{v.version}
                    {v.version === latest && (
                      <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-normal text-emerald-800">
                        latest
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-xs">
                    <RelativeTime date={v.publishedAt} />
                    <div className="text-stone-500">{v.publishedBy || "unknown"}</div>
                  </td>
                  <td className="max-w-md px-3 py-2">
                    <p className="whitespace-pre-wrap">{v.note}</p>
                    {v.rolledBackFrom !== null && (
                      <p className="text-xs text-amber-800">Rollback: content of version {v.rolledBackFrom}</p>
                    )}
                    {v.reason && <p className="text-xs text-red-800">Published despite worse metrics: {v.reason}</p>}
                  </td>
                  <td className="px-3 py-2">
                    <ContentHash hash={v.contentHash} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right text-xs tabular-nums">
                    {v.metrics
                      ? `${pct(v.metrics.successAt1)} · ${pct(v.metrics.recallAtK)} · ${v.metrics.mrr.toFixed(2)} · ${v.metrics.ndcg10.toFixed(2)}`
                      : "–"}
                    {v.metrics && (
                      <div className="text-stone-500">{`${plural(v.metrics.tools.total, "tool")}, ${plural(v.metrics.queries, "query", "queries")}`}</div>
                    )}
                  </td>
                  <VersionActions
                    team={team}
                    catalog={catalog}
                    version={v.version}
                    canPublish={canPublish}
                    isLatest={v.version === latest}
                    onRollback={() => setRollingBack(v.version)}
                  />
                </tr>
                {rollingBack === v.version && (
                  <tr>
                    <td colSpan={6} className="px-3 pb-3">
                      <RollbackForm
                        team={team}
                        catalog={catalog}
                        version={v.version}
                        regressions={rollbackRegressions(metrics.data, v.version, latest)}
                        onDone={() => setRollingBack(null)}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
