"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { appErrorOf } from "../app-error";
import { Field, inputClass, secondaryButtonClass } from "../ui";

const lines = (text: string) => text.split("\n").map((l) => l.trim()).filter(Boolean);
function pairs(text: string, separator: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines(text)) {
    const at = line.indexOf(separator);
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/** Connects to a live MCP server (stdio command or Streamable HTTP URL) and hands its tools/list result over. */
export function LiveSource({ team, catalog, onFetched }: { team: string; catalog: string; onFetched: (result: { text: string; serverName: string | null; toolCount: number }) => void }) {
  const trpc = useTRPC();
  const [transport, setTransport] = useState<"http" | "stdio">("http");
  const [url, setUrl] = useState("");
  const [headers, setHeaders] = useState("");
  const [command, setCommand] = useState("");
  const [args, setArgs] = useState("");
  const [env, setEnv] = useState("");
  const fetchMcp = useMutation(trpc.io.fetchMcp.mutationOptions({ onSuccess: onFetched, meta: { success: "Read the server's tools: preview them below", errorTitle: "The MCP server was not read" } }));
  const error = appErrorOf(fetchMcp.error);
  function connect() {
    fetchMcp.mutate({
      team,
      catalog,
      connection: transport === "http" ? { transport, url, headers: pairs(headers, ":") } : { transport, command, args: lines(args), env: pairs(env, "=") },
    });
  }
  return (
    <div className="space-y-3">
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">Transport</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="transport" checked={transport === "http"} onChange={() => setTransport("http")} /> Streamable HTTP
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="transport" checked={transport === "stdio"} onChange={() => setTransport("stdio")} /> stdio command
        </label>
      </fieldset>
      {transport === "http" ? (
        <>
          <Field label="Server URL" htmlFor="mcp-url" error={error?.fields.url}>
            <input id="mcp-url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="http://127.0.0.1:3001/mcp" className={`${inputClass} font-mono`} />
          </Field>
          <Field label="Headers" htmlFor="mcp-headers" error={error?.fields.headers} hint="One per line, Name: value (e.g. Authorization: Bearer …). Sent only to this URL.">
            <textarea id="mcp-headers" value={headers} onChange={(e) => setHeaders(e.target.value)} rows={2} className={`${inputClass} font-mono`} />
          </Field>
        </>
      ) : (
        <>
          <Field label="Command" htmlFor="mcp-command" error={error?.fields.command} hint="Runs on the Stockroom server, without a shell; owners only.">
            <input id="mcp-command" value={command} onChange={(e) => setCommand(e.target.value)} placeholder="npx" className={`${inputClass} font-mono`} />
          </Field>
          <Field label="Arguments" htmlFor="mcp-args" error={error?.fields.args} hint="One per line.">
            <textarea id="mcp-args" value={args} onChange={(e) => setArgs(e.target.value)} rows={2} className={`${inputClass} font-mono`} />
          </Field>
          <Field label="Environment" htmlFor="mcp-env" error={error?.fields.env} hint="One per line, NAME=value.">
            <textarea id="mcp-env" value={env} onChange={(e) => setEnv(e.target.value)} rows={2} className={`${inputClass} font-mono`} />
          </Field>
        </>
      )}
      <button type="button" className={secondaryButtonClass} disabled={fetchMcp.isPending} onClick={connect}>
        {fetchMcp.isPending ? "Connecting… (up to 10 s)" : "Connect and list tools"}
      </button>
      {error && Object.keys(error.fields).length === 0 && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
      {fetchMcp.data && (
        <p role="status" className="text-sm text-emerald-800">
          {fetchMcp.data.serverName ?? "The server"} listed {fetchMcp.data.toolCount} tools.
        </p>
      )}
    </div>
  );
}
