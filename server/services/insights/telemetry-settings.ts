import "server-only";
import type { Catalog, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { RETENTION_DAYS, type TelemetryTextMode } from "./privacy";

export interface TelemetrySettings {
  textMode: TelemetryTextMode;
  retentionDays: number;
  /** The catalog's revision: a change based on an older one is refused. */
  revision: number;
}

export function telemetrySettingsOf(
  catalog: Pick<Catalog, "telemetryText" | "telemetryRetentionDays" | "revision">,
): TelemetrySettings {
  return { textMode: catalog.telemetryText, retentionDays: catalog.telemetryRetentionDays, revision: catalog.revision };
}

interface UpdateTelemetrySettingsOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  revision: number;
  patch: { textMode?: TelemetryTextMode; retentionDays?: number };
}

/** Changes what agent events keep of request text and how long they are kept; audited, revision-guarded. */
export async function updateTelemetrySettings({
  db,
  catalog,
  actor,
  revision,
  patch,
}: UpdateTelemetrySettingsOptions): Promise<TelemetrySettings> {
  const days = patch.retentionDays;
  if (days !== undefined && (!Number.isInteger(days) || days < RETENTION_DAYS.min || days > RETENTION_DAYS.max)) {
    throw new AppError("INVALID_INPUT", `Keep events between ${RETENTION_DAYS.min} and ${RETENTION_DAYS.max} days.`, {
      fields: { retentionDays: "out of range" },
    });
  }
  return db.$transaction(async (tx) => {
    const current = await tx.catalog.findUniqueOrThrow({ where: { id: catalog.id } });
    if (current.revision !== revision) {
      throw new AppError(
        "CONFLICT",
        `The catalog settings were changed by someone else since you opened them (revision ${revision}, now ${current.revision}); reload and try again.`,
        { currentRevision: current.revision },
      );
    }
    const before = telemetrySettingsOf(current);
    const next = {
      telemetryText: patch.textMode ?? before.textMode,
      telemetryRetentionDays: days ?? before.retentionDays,
    };
    if (next.telemetryText === before.textMode && next.telemetryRetentionDays === before.retentionDays) return before;
    const written = await tx.catalog.updateMany({
      where: { id: catalog.id, revision },
      data: { ...next, revision: { increment: 1 } },
    });
    if (written.count === 0)
      throw new AppError("CONFLICT", "The catalog settings changed meanwhile; reload and try again.");
    const after = telemetrySettingsOf(await tx.catalog.findUniqueOrThrow({ where: { id: catalog.id } }));
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "catalog.telemetry_updated",
      targetType: "catalog",
      targetId: catalog.id,
      before: { textMode: before.textMode, retentionDays: before.retentionDays },
      after: { textMode: after.textMode, retentionDays: after.retentionDays },
    });
    return after;
  });
}
