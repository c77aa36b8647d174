"use client";

import { SiteFrame, StatusMessage } from "@/components/ui/site-frame";

/** An unexpected failure keeps the app's frame and offers a retry; the digest ties it to the server log. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <SiteFrame>
      <StatusMessage
        title="Something went wrong"
        action={
          <button
            type="button"
            onClick={reset}
            className="rounded-md bg-stone-900 px-3 py-2 text-sm text-white hover:bg-stone-700"
          >
            Try again
          </button>
        }
      >
        <p>The page could not be shown. Nothing you saved is lost.</p>
        {error.digest && <p className="mt-2 font-mono text-xs text-stone-500">Reference {error.digest}</p>}
      </StatusMessage>
    </SiteFrame>
  );
}
