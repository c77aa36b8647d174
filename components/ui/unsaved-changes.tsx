"use client";

import { useRouter } from "next/navigation";
import { AlertDialog } from "radix-ui";
import { useEffect, useState } from "react";

/**
 * Warns before edits are lost: the browser's own prompt on reload / close / typed URL (beforeunload), and a dialog
 * for links inside the app (the App Router has no cancellable navigation event, so link clicks are intercepted).
 */
export function UnsavedChangesGuard({ isDirty }: { isDirty: boolean }) {
  const router = useRouter();
  const [pendingHref, setPendingHref] = useState<string | null>(null);
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ""; // older browsers need it to show the prompt
    };
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
      const url = new URL(link.href, window.location.href);
      if (
        url.origin !== window.location.origin ||
        (url.pathname === window.location.pathname && url.search === window.location.search)
      )
        return;
      event.preventDefault();
      event.stopPropagation();
      setPendingHref(url.pathname + url.search + url.hash);
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [isDirty]);

  return (
    <AlertDialog.Root open={pendingHref !== null} onOpenChange={(open) => !open && setPendingHref(null)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-3 rounded-lg border border-stone-200 bg-white p-5 shadow-2xl">
          <AlertDialog.Title className="text-base font-semibold">Leave without saving?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-stone-600">
            Your edits on this page have not been saved and will be lost.
          </AlertDialog.Description>
          <div className="flex justify-end gap-2 pt-2">
            <AlertDialog.Cancel className="rounded-md border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100">
              Stay and keep editing
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={() => pendingHref && router.push(pendingHref)}
              className="rounded-md bg-red-700 px-3 py-1.5 text-sm text-white hover:bg-red-800"
            >
              Leave and discard
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
