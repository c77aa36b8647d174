"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/root";
import { plural } from "../ui/plural";
import { RelativeTime } from "../ui/relative-time";
import { buttonClass, secondaryButtonClass } from "../ui/control-styles";
import { refetchAfterChange } from "../refetch";
import { useTRPC } from "../trpc-provider";
import { DiffParts } from "./tool-changes";

type UpstreamChange = inferRouterOutputs<AppRouter>["review"]["upstream"]["list"][number];
type Finding = UpstreamChange["findings"][number];

interface Scope {
  team: string;
  catalog: string;
}

/** Approve and reject, each refetching the review, the marks and the tool (a rejection changes its text). */
function useDecisions({ team, catalog }: Scope) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSuccess = () => {
    void refetchAfterChange(queryClient, { queryKey: trpc.review.pathKey() });
    void refetchAfterChange(queryClient, { queryKey: trpc.tool.pathKey() });
  };
  const approve = useMutation(
    trpc.review.upstream.approve.mutationOptions({
      onSuccess,
      meta: { success: (data) => `Approved: the next version ships the new ${keyOf(data)}` },
    }),
  );
  const reject = useMutation(
    trpc.review.upstream.reject.mutationOptions({
      onSuccess,
      meta: { success: (data) => `Rejected: ${keyOf(data)} is back to its approved form` },
    }),
  );
  const decide = (change: UpstreamChange, action: "approve" | "reject") =>
    (action === "approve" ? approve : reject).mutate({
      team,
      catalog,
      toolId: change.toolId,
      revision: change.revision,
      toolRevision: change.toolRevision,
    });
  return { decide, isPending: approve.isPending || reject.isPending, error: approve.error ?? reject.error };
}

const keyOf = (data: unknown) => (data as { key: string }).key;

function SafetyErrors({ findings }: { findings: Finding[] }) {
  if (findings.length === 0) return null;
  return (
    <div role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900">
      <p className="font-semibold">{plural(findings.length, "safety error")} in the new text</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {findings.map((f) => (
          <li key={`${f.rule} ${f.message}`}>
            {f.message} <span className="font-mono text-xs text-red-700">({f.rule})</span>
            {!f.isNew && <span className="text-xs text-red-700"> — already in the approved form</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function OtherFindings({ findings }: { findings: Finding[] }) {
  if (findings.length === 0) return <p className="text-xs text-stone-500">No other finding of the catalog check.</p>;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-stone-700">
        {plural(findings.length, "other finding")} of the catalog check ({findings.filter((f) => f.isNew).length} new)
      </summary>
      <ul className="mt-1 space-y-0.5 pl-4 text-xs">
        {findings.map((f) => (
          <li key={`${f.rule} ${f.message}`}>
            <span className="font-medium">{f.severity}</span> {f.message}{" "}
            <span className="font-mono text-stone-500">({f.rule})</span>
            {f.isNew && <span className="ml-1 rounded bg-amber-100 px-1 text-amber-900">new</span>}
          </li>
        ))}
      </ul>
    </details>
  );
}

function ChangeCard({ change, canDecide, scope }: { change: UpstreamChange; canDecide: boolean; scope: Scope }) {
  const { decide, isPending, error } = useDecisions(scope);
  const isSafetyError = (f: Finding) => f.category === "safety" && f.severity === "error";
  return (
    <article
      aria-label={`Upstream change to ${change.key}`}
      className="space-y-2 rounded-lg border border-stone-200 bg-white p-3"
    >
      <div>
        <h4 className="font-mono text-sm break-all">{change.key}</h4>
        <p className="text-xs text-stone-500">
          Changed upstream <RelativeTime date={change.markedAt} />
          {change.markedBy && <> (imported by {change.markedBy})</>}; publishing ships it as in version{" "}
          {change.approvedVersion} until the change is approved.
        </p>
      </div>
      <SafetyErrors findings={change.findings.filter(isSafetyError)} />
      <dl className="space-y-2">
        {change.fields.map((diff) => (
          <div key={diff.field}>
            <dt className="text-xs font-medium text-stone-500">{diff.label}: approved → upstream</dt>
            <dd>
              <DiffParts parts={diff.parts} isBlock={diff.field !== "description"} />
            </dd>
          </div>
        ))}
      </dl>
      <OtherFindings findings={change.findings.filter((f) => !isSafetyError(f))} />
      {canDecide && (
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className={buttonClass} disabled={isPending} onClick={() => decide(change, "approve")}>
            Approve
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={isPending}
            onClick={() => decide(change, "reject")}
          >
            Reject
          </button>
          <span className="text-xs text-stone-500">
            Reject puts the approved form back in the draft; a later, different upstream change is marked again.
          </span>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
    </article>
  );
}

/** Published tools whose source changed them: the diff, the catalog check on the new text, approve or reject. */
export function UpstreamChanges({ team, catalog, canDecide }: Scope & { canDecide: boolean }) {
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.review.upstream.list.queryOptions({ team, catalog }), staleTime: 0 });
  if (list.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {list.error.message}
      </p>
    );
  if (!list.data || list.data.length === 0) return null;
  return (
    <section
      id="upstream"
      aria-label="Changed upstream"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h3 className="font-semibold">Changed upstream — needs review ({list.data.length})</h3>
      <p className="text-sm text-stone-700">
        The source of these published tools changed what they say. Until an editor approves a change, publishing ships
        the tool as last approved, so a changed description or schema cannot reach agents unseen.
      </p>
      {list.data.map((change) => (
        <ChangeCard key={change.toolId} change={change} canDecide={canDecide} scope={{ team, catalog }} />
      ))}
    </section>
  );
}
