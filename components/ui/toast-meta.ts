import { toast } from "sonner";
import type { Mutation } from "@tanstack/react-query";

/**
 * What a mutation says when it settles, read by the query client's MutationCache so every save, publish, import and
 * bulk action confirms itself and every failure shows, without each component wiring toasts by hand.
 */
export interface ToastMeta extends Record<string, unknown> {
  /** The success toast; a function reads the mutation's result ("3 tools moved"). Omit for checks and dry runs. */
  success?: string | ((data: unknown, variables: unknown) => string | null);
  /**
   * The error toast's title when the page also shows the full message beside the form ("The tool was not saved"),
   * so the same words do not appear twice. Without it the toast carries the server's message.
   */
  errorTitle?: string;
  /** No toast at all on error: the mutation's caller handles it (a conflict banner, an undo that raced). */
  isErrorSilent?: boolean;
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: ToastMeta;
  }
}

type AnyMutation = Mutation<unknown, unknown, unknown, unknown>;

export function toastMutationSuccess(data: unknown, variables: unknown, mutation: AnyMutation) {
  const success = mutation.meta?.success;
  const text = typeof success === "function" ? success(data, variables) : success;
  if (text) toast.success(text);
}

export function toastMutationError(error: unknown, mutation: AnyMutation) {
  const meta = mutation.meta;
  if (meta?.isErrorSilent) return;
  const message = error instanceof Error ? error.message : String(error);
  if (meta?.errorTitle) toast.error(meta.errorTitle, { description: "The message is shown on the page." });
  else toast.error(message);
}
