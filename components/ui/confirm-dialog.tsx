"use client";

import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";

interface ConfirmDialogProps {
  /** The button that opens the dialog; none when the caller opens it (`open`, `onOpenChange`). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  isDestructive?: boolean;
  /** Extra content (a field to type) and whether it allows confirming yet. */
  children?: ReactNode;
  canConfirm?: boolean;
}

/** The one confirmation pattern: a modal that names what happens and defaults focus to Cancel. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  isDestructive = true,
  children,
  canConfirm = true,
  open,
  onOpenChange,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-3 rounded-lg border border-stone-200 bg-white p-5 shadow-2xl">
          <AlertDialog.Title className="text-base font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="text-sm text-stone-600">{description}</div>
          </AlertDialog.Description>
          {children}
          <div className="flex justify-end gap-2 pt-2">
            <AlertDialog.Cancel className="rounded-md border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100">
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action
              disabled={!canConfirm}
              onClick={onConfirm}
              className={`rounded-md px-3 py-1.5 text-sm text-white disabled:opacity-50 ${isDestructive ? "bg-red-700 hover:bg-red-800" : "bg-stone-900 hover:bg-stone-700"}`}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
