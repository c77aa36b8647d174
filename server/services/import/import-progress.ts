import { AppError } from "../../errors";

/** The phases of a large import or sync: reading the source, comparing it with the catalog, writing. */
export type ImportPhase = "fetch" | "diff" | "apply";
export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
}

/** How a caller follows a long import (progress) and stops it (an abort before the commit writes nothing). */
export interface ImportControl {
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
  /** What the cancel message calls it (default "sync"). */
  noun?: "sync" | "import";
}

export const cancelledMessage = (noun: "sync" | "import" = "sync") => `The ${noun} was cancelled; nothing was written.`;

/** Throws when the caller cancelled: inside the import's transaction, this rolls everything back. */
export function assertNotCancelled(control: ImportControl | undefined) {
  if (control?.signal?.aborted) throw new AppError("CONFLICT", cancelledMessage(control.noun), { cancelled: true });
}

/** Reports progress (and stops when cancelled). */
export function report(control: ImportControl | undefined, phase: ImportPhase, done: number, total: number) {
  control?.onProgress?.({ phase, done, total });
  assertNotCancelled(control);
}
