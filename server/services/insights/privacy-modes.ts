// The privacy settings as values (no Node imports: the settings form in the browser uses them too).
import { z } from "zod";

/** What an agent event keeps of a request's text, per catalog. */
export const TELEMETRY_TEXT_MODES = ["full", "redacted", "none"] as const;
export const telemetryTextModeSchema = z.enum(TELEMETRY_TEXT_MODES);
export type TelemetryTextMode = z.infer<typeof telemetryTextModeSchema>;

export const TELEMETRY_TEXT_LABELS: Record<TelemetryTextMode, string> = {
  full: "Full text",
  redacted: "Redacted (e-mail addresses, URLs, numbers and quoted values replaced)",
  none: "Not stored (a hash only)",
};

export const RETENTION_DAYS = { min: 1, max: 365, default: 30 } as const;
