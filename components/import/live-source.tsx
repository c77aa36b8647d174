"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { appErrorOf } from "../ui/app-error";
import { inputClass, secondaryButtonClass } from "../ui/control-styles";
import { Field } from "../ui/field";
import { plural } from "@/components/ui/plural";

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
function pairs(text: string, separator: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines(text)) {
    const at = line.indexOf(separator);
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/** Connects to a live MCP server (stdio command or Streamable HTTP URL) and hands its tools/list result over. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: to split (#18 item 4): the transport fields and the fetch; left whole while #23 reworks the UI
export function LiveSource({
  team,
  catalog,
  onFetched,
}: {
  team: string;
  catalog: string;
  onFetched: (result: {
    text: string;
    serverName: string | null;
    namespaceDescription: string | null;
    toolCount: number;
  }) => void;
}) {
  const trpc = useTRPC();
  const [transport, setTransport] = useState<"http" | "stdio">("http");
  const [url, setUrl] = useState("");
  const [headers, setHeaders] = useState("");
  const [command, setCommand] = useState("");
  const [args, setArgs] = useState("");
  const [env, setEnv] = useState("");
  const settings = useQuery(trpc.import.liveSettings.queryOptions({ team, catalog }));
  const stdioOff = settings.data?.stdioCommands.length === 0;
  const fetchMcp = useMutation(
    trpc.import.fetchMcp.mutationOptions({
      onSuccess: onFetched,
      meta: { success: "Read the server's tools: preview them below", errorTitle: "The MCP server was not read" },
    }),
  );
  const error = appErrorOf(fetchMcp.error);
  function connect() {
    fetchMcp.mutate({
      team,
      catalog,
      connection:
        transport === "http"
          ? { transport, url, headers: pairs(headers, ":") }
          : { transport, command, args: lines(args), env: pairs(env, "=") },
    });
  }
  return (
    <div className="space-y-3">
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">Transport</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="transport" checked={transport === "http"} onChange={() => setTransport("http")} />{" "}
          Streamable HTTP
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="transport" checked={transport === "stdio"} onChange={() => setTransport("stdio")} />{" "}
          stdio command
        </label>
      </fieldset>
      {transport === "http" ? (
        <>
          <Field label="Server URL" htmlFor="mcp-url" error={error?.fields.url}>
            <input
              id="mcp-url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://mcp.example.com/mcp"
              className={`${inputClass} font-mono`}
            />
          </Field>
          <Field
            label="Headers"
            htmlFor="mcp-headers"
            error={error?.fields.headers}
            hint="One per line, Name: value (e.g. Authorization: Bearer …). Sent only to this URL."
          >
            <textarea
              id="mcp-headers"
              value={headers}
              onChange={(e) => setHeaders(e.target.value)}
              rows={2}
              className={`${inputClass} font-mono`}
            />
          </Field>
        </>
      ) : stdioOff ? (
        <StdioOff cliHint={settings.data!.cliHint} />
      ) : (
        <>
          <Field
            label="Command"
            htmlFor="mcp-command"
            error={error?.fields.command}
            hint={`Runs on the Stockroom server, without a shell; owners only. Allowed: ${settings.data?.stdioCommands.join(", ") ?? "…"}.`}
          >
            <input
              id="mcp-command"
              value={command}
              onChange={(e) => setCommand(e.target.value)}
              placeholder="npx"
              className={`${inputClass} font-mono`}
            />
          </Field>
          <Field label="Arguments" htmlFor="mcp-args" error={error?.fields.args} hint="One per line.">
            <textarea
              id="mcp-args"
              value={args}
              onChange={(e) => setArgs(e.target.value)}
              rows={2}
              className={`${inputClass} font-mono`}
            />
          </Field>
          <Field label="Environment" htmlFor="mcp-env" error={error?.fields.env} hint="One per line, NAME=value.">
            <textarea
              id="mcp-env"
              value={env}
              onChange={(e) => setEnv(e.target.value)}
              rows={2}
              className={`${inputClass} font-mono`}
            />
          </Field>
        </>
      )}
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={fetchMcp.isPending || (transport === "stdio" && stdioOff)}
        onClick={connect}
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
