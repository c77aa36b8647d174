"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RelativeTime } from "@/components/ui/relative-time";

interface TokenRowProps {
  token: {
    id: string;
    name: string;
    prefix: string;
    createdAt: Date;
    createdBy: string | null;
    lastUsedAt: Date | null;
    revokedAt: Date | null;
    scopes: string[];
  };
  pending: boolean;
  onRevoke: () => void;
}

/** One token; revoking asks once more, because agents using it fail from their next request on. */
export function TokenRow({ token, pending, onRevoke }: TokenRowProps) {
  const revoked = token.revokedAt !== null;
  return (
    <tr className={`border-b border-stone-100 align-top ${revoked ? "text-stone-500" : ""}`} aria-label={token.name}>
      <td className="px-3 py-2 font-medium">{token.name}</td>
      <td className="px-3 py-2 font-mono text-xs">{token.prefix}…</td>
      <td className="px-3 py-2 text-xs">{token.scopes.join(" + ")}</td>
      <td className="px-3 py-2">
        <RelativeTime date={token.createdAt} />
        {token.createdBy && <span className="block text-xs text-stone-500">by {token.createdBy}</span>}
      </td>
      <td className="px-3 py-2">{token.lastUsedAt ? <RelativeTime date={token.lastUsedAt} /> : "never"}</td>
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
        {!revoked && (
          <ConfirmDialog
            trigger={
              <button
                type="button"
                disabled={pending}
                aria-label={`Revoke ${token.name}`}
                className="rounded border border-stone-300 px-2 py-1 text-xs hover:bg-stone-100"
              >
                Revoke
              </button>
            }
            title={`Revoke ${token.name}?`}
            description="Agents using this token are refused from their next request on. This cannot be undone: create a new token instead."
            confirmLabel="Confirm revoke"
            onConfirm={onRevoke}
          />
        )}
      </td>
    </tr>
  );
}
