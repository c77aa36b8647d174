"use client";

import { useState } from "react";

/** Copies a text and says so for two seconds; says why when the browser refuses (no clipboard on plain http). */
export function CopyButton({ text, label = "Copy", className = "" }: { text: string; label?: string; className?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState("copied"),
      () => setState("failed"),
    ).finally(() => setTimeout(() => setState("idle"), 2000));
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={state === "idle" ? label : undefined}
      className={`rounded border border-stone-300 bg-white px-1.5 py-0.5 text-xs text-stone-700 hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-800 dark:text-stone-200 dark:hover:bg-stone-700 ${className}`}
    >
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}</span>
    </button>
  );
}
