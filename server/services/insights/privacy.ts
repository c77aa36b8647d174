import { createHash } from "node:crypto";
import type { TelemetryTextMode } from "./privacy-modes";

export {
  RETENTION_DAYS,
  TELEMETRY_TEXT_LABELS,
  TELEMETRY_TEXT_MODES,
  telemetryTextModeSchema,
  type TelemetryTextMode,
} from "./privacy-modes";

// Order matters: URLs and e-mail addresses contain digits and quotes that the later rules would split.
const REDACTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:https?|ftp|wss?):\/\/[^\s"'<>]+|\bwww\.[^\s"'<>]+/gi, "[url]"],
  [/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu, "[email]"],
  [/"[^"]*"|'[^'\s][^']*'|“[^”]*”|‘[^’]*’|`[^`]*`/g, "[value]"],
  // Numbers, and identifiers that carry digits (cus_123, INV-2024-7): those are values, not words of a request.
  [/[\p{L}_-]*\p{N}[\p{L}\p{N}_.,:/-]*/gu, "[number]"],
];

/** The request with personal and record-specific values replaced; words that describe the task stay. */
export function redactText(text: string): string {
  return REDACTIONS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** A stable hash of the whole request (trimmed, lower-case), kept in every mode so repeats can be counted. */
export function hashRequestText(text: string): string {
  return `sha256-${createHash("sha256").update(text.trim().toLowerCase()).digest("hex")}`;
}

/** The text an event stores under `mode`; null = none. Runs on the server before anything is written. */
export function storedRequestText(text: string, mode: TelemetryTextMode): string | null {
  if (mode === "none") return null;
  return mode === "redacted" ? redactText(text) : text;
}
