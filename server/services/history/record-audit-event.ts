import { randomBytes } from "node:crypto";
import { queryRows, type SqlSource } from "../../db/sql-source";

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
  /** Shared by the events of one change made at once (an import); see newGroupId. */
  groupId?: string | null;
}

let idCounter = 0;

/**
 * An id shaped like the cuids Prisma makes ("c", time, counter, random; 25 characters), so events written
 * here and by Prisma sort by creation time alike: the history breaks ties of `at` by id.
 */
function newEventId(): string {
  idCounter = (idCounter + 1) % 36 ** 4;
  return `c${Date.now().toString(36).padStart(8, "0")}${idCounter.toString(36).padStart(4, "0")}${randomBytes(6).toString("hex")}`;
}

// Plain SQL, so it runs in a Prisma transaction and on the plain driver alike (publishing runs on it). The
// events go as one JSON array, whatever their number; `at` is the time of the call in UTC, as Prisma writes it.
const INSERT_EVENTS_SQL = `
  INSERT INTO "AuditEvent" ("id", "teamId", "catalogId", "actorId", "actorLabel", "action", "targetType", "targetId", "before", "after", "at", "groupId")
  SELECT e."id", e."teamId", e."catalogId", e."actorId", e."actorLabel", e."action", e."targetType", e."targetId", e."before", e."after",
         (e."at"::timestamptz AT TIME ZONE 'UTC'), e."groupId"
  FROM jsonb_to_recordset($1::jsonb) AS e("id" text, "teamId" text, "catalogId" text, "actorId" text, "actorLabel" text, "action" text,
                                          "targetType" text, "targetId" text, "before" jsonb, "after" jsonb, "at" text,
                                          "groupId" text)`;

/** A new id for the events of one change made at once. */
export const newGroupId = (): string => newEventId();

/** Writes one audit event; call it inside the transaction of the change it records. */
export async function recordAuditEvent({ db, ...event }: RecordAuditEventOptions): Promise<void> {
  await recordAuditEvents(db, [event]);
}

export type AuditEventInput = Omit<RecordAuditEventOptions, "db">;

/** Writes many audit events in one insert (bulk edits, imports); same transaction rule as above. */
export async function recordAuditEvents(db: SqlSource, events: AuditEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const at = new Date().toISOString();
  const rows = events.map((event) => ({
    id: newEventId(),
    teamId: event.teamId,
    catalogId: event.catalogId ?? null,
    actorId: event.actor.id,
    actorLabel: event.actor.label,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    before: event.before ?? null, // JSON null → SQL NULL, as before
    after: event.after ?? null,
    at,
    groupId: event.groupId ?? null,
  }));
  await queryRows(db, INSERT_EVENTS_SQL, [JSON.stringify(rows)]);
}
