"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { secondaryButtonClass } from "../ui/control-styles";
import { plural } from "@/components/ui/plural";
import { HttpFields, StdioFields, TransportPicker } from "./live-transport-fields";
import { type FetchedTools, type LiveConnection, useLiveFetch } from "./use-live-fetch";

const EMPTY: LiveConnection = { transport: "http", url: "", headers: "", command: "", args: "", env: "" };

/** Connects to a live MCP server (stdio command or Streamable HTTP URL) and hands its tools/list result over. */
export function LiveSource({
  team,
  catalog,
  onFetched,
}: {
  team: string;
  catalog: string;
  onFetched: (result: FetchedTools) => void;
}) {
  const trpc = useTRPC();
  const [connection, setConnection] = useState(EMPTY);
  const onChange = (patch: Partial<LiveConnection>) => setConnection((current) => ({ ...current, ...patch }));
  const settings = useQuery(trpc.import.liveSettings.queryOptions({ team, catalog }));
  const stdioOff = settings.data?.stdioCommands.length === 0;
  const { fetchMcp, connect, error } = useLiveFetch(team, catalog, onFetched);
  const fields = { connection, onChange, error };
  return (
    <div className="space-y-3">
      <TransportPicker connection={connection} onChange={onChange} />
      {connection.transport === "http" ? (
        <HttpFields {...fields} />
      ) : stdioOff ? (
        <StdioOff cliHint={settings.data!.cliHint} />
      ) : (
        <StdioFields {...fields} allowed={settings.data?.stdioCommands} />
      )}
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={fetchMcp.isPending || (connection.transport === "stdio" && stdioOff)}
        onClick={() => connect(connection)}
      >
        {fetchMcp.isPending ? "Connecting… (up to 10 s)" : "Connect and list tools"}
      </button>
      {error && Object.keys(error.fields).length === 0 && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
      {fetchMcp.data && (
        <p role="status" className="text-sm text-emerald-800">
          {fetchMcp.data.serverName ?? "The server"} listed {plural(fetchMcp.data.toolCount, "tool")}.
        </p>
      )}
    </div>
  );
}

/** Why the stdio form is not offered, and where to import from a local server instead. */
function StdioOff({ cliHint }: { cliHint: string }) {
  return (
    <div
      role="note"
      aria-label="stdio import is off"
      className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p>
        This Stockroom server does not start MCP server commands: they would run on the server&apos;s host, as the
        server.
      </p>
      <p>{cliHint}</p>
      <p>
        An operator can allow chosen commands by starting Stockroom with{" "}
        <code className="font-mono">STOCKROOM_STDIO_COMMANDS</code> (e.g. <code className="font-mono">npx,uvx</code>).
      </p>
    </div>
  );
}
