// Publishing with a safety error (docs/catalog-check.md, "Safety") needs an owner's acknowledgement with a reason;
// the errors and the reason are kept in the version's History entry.
import { checkInputOfSnapshot, checkSafety } from "@/domain/catalog-check/index";
import type { SnapshotContent } from "@/domain/snapshot/verify";
import type { Role } from "@/domain/vocabulary";
import { AppError } from "../../errors";

export interface SafetyGate {
  /** The publisher's role in the catalog: only an owner may acknowledge. */
  role: Role;
  /** Why the owner publishes despite the safety errors; required when there are any. */
  acknowledgement?: string | null;
}

/** What the History entry keeps of an acknowledged publish. */
export interface SafetyRecord {
  acknowledgement: string;
  errors: Array<{ toolId: string; rule: string }>;
}

const MAX_LISTED = 5;

/** The content's safety errors, refused unless an owner acknowledged them; null when there are none. */
export function passSafetyGate(content: SnapshotContent, gate: SafetyGate): SafetyRecord | null {
  const errors = checkSafety(checkInputOfSnapshot(content).tools).map((f) => ({ toolId: f.toolId, rule: f.rule }));
  if (errors.length === 0) return null;
  const listed = errors
    .slice(0, MAX_LISTED)
    .map((e) => `${e.toolId} (${e.rule})`)
    .join(", ");
  const summary = `${errors.length} safety error${errors.length === 1 ? "" : "s"}: ${listed}${errors.length > MAX_LISTED ? ", …" : ""}`;
  if (gate.role !== "owner")
    throw new AppError(
      "FORBIDDEN",
      `The draft has ${summary}. Fix them, or ask an owner to publish with an acknowledgement.`,
      { safetyErrors: errors },
    );
  const acknowledgement = gate.acknowledgement?.trim();
  if (!acknowledgement)
    throw new AppError(
      "UNPROCESSABLE",
      `The draft has ${summary}. Fix them, or acknowledge them with a reason to publish anyway.`,
      { safetyErrors: errors },
    );
  return { acknowledgement, errors };
}
