// What a draft must pass before it is published: the catalog's quality gate (quality-gate.ts), then the safety
// gate (safety-gate.ts). Checked before the publishing transaction takes the catalog's lock, so a refused publish
// never holds it; checked again inside only when the draft changed in between.
import type { SnapshotContent } from "@/domain/snapshot/verify";
import { passQualityGate } from "./quality-gate";
import { passSafetyGate, type SafetyGate, type SafetyRecord } from "./safety-gate";

export interface PublishGateOptions {
  /** The publisher's role and acknowledgement; without it, safety errors are not gated (rollback, scripts). */
  safety?: SafetyGate;
  /** The catalog's setting: refuse while the draft has quality warnings. */
  blockOnQuality: boolean;
}

/** Throws the refusal, or returns what the History entry keeps of an acknowledged publish (null when nothing). */
export type PublishGate = (content: SnapshotContent) => SafetyRecord | null;

/** A gate that remembers the last content it passed, so the same draft object is checked once per publish. */
export function createPublishGate({ safety, blockOnQuality }: PublishGateOptions): PublishGate {
  let last: { content: SnapshotContent; record: SafetyRecord | null } | null = null;
  return (content) => {
    if (last?.content === content) return last.record;
    passQualityGate(content, blockOnQuality);
    const record = safety ? passSafetyGate(content, safety) : null;
    last = { content, record };
    return record;
  };
}

/** Whether the gate has anything to check at all. */
export const isGated = ({ safety, blockOnQuality }: PublishGateOptions): boolean => Boolean(safety) || blockOnQuality;
