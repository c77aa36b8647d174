"use client";

import { useState } from "react";
import { RelativeTime } from "@/components/ui/relative-time";

interface TokenRowProps {
  token: { id: string; name: string; prefix: string; createdAt: Date; createdBy: string | null; lastUsedAt: Date | null; revokedAt: Date | null; scopes: string[] };
  pending: boolean;
  onRevoke: () => void;
}

/** One token; revoking asks once more, because agents using it fail from their next request on. */
export function TokenRow({ token, pending, onRevoke }: TokenRowProps) {
  const [confirming, setConfirming] = useState(false);
  const revoked = token.revokedAt !== null;
  return (
    <tr className={`border-b border-stone-100 align-top ${revoked ? "text-stone-400" : ""}`} aria-label={token.name}>
      <td className="px-3 py-2 font-medium">{token.name}</td>
      <td className="px-3 py-2 font-mono text-xs">{token.prefix}…</td>
      <td className="px-3 py-2 text-xs">{token.scopes.join(" + ")}</td>
      <td className="px-3 py-2">
        <RelativeTime date={token.createdAt} />
        {token.createdBy && <span className="block text-xs text-stone-500">by {token.createdBy}</span>}
      </td>
      <td className="px-3 py-2">{token.lastUsedAt ? <RelativeTime date={token.lastUsedAt} /> : "never"}
      </td>
      <td className="px-3 py-2">
        {revoked ? (
          <span className="rounded bg-stone-200 px-2 py-0.5 text-xs text-stone-600">
            revoked <RelativeTime date={token.revokedAt!} />
          </span>
        ) : (
          <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs text-emerald-800">active</span>
        )}
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap">
        {!revoked &&
          (confirming ? (
            <span className="inline-flex items-center gap-2">
              <span className="text-xs text-stone-600">Agents using it stop at once.</span>
              <button type="button" onClick={onRevoke} disabled={pending} className="rounded bg-red-700 px-2 py-1 text-xs text-white hover:bg-red-800 disabled:opacity-50">
                Confirm revoke
              </button>
              <button type="button" onClick={() => setConfirming(false)} className="text-xs text-stone-600 hover:underline">
                Cancel
              </button>
            </span>
          ) : (
            <button type="button" onClick={() => setConfirming(true)} aria-label={`Revoke ${token.name}`} className="rounded border border-stone-300 px-2 py-1 text-xs hover:bg-stone-100">
              Revoke
            </button>
          ))}
      </td>
    </tr>
  );
}
