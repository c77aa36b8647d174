"use client";

import { useState } from "react";

interface PayloadData {
  provider: string;
  payload: string;
  entries: number;
  directIds: string[];
  deferredCount: number;
  omittedIds: string[];
  namespaces: Array<{ name: string; description: string; deferred: number }>;
  tookMs: number;
}

const PREVIEW_LINES = 400;

/** The payload JSON (first lines until expanded, copyable in full) and where each tool went. */
export function PayloadView({ data, isUpdating }: { data: PayloadData; isUpdating: boolean }) {
  const [isFull, setFull] = useState(false);
  const [copied, setCopied] = useState(false);
  const lines = data.payload.split("\n");
  const shown = isFull ? data.payload : lines.slice(0, PREVIEW_LINES).join("\n");
  const summarised = data.namespaces.filter((ns) => ns.deferred > 0);

  async function copy() {
    await navigator.clipboard.writeText(data.payload);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }

  return (
    <section aria-labelledby="payload-title" className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-3 text-sm">
        <h3 className="font-semibold">What goes where</h3>
        <p>
          <span className="font-medium">{data.directIds.length}</span> tools sent in full, <span className="font-medium">{data.deferredCount}</span> deferred
          {data.omittedIds.length > 0 && (
            <>
              , <span className="font-medium">{data.omittedIds.length}</span> left out (fallback hidden)
            </>
          )}
          .
        </p>
        {data.deferredCount > 0 && summarised.length > 0 && (
          <table className="w-full text-xs" aria-label="Namespace summaries">
            <thead>
              <tr className="border-b border-stone-200 text-left text-stone-500">
                <th className="py-1 pr-2 font-medium">Namespace</th>
                <th className="py-1 text-right font-medium">Deferred</th>
              </tr>
            </thead>
            <tbody>
              {summarised.map((ns) => (
                <tr key={ns.name} className="border-b border-stone-100" title={ns.description}>
                  <td className="py-1 pr-2 font-mono">{ns.name}</td>
                  <td className="py-1 text-right tabular-nums">{ns.deferred}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {data.omittedIds.length > 0 && (
          <p className="text-xs text-stone-600">
            Left out: <span className="font-mono">{data.omittedIds.join(", ")}</span>
          </p>
        )}
      </div>
      <div className="lg:col-span-2">
        <div className="mb-2 flex flex-wrap items-baseline gap-3">
          <h3 id="payload-title" className="font-semibold">
            Turn-one <span className="font-mono">tools</span> payload
          </h3>
          <span className="text-xs text-stone-500">
            {data.entries} entries · {lines.length.toLocaleString("en-US")} lines · {data.tookMs} ms{isUpdating ? " · updating…" : ""}
          </span>
          <button type="button" onClick={copy} className="ml-auto rounded border border-stone-300 px-2 py-0.5 text-xs">
            {copied ? "Copied" : "Copy JSON"}
          </button>
        </div>
        <pre aria-label="Tools payload" className="max-h-[32rem] overflow-auto rounded-lg bg-stone-900 p-4 font-mono text-xs leading-relaxed text-stone-100">
          {shown}
        </pre>
        {lines.length > PREVIEW_LINES && (
          <button type="button" onClick={() => setFull(!isFull)} className="mt-2 text-xs underline">
            {isFull ? `Show the first ${PREVIEW_LINES} lines` : `Show all ${lines.length.toLocaleString("en-US")} lines`}
          </button>
        )}
      </div>
    </section>
  );
}
