"use client";

import { useState } from "react";
import { secondaryButtonClass } from "@/components/ui/control-styles";
import { CodeExample } from "./code-example";

/** The one time a secret is visible: copy it now; closing this forgets it in the browser too. */
export function NewTokenSecret({
  name,
  secret,
  curl,
  onDone,
}: {
  name: string;
  secret: string;
  curl: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }
  return (
    <section aria-label="New token" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-5">
      <h3 className="font-semibold text-amber-900">Copy the secret of “{name}” now</h3>
      <p className="text-sm text-amber-900">
        Stockroom keeps only a hash of it: once you close this, nobody can show it again. Lost it? Revoke this token and
        create another.
      </p>
      <div className="flex gap-2">
        <input
          aria-label="New token secret"
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded border border-amber-300 bg-white px-2 py-1 font-mono text-sm"
        />
        <button type="button" onClick={copy} className={secondaryButtonClass}>
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <details className="text-sm text-amber-900">
        <summary className="cursor-pointer">Try it</summary>
        <div className="mt-2">
          <CodeExample title="curl with this token" code={curl} />
        </div>
      </details>
      <button type="button" onClick={onDone} className={secondaryButtonClass}>
        I have copied it
      </button>
    </section>
  );
}
