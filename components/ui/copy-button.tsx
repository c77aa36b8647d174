"use client";

import { useState } from "react";
import { toast } from "sonner";

/** Copies a value (a hash, a token, a snippet) and says so. */
export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
  const [isCopied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toast.error("The browser refused the clipboard; select the text and copy it by hand.");
    }
  }
  return (
    <button type="button" onClick={copy} aria-label={label} className="rounded border border-stone-200 px-1.5 py-0.5 text-xs text-stone-600 hover:bg-stone-100 hover:text-stone-900">
      {isCopied ? "Copied" : "Copy"}
    </button>
  );
}

/** A content hash or other identifier: monospace, shortened on screen, whole in the title and the copy. */
export function Hash({ value, chars = 19 }: { value: string; chars?: number }) {
  const shown = value.length > chars ? `${value.slice(0, chars)}…` : value;
  return (
    <span className="inline-flex items-center gap-1.5">
      <code className="font-mono text-xs" title={value}>
        {shown}
      </code>
      <CopyButton value={value} label={`Copy ${value}`} />
    </span>
  );
}
