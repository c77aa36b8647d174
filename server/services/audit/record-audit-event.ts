import type { Prisma, PrismaClient } from "@prisma/client";

type Tx = Prisma.TransactionClient | PrismaClient;

export interface AuditActor {
  id: string | null;
  label: string;
}

export interface RecordAuditEventOptions {
  db: Tx;
  teamId: string;
  catalogId?: string | null;
  actor: AuditActor;
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

const toJson = (value: unknown) =>
  value === undefined || value === null ? undefined : (JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue);

/** Writes one audit event; call it inside the transaction of the change it records. */
export async function recordAuditEvent(options: RecordAuditEventOptions): Promise<void> {
  await options.db.auditEvent.create({
    data: {
      teamId: options.teamId,
      catalogId: options.catalogId ?? null,
      actorId: options.actor.id,
      actorLabel: options.actor.label,
      action: options.action,
      targetType: options.targetType,
      targetId: options.targetId,
      before: toJson(options.before),
      after: toJson(options.after),
    },
  });
}

export type AuditEventInput = Omit<RecordAuditEventOptions, "db">;

/** Writes many audit events in one insert (bulk edits, imports); same transaction rule as above. */
export async function recordAuditEvents(db: Tx, events: AuditEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await db.auditEvent.createMany({
    data: events.map((event) => ({
      teamId: event.teamId,
      catalogId: event.catalogId ?? null,
      actorId: event.actor.id,
      actorLabel: event.actor.label,
      action: event.action,
      targetType: event.targetType,
      targetId: event.targetId,
      before: toJson(event.before),
      after: toJson(event.after),
    })),
  });
}
