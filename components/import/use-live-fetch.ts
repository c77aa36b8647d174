"use client";

import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc-provider";
import { appErrorOf } from "../ui/app-error";

/** The connection form as typed: both transports' fields, kept when switching between them. */
export interface LiveConnection {
  transport: "http" | "stdio";
  url: string;
  headers: string;
  command: string;
  args: string;
  env: string;
}

export type FetchedTools = {
  text: string;
  serverName: string | null;
  namespaceDescription: string | null;
  toolCount: number;
};

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

/** Connects to the server the form names and reads its tools/list result. */
export function useLiveFetch(team: string, catalog: string, onFetched: (result: FetchedTools) => void) {
  const trpc = useTRPC();
  const fetchMcp = useMutation(
    trpc.import.fetchMcp.mutationOptions({
      onSuccess: onFetched,
      meta: { success: "Read the server's tools: preview them below", errorTitle: "The MCP server was not read" },
    }),
  );
  function connect({ transport, url, headers, command, args, env }: LiveConnection) {
    fetchMcp.mutate({
      team,
      catalog,
      connection:
        transport === "http"
          ? { transport, url, headers: pairs(headers, ":") }
          : { transport, command, args: lines(args), env: pairs(env, "=") },
    });
  }
  return { fetchMcp, connect, error: appErrorOf(fetchMcp.error) };
}
