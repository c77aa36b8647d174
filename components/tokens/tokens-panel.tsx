"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { UnsavedChangesGuard } from "../ui/unsaved-changes";
import { appErrorOf } from "@/components/ui/app-error";
import { buttonClass, inputClass } from "@/components/ui/control-styles";
import { Field } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc-provider";
import { useHydrated } from "@/components/use-hydrated";
import { NewTokenSecret } from "./new-token-secret";
import { TokenRow } from "./token-row";
import { ConnectExamples } from "./connect-examples";
import { curlSnippet } from "./connect-snippets";
import { refetchAfterChange } from "@/components/refetch";
import type { AgentTokenScope } from "@/domain/vocabulary";

/** What a new token's panel shows to copy: a read with curl, and an import when the token may import. */
function curlExamples(created: { secret: string; scopes: string[] }, apiUrl: string, team: string, catalog: string) {
  const read = curlSnippet({ apiUrl, team, catalog }, created.secret);
  const importExample = `STOCKROOM_TOKEN=${created.secret} npm run -s stockroom -- import \\\n  --url ${apiUrl} --team ${team} --catalog ${catalog} -- npx -y <your MCP server>`;
  return created.scopes.includes("import") ? `${read}\n\n${importExample}` : read;
}

/** A new token's scopes: it always reads; the boxes add import and events. */
const scopesOf = (canImport: boolean, canReportEvents: boolean): AgentTokenScope[] => [
  "read",
  ...(canImport ? (["import"] as const) : []),
  ...(canReportEvents ? (["events"] as const) : []),
];

/** The catalog's tokens, each revocable. */
function TokenList({ team, catalog }: { team: string; catalog: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = { team, catalog };
  const tokens = useQuery(trpc.token.list.queryOptions(input));
  const refresh = () => refetchAfterChange(queryClient, { queryKey: trpc.token.list.queryKey(input) });
  const revoke = useMutation(
    trpc.token.revoke.mutationOptions({
      onSuccess: refresh,
      meta: { success: "Token revoked", errorTitle: "The token was not revoked" },
    }),
  );
  return (
    <>
      {tokens.isPending ? (
        <p className="text-sm text-stone-500">Loading tokens…</p>
      ) : tokens.error ? (
        <p role="alert" className="text-sm text-red-700">
          {tokens.error.message}
        </p>
      ) : tokens.data.length === 0 ? (
        <p className="rounded border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
          No tokens yet. Create one for each agent or environment, so you can revoke them one at a time.
        </p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full border-collapse bg-white text-sm" aria-label="Agent tokens">
            <thead>
              <tr className="border-b border-stone-200 text-left text-stone-500">
                <th className="px-3 py-2 font-medium">Name</th>
                <th className="px-3 py-2 font-medium">Token</th>
                <th className="px-3 py-2 font-medium">Scopes</th>
                <th className="px-3 py-2 font-medium">Created</th>
                <th className="px-3 py-2 font-medium">Last used</th>
                <th className="px-3 py-2 font-medium">Status</th>
                <th className="px-3 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.map((token) => (
                <TokenRow
                  key={token.id}
                  token={token}
                  pending={revoke.isPending && revoke.variables?.tokenId === token.id}
                  onRevoke={() => revoke.mutate({ ...input, tokenId: token.id })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoke.error && (
        <p role="alert" className="text-sm text-red-700">
          {revoke.error.message}
        </p>
      )}
    </>
  );
}

/** The scopes a new token gets besides reading snapshots. */
function ScopeChoices(props: {
  canImport: boolean;
  onImport: (value: boolean) => void;
  canReportEvents: boolean;
  onReportEvents: (value: boolean) => void;
}) {
  const { canImport, onImport, canReportEvents, onReportEvents } = props;
  return (
    <>
      <label
        className="mb-5 flex items-center gap-2 text-sm"
        title="For `stockroom import`, which imports tools from an MCP server on your machine."
      >
        <input type="checkbox" checked={canImport} onChange={(e) => onImport(e.target.checked)} /> Can also import tools
      </label>
      <label
        className="mb-5 flex items-center gap-2 text-sm"
        title="For the SDK's telemetry: searches, calls and outcomes the Insights tab counts. Untick for a token that only reads snapshots."
      >
        <input type="checkbox" checked={canReportEvents} onChange={(e) => onReportEvents(e.target.checked)} /> Can
        report agent events
      </label>
    </>
  );
}

/** The create mutation; the list refetches after it. */
function useCreateToken(team: string, catalog: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => refetchAfterChange(queryClient, { queryKey: trpc.token.list.queryKey({ team, catalog }) });
  return useMutation(
    trpc.token.create.mutationOptions({
      onSuccess: refresh,
      meta: { success: "Token created: copy it now", errorTitle: "The token was not created" },
    }),
  );
}

export function TokensPanel({ team, catalog, apiUrl }: { team: string; catalog: string; apiUrl: string }) {
  const hydrated = useHydrated();
  const input = { team, catalog };
  const create = useCreateToken(team, catalog);
  const [name, setName] = useState("");
  const [canImport, setCanImport] = useState(false);
  const [canReportEvents, setCanReportEvents] = useState(true);
  const [created, setCreated] = useState<{ name: string; secret: string; scopes: string[] } | null>(null);

  function onCreate(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { ...input, name, scopes: scopesOf(canImport, canReportEvents) },
      {
        onSuccess: ({ token, secret }) => {
          setCreated({ name: token.name, secret, scopes: token.scopes });
          setName("");
          setCanImport(false);
          setCanReportEvents(true);
        },
      },
    );
  }

  const createError = appErrorOf(create.error);
  const curl = created ? curlExamples(created, apiUrl, team, catalog) : "";
  return (
    <div className="space-y-6">
      {created && (
        <NewTokenSecret name={created.name} secret={created.secret} curl={curl} onDone={() => setCreated(null)} />
      )}
      <form
        onSubmit={onCreate}
        className="flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
        aria-label="Create token"
      >
        <UnsavedChangesGuard isDirty={!create.isPending && name.trim() !== ""} />
        <div className="w-full sm:w-80">
          <Field
            label="Token name"
            htmlFor="token-name"
            error={createError?.fields.name ?? createError?.message}
            hint="Who or what uses it, e.g. “support bot (prod)”."
          >
            <input
              id="token-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={80}
              required
              className={inputClass}
            />
          </Field>
        </div>
        <ScopeChoices
          canImport={canImport}
          onImport={setCanImport}
          canReportEvents={canReportEvents}
          onReportEvents={setCanReportEvents}
        />
        <button className={`${buttonClass} mb-5`} disabled={!hydrated || create.isPending}>
          {create.isPending ? "Creating…" : "Create token"}
        </button>
      </form>

      <TokenList team={team} catalog={catalog} />
      <ConnectExamples apiUrl={apiUrl} team={team} catalog={catalog} />
    </div>
  );
}
