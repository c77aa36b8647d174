import { randomBytes } from "node:crypto";
import type { Prisma, PrismaClient } from "@prisma/client";
import { queryRows, type SqlSource } from "../../db/sql-source";

type Tx = Prisma.TransactionClient | PrismaClient;

export interface AuditActor {
  id: string | null;
  label: string;
}

export interface RecordAuditEventOptions {
  /** A Prisma client or transaction, or the plain driver's transaction (publishing runs on it). */
  db: SqlSource;
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

let idCounter = 0;

/**
 * An id shaped like the cuids Prisma makes ("c", time, counter, random; 25 characters), so events written
 * here and by Prisma sort by creation time alike: the history breaks ties of `at` by id.
 */
function newEventId(): string {
  idCounter = (idCounter + 1) % 36 ** 4;
  return `c${Date.now().toString(36).padStart(8, "0")}${idCounter.toString(36).padStart(4, "0")}${randomBytes(6).toString("hex")}`;
}

const jsonText = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

// Plain SQL, so it runs in a Prisma transaction and on the plain driver alike; `at` is the time of the call
// in UTC, as Prisma writes it.
const INSERT_EVENT_SQL = `
  INSERT INTO "AuditEvent" ("id", "teamId", "catalogId", "actorId", "actorLabel", "action", "targetType", "targetId", "before", "after", "at")
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, ($11::timestamptz AT TIME ZONE 'UTC'))`;

/** Writes one audit event; call it inside the transaction of the change it records. */
export async function recordAuditEvent(options: RecordAuditEventOptions): Promise<void> {
  await queryRows(options.db, INSERT_EVENT_SQL, [
    newEventId(),
    options.teamId,
    options.catalogId ?? null,
    options.actor.id,
    options.actor.label,
    options.action,
    options.targetType,
    options.targetId,
    jsonText(options.before),
    jsonText(options.after),
    new Date().toISOString(),
  ]);
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
