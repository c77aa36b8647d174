"use client";

import { Dialog } from "radix-ui";
import { useEffect, useState } from "react";

export const SHORTCUTS = [
  { keys: ["/"], action: "Focus the page's search or filter box" },
  { keys: ["⌘ K", "Ctrl K"], action: "Go to a catalog, page or tool" },
  { keys: ["⌘ S", "Ctrl S"], action: "Save the form on screen" },
  { keys: ["?"], action: "Show these shortcuts" },
  { keys: ["Esc"], action: "Close a dialog or menu" },
] as const;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/** The first element of a selector that a person can see (a hidden form's button must not fire). */
function firstVisible<T extends HTMLElement>(selector: string): T | undefined {
  return [...document.querySelectorAll<T>(selector)].find((el) => el.offsetParent !== null);
}

/**
 * Global keys. Pages opt in with data attributes rather than registering handlers: `data-shortcut="search"` on the
 * box `/` focuses (else the first search input), `data-shortcut="save"` on the button ⌘S presses.
 */
export function KeyboardShortcuts({ onPalette }: { onPalette: () => void }) {
  const [isHelpOpen, setHelpOpen] = useState(false);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const isMod = event.metaKey || event.ctrlKey;
      if (isMod && event.key.toLowerCase() === "k") {
        event.preventDefault();
        onPalette();
      } else if (isMod && event.key.toLowerCase() === "s") {
        event.preventDefault(); // never the browser's "save page" dialog
        const button = firstVisible<HTMLButtonElement>('[data-shortcut="save"]');
        if (button && !button.disabled) button.click();
      } else if (!isMod && !event.altKey && !isTyping(event.target)) {
        if (event.key === "/") {
          const box =
            firstVisible<HTMLInputElement>('[data-shortcut="search"]') ??
            firstVisible<HTMLInputElement>('input[type="search"]');
          if (box) {
            event.preventDefault();
            box.focus();
          }
        } else if (event.key === "?") {
          event.preventDefault();
          setHelpOpen(true);
        }
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onPalette]);

  return (
    <Dialog.Root open={isHelpOpen} onOpenChange={setHelpOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-stone-200 bg-white p-5 shadow-2xl">
          <Dialog.Title className="mb-1 text-base font-semibold">Keyboard shortcuts</Dialog.Title>
          <Dialog.Description className="mb-4 text-sm text-stone-600">
            Anywhere in Stockroom, outside a text box.
          </Dialog.Description>
          <table className="w-full text-sm" aria-label="Keyboard shortcuts">
            <tbody>
              {SHORTCUTS.map((s) => (
                <tr key={s.action} className="border-t border-stone-100">
                  <td className="py-1.5 pr-4 whitespace-nowrap">
                    {s.keys.map((k) => (
                      <kbd
                        key={k}
                        className="mr-1 rounded border border-stone-300 bg-stone-50 px-1.5 py-0.5 font-sans text-xs"
                      >
                        {k}
                      </kbd>
                    ))}
                  </td>
                  <td className="py-1.5 text-stone-700">{s.action}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Dialog.Close className="mt-4 rounded-md border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100">
            Close
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
