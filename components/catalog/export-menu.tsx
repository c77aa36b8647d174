"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { appErrorOf } from "./app-error";
import { secondaryButtonClass } from "./ui";

const FORMATS = [
  {
    format: "openai",
    label: "OpenAI Responses tools",
    hint: "direct functions, deferred ones in namespaces with defer_loading, plus tool_search",
  },
  {
    format: "anthropic",
    label: "Anthropic tools",
    hint: "defer_loading on deferred tools, plus the BM25 tool-search tool",
  },
  {
    format: "mcp",
    label: "MCP tools/list",
    hint: "what a client without tool search gets (deferred tools follow their fallback)",
  },
  {
    format: "stockroom",
    label: "Stockroom catalog (lossless)",
    hint: "every tool and field, namespaces and golden queries; imports into an empty catalog",
  },
] as const;

/** Downloads the draft in a provider's format, built exactly as a published snapshot would be. */
export function ExportMenu({ team, catalog }: { team: string; catalog: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [supportsToolSearch, setSupportsToolSearch] = useState(true);
  const [error, setError] = useState<string | null>(null);
  async function download(format: (typeof FORMATS)[number]["format"]) {
    setError(null);
    try {
      const result = await queryClient.fetchQuery({
        ...trpc.io.export.queryOptions({ team, catalog, format, supportsToolSearch }),
        staleTime: 0,
      });
      const url = URL.createObjectURL(new Blob([result.json], { type: "application/json" }));
      const link = Object.assign(document.createElement("a"), { href: url, download: result.filename });
      link.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      setError(appErrorOf(e)?.message ?? "Export failed.");
    }
  }
  return (
    <details className="relative">
      <summary className={`${secondaryButtonClass} cursor-pointer list-none`}>Export ▾</summary>
      <div className="absolute right-0 z-10 mt-2 w-80 space-y-2 rounded border border-stone-200 bg-white p-3 text-sm shadow-lg">
        {FORMATS.map((f) => (
          <button
            key={f.format}
            type="button"
            className="block w-full rounded px-2 py-1 text-left hover:bg-stone-100"
            onClick={() => download(f.format)}
          >
            <span className="font-medium">{f.label}</span>
            <span className="block text-xs text-stone-500">{f.hint}</span>
          </button>
        ))}
        <label className="flex items-center gap-2 border-t border-stone-100 pt-2 text-xs text-stone-600">
          <input
            type="checkbox"
            checked={supportsToolSearch}
            onChange={(e) => setSupportsToolSearch(e.target.checked)}
          />
          Client supports tool search (otherwise deferred tools follow their fallback)
        </label>
        {error && (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        )}
      </div>
    </details>
  );
}
