"use client";

import { CopyButton } from "@/components/ui/copy-button";

/** A code example with its title and a button that copies it. */
export function CodeExample({ title, code, hint }: { title: string; code: string; hint?: string }) {
  return (
    <figure aria-label={title} className="min-w-0">
      <figcaption className="mb-1 flex items-center justify-between gap-2 text-xs font-medium text-stone-700">
        {title}
        <CopyButton text={code} label={`Copy the ${title} example`} />
      </figcaption>
      <pre className="overflow-x-auto rounded bg-stone-900 p-3 font-mono text-xs text-stone-100">{code}</pre>
      {hint && <p className="mt-1 text-xs text-stone-500">{hint}</p>}
    </figure>
  );
}
