"use client";

import { useState } from "react";

interface PayloadData {
  provider: string;
  payload: string;
  entries: number;
  directIds: string[];
  deferredCount: number;
  omittedIds: string[];
  outline: Array<{ kind: string; name: string; tools: number | null; deferred: boolean }>;
  tookMs: number;
}

const PREVIEW_LINES = 400;

/** The payload JSON (first lines until expanded, copyable in full) and where each tool went. */
export function PayloadView({ data, isUpdating }: { data: PayloadData; isUpdating: boolean }) {
  const [isFull, setFull] = useState(false);
  const [copied, setCopied] = useState(false);
  const lines = data.payload.split("\n");
  const shown = isFull ? data.payload : lines.slice(0, PREVIEW_LINES).join("\n");

  async function copy() {
    await navigator.clipboard.writeText(data.payload);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }

  return (
    <section aria-labelledby="payload-title" className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
      <div className="space-y-3 text-sm">
        <h3 className="font-semibold">What goes where</h3>
        <p>
          <span className="font-medium">{data.directIds.length}</span> tools sent in full,{" "}
          <span className="font-medium">{data.deferredCount}</span> deferred
          {data.omittedIds.length > 0 && (
            <>
              , <span className="font-medium">{data.omittedIds.length}</span> left out (fallback hidden)
            </>
          )}
          .
        </p>
        <ol
          aria-label="Payload entries"
          tabIndex={0}
          className="max-h-96 divide-y divide-stone-100 overflow-auto rounded border border-stone-200 bg-white text-xs"
        >
          {data.outline.map((entry, i) => (
            <li key={i} className="flex items-baseline gap-2 px-2 py-1">
              <span className="w-20 shrink-0 text-stone-500">{entry.kind}</span>
              <span className="truncate font-mono">{entry.name}</span>
              <span className="ml-auto shrink-0 text-stone-500">
                {entry.tools !== null ? `${entry.tools} deferred` : entry.deferred ? "deferred" : ""}
              </span>
            </li>
          ))}
        </ol>
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
            {data.entries} entries · {lines.length.toLocaleString("en-US")} lines · {data.tookMs} ms
            {isUpdating ? " · updating…" : ""}
          </span>
          <button type="button" onClick={copy} className="ml-auto rounded border border-stone-300 px-2 py-0.5 text-xs">
            {copied ? "Copied" : "Copy JSON"}
          </button>
        </div>
        <pre
          aria-label="Tools payload"
          tabIndex={0}
          className="max-h-[32rem] overflow-auto rounded-lg bg-stone-900 p-4 font-mono text-xs leading-relaxed text-stone-100"
        >
          {shown}
        </pre>
        {lines.length > PREVIEW_LINES && (
          <button type="button" onClick={() => setFull(!isFull)} className="mt-2 text-xs underline">
            {isFull
              ? `Show the first ${PREVIEW_LINES} lines`
              : `Show all ${lines.length.toLocaleString("en-US")} lines`}
          </button>
        )}
      </div>
    </section>
  );
}
