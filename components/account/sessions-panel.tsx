"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { refetchAfterChange } from "@/components/refetch";
import { useTRPC } from "@/components/trpc-provider";
import { secondaryButtonClass } from "@/components/ui/control-styles";
import { RelativeTime } from "@/components/ui/relative-time";

interface SessionRowProps {
  session: {
    id: string;
    browser: string;
    ipAddress: string | null;
    createdAt: Date;
    lastActiveAt: Date;
    current: boolean;
  };
  pending: boolean;
  onEnd: () => void;
}

function SessionRow({ session, pending, onEnd }: SessionRowProps) {
  return (
    <tr className="border-b border-stone-100 last:border-0">
      <td className="px-3 py-2">
        {session.browser}
        {session.current && (
          <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800">This browser</span>
        )}
      </td>
      <td className="px-3 py-2 font-mono text-xs">{session.ipAddress ?? "unknown"}</td>
      <td className="px-3 py-2">
        <RelativeTime date={session.createdAt} />
      </td>
      <td className="px-3 py-2">
        <RelativeTime date={session.lastActiveAt} />
      </td>
      <td className="px-3 py-2 text-right">
        {!session.current && (
          <button
            type="button"
            disabled={pending}
            onClick={onEnd}
            className={secondaryButtonClass}
            aria-label={`End session: ${session.browser}`}
          >
            {pending ? "Ending…" : "End"}
          </button>
        )}
      </td>
    </tr>
  );
}

/** The account's sessions: where and when each signed in; any other one can be ended, or all others at once. */
export function SessionsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.account.sessions.queryOptions());
  const refresh = () => refetchAfterChange(queryClient, { queryKey: trpc.account.sessions.queryKey() });
  const endOne = useMutation(
    trpc.account.endSession.mutationOptions({
      onSuccess: refresh,
      meta: { success: "Session ended", errorTitle: "The session was not ended" },
    }),
  );
  const endOthers = useMutation(
    trpc.account.endOtherSessions.mutationOptions({
      onSuccess: refresh,
      meta: { success: "Every other session ended", errorTitle: "The sessions were not ended" },
    }),
  );
  if (sessions.isPending) return <p className="text-sm text-stone-500">Loading sessions…</p>;
  if (sessions.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {sessions.error.message}
      </p>
    );
  const others = sessions.data.filter((session) => !session.current).length;
  return (
    <div className="space-y-3">
      <div className="relative overflow-x-auto">
        <table className="w-full border-collapse bg-white text-sm" aria-label="Sessions">
          <thead>
            <tr className="border-b border-stone-200 text-left text-stone-500">
              <th className="px-3 py-2 font-medium">Browser</th>
              <th className="px-3 py-2 font-medium">Address</th>
              <th className="px-3 py-2 font-medium">Signed in</th>
              <th className="px-3 py-2 font-medium">Last active</th>
              <th className="px-3 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                pending={endOne.isPending && endOne.variables?.sessionId === session.id}
                onEnd={() => endOne.mutate({ sessionId: session.id })}
              />
            ))}
          </tbody>
        </table>
      </div>
      {others > 0 && (
        <button
          type="button"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate()}
          className={secondaryButtonClass}
        >
          {endOthers.isPending ? "Ending…" : `End all other sessions (${others})`}
        </button>
      )}
    </div>
  );
}
