"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useId, useState, type FormEvent } from "react";
import type { AppRouter } from "@/server/routers/root";
import { refetchAfterChange } from "../refetch";
import { useTRPC } from "../trpc-provider";
import { RelativeTime } from "../ui/relative-time";
import { NoteField, PublishForm, ReasonField } from "./publish-form";

type Requests = inferRouterOutputs<AppRouter>["review"]["requests"];
type Request = NonNullable<Requests["pending"]>;

interface PublishApprovalProps {
  team: string;
  catalog: string;
  nextVersion: number;
  isUnchanged: boolean;
  regressions: string[];
  /** The draft revision the review shows: a request names it, and approval publishes exactly it. */
  draftRevision: string | null;
  /** What publishing ships, line by line, shown to confirm before publishing. */
  summary: string[];
}

function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void refetchAfterChange(queryClient, { queryKey: trpc.review.pathKey() });
    void refetchAfterChange(queryClient, { queryKey: trpc.snapshot.pathKey() });
  };
}

/** The last decided request, so the requester learns why it was refused or went stale. */
function LatestDecision({ latest }: { latest: Request | null }) {
  if (!latest || latest.status === "approved" || latest.status === "withdrawn") return null;
  const text =
    latest.status === "refused"
      ? `${latest.decidedBy ?? "Someone"} refused ${latest.requestedBy}’s request: ${latest.decisionReason ?? ""}`
      : `${latest.requestedBy}’s request went stale: the draft changed after it was made.`;
  return (
    <p role="status" className="rounded border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900">
      {text}
    </p>
  );
}

/** An editor asks to publish: the note (and a reason when metrics got worse) go with the request. */
function RequestForm({ team, catalog, nextVersion, isUnchanged, regressions, draftRevision }: PublishApprovalProps) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const id = useId();
  const [note, setNote] = useState("");
  const [reason, setReason] = useState("");
  const request = useMutation(
    trpc.review.requestPublish.mutationOptions({
      onSuccess: () => (setNote(""), refresh()),
      meta: { success: "Publish requested: another editor or owner approves it", errorTitle: "Nothing was requested" },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    request.mutate({
      team,
      catalog,
      note,
      ...(regressions.length > 0 ? { reason } : {}),
      ...(draftRevision ? { draftRevision } : {}),
    });
  }
  return (
    <form onSubmit={submit} aria-label="Ask to publish" className="space-y-2">
      <NoteField id={id} note={note} setNote={setNote} error={null} />
      {regressions.length > 0 && (
        <ReasonField id={id} reason={reason} setReason={setReason} regressions={regressions} error={null} />
      )}
      <button
        type="submit"
        disabled={request.isPending || isUnchanged || !note.trim() || (regressions.length > 0 && !reason.trim())}
        className="rounded bg-stone-900 px-3 py-1.5 text-sm text-white hover:bg-stone-700 disabled:opacity-50"
      >
        {request.isPending ? "Requesting…" : `Ask to publish version ${nextVersion}`}
      </button>
      {request.error && (
        <p role="alert" className="text-sm text-red-700">
          {request.error.message}
        </p>
      )}
    </form>
  );
}

function useDecisions(team: string, catalog: string) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const approve = useMutation(
    trpc.review.approvePublish.mutationOptions({
      onSuccess: refresh,
      onError: refresh, // a stale request leaves the pending list
      meta: {
        success: (data) => `Approved: published version ${(data as { version: number }).version}`,
        isErrorSilent: true,
      },
    }),
  );
  const refuse = useMutation(
    trpc.review.refusePublish.mutationOptions({ onSuccess: refresh, meta: { success: "Publish request refused" } }),
  );
  const withdraw = useMutation(
    trpc.review.withdrawPublish.mutationOptions({ onSuccess: refresh, meta: { success: "Publish request withdrawn" } }),
  );
  return { approve, refuse, withdraw };
}

/** Refusing needs a reason: the requester reads it. */
function RefuseForm({
  id,
  isPending,
  onRefuse,
}: {
  id: string;
  isPending: boolean;
  onRefuse: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  return (
    <>
      <label htmlFor={`${id}-refusal`} className="block text-sm font-medium">
        Reason to refuse
      </label>
      <textarea
        id={`${id}-refusal`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={2}
        maxLength={2000}
        className="w-full rounded border border-stone-300 p-2 text-sm"
      />
      <button
        type="button"
        disabled={isPending || !reason.trim()}
        onClick={() => onRefuse(reason)}
        className="rounded border border-red-300 px-3 py-1.5 text-sm text-red-800 disabled:opacity-50"
      >
        Refuse
      </button>
    </>
  );
}

/** The pending request: the requester waits (and may withdraw); anyone else approves or refuses with a reason. */
function PendingRequest({ team, catalog, pending }: { team: string; catalog: string; pending: Request }) {
  const id = useId();
  const { approve, refuse, withdraw } = useDecisions(team, catalog);
  const ids = { team, catalog, requestId: pending.id };
  const error = approve.error ?? refuse.error ?? withdraw.error;
  return (
    <div className="space-y-2" aria-label="Publish request">
      <p className="text-sm">
        <span className="font-medium">{pending.isMine ? "You" : pending.requestedBy}</span> asked to publish{" "}
        <RelativeTime date={pending.requestedAt} />: “{pending.note}”
        {pending.reason && <span className="text-red-800"> (worse metrics accepted: {pending.reason})</span>}
      </p>
      {pending.isMine ? (
        <div className="flex items-center gap-3">
          <p role="status" className="rounded bg-sky-50 px-2 py-1 text-sm text-sky-900">
            Waiting for approval by another editor or owner.
          </p>
          <button type="button" className="text-sm underline" onClick={() => withdraw.mutate(ids)}>
            Withdraw
          </button>
        </div>
      ) : (
        <div className="space-y-2">
          <button
            type="button"
            disabled={approve.isPending}
            onClick={() => approve.mutate(ids)}
            className="rounded bg-emerald-700 px-3 py-1.5 text-sm text-white hover:bg-emerald-800 disabled:opacity-50"
          >
            {approve.isPending ? "Publishing…" : "Approve and publish"}
          </button>
          <RefuseForm id={id} isPending={refuse.isPending} onRefuse={(reason) => refuse.mutate({ ...ids, reason })} />
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}

/**
 * Publishing on the Review page: the plain publish form, or with four eyes on, the request, the pending request's
 * approve and refuse buttons (for others) or "waiting for approval" (for the requester).
 */
export function PublishApproval(props: PublishApprovalProps) {
  const { team, catalog } = props;
  const trpc = useTRPC();
  const requests = useQuery({ ...trpc.review.requests.queryOptions({ team, catalog }), staleTime: 0 });
  if (!requests.data) return null;
  if (!requests.data.required && !requests.data.pending) return <PublishForm {...props} />;
  const { pending, latest } = requests.data;
  return (
    <section aria-label="Publish" className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <h3 className="font-semibold">Publish version {props.nextVersion}</h3>
      <p className="text-xs text-stone-600">This catalog requires another editor’s or owner’s approval to publish.</p>
      <LatestDecision latest={pending ? null : latest} />
      {pending ? <PendingRequest team={team} catalog={catalog} pending={pending} /> : <RequestForm {...props} />}
    </section>
  );
}
