"use client";

import { useState } from "react";
import { toast } from "sonner";

/**
 * Copies a text and says so for two seconds; when the browser refuses (no clipboard on plain http) it says
 * "Copy failed" and a toast says what to do instead. `value` is the same as `text` (older call sites).
 */
export function CopyButton({
  text,
  value,
  label = "Copy",
  className = "",
}: {
  text?: string;
  value?: string;
  label?: string;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = () =>
    navigator.clipboard
      .writeText(text ?? value ?? "")
      .then(
        () => setState("copied"),
        () => {
          setState("failed");
          toast.error("The browser refused the clipboard; select the text and copy it by hand.");
        },
      )
      .finally(() => setTimeout(() => setState("idle"), 2000));
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={state === "idle" ? label : undefined}
      className={`rounded border border-stone-300 bg-white px-1.5 py-0.5 text-xs text-stone-700 hover:bg-stone-100 ${className}`}
    >
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}</span>
    </button>
  );
}
