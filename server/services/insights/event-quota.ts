import { z } from "zod";
import type { SqlRunner } from "../../db/migrate";
import { AppError } from "../../errors";

/** The bounds on stored agent events (README, "Configuration"): per UTC day in events, and held in total, in MB. */
export interface EventBounds {
  catalogEventsPerDay: number;
  teamEventsPerDay: number;
  catalogBytes: number;
  teamBytes: number;
}

const bound = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const boundsSchema = z.object({
  STOCKROOM_EVENTS_PER_CATALOG_PER_DAY: bound(100_000),
  STOCKROOM_EVENTS_PER_TEAM_PER_DAY: bound(300_000),
  STOCKROOM_EVENT_MB_PER_CATALOG: bound(256),
  STOCKROOM_EVENT_MB_PER_TEAM: bound(1024),
});

/** The bounds as the environment sets them, read on each call (boot validated them in env.ts; tests change them). */
export function eventBoundsFromEnv(source: Record<string, string | undefined> = process.env): EventBounds {
  const env = boundsSchema.parse(source);
  return {
    catalogEventsPerDay: env.STOCKROOM_EVENTS_PER_CATALOG_PER_DAY,
    teamEventsPerDay: env.STOCKROOM_EVENTS_PER_TEAM_PER_DAY,
    catalogBytes: env.STOCKROOM_EVENT_MB_PER_CATALOG * 1024 * 1024,
    teamBytes: env.STOCKROOM_EVENT_MB_PER_TEAM * 1024 * 1024,
  };
}

// The catalog's and its team's usage rows (one per catalog and day, within retention): a few hundred rows at most.
const USAGE_SQL = `
  SELECT
    COALESCE(sum(u."events") FILTER (WHERE u."catalogId" = $1 AND u."day" = $2::date), 0)::float8 AS "catalogToday",
    COALESCE(sum(u."bytes") FILTER (WHERE u."catalogId" = $1), 0)::float8 AS "catalogBytes",
    COALESCE(sum(u."events") FILTER (WHERE u."day" = $2::date), 0)::float8 AS "teamToday",
    COALESCE(sum(u."bytes"), 0)::float8 AS "teamBytes"
  FROM "AgentEventUsage" u JOIN "Catalog" c ON c."id" = u."catalogId"
  WHERE c."teamId" = (SELECT "teamId" FROM "Catalog" WHERE "id" = $1)`;

// Refused events (and the drops the batch reported) go to the day's catalog-wide `dropped` counter, held at int4.
const COUNT_DROPPED_SQL = `
  INSERT INTO "AgentDailyCount" ("catalogId", "day", "snapshotVersion", "toolId", "dropped")
  VALUES ($1, $2::date, 0, '', LEAST($3::bigint, 2147483647)::int)
  ON CONFLICT ("catalogId", "day", "snapshotVersion", "toolId") DO UPDATE SET
    "dropped" = LEAST("AgentDailyCount"."dropped"::bigint + EXCLUDED."dropped", 2147483647)::int`;

interface Usage {
  catalogToday: number;
  catalogBytes: number;
  teamToday: number;
  teamBytes: number;
}

const MB = 1024 * 1024;

/** The first bound the batch would pass, as the refusal that names it. */
function boundPassed(usage: Usage, bounds: EventBounds, events: number, bytes: number, retryAfterSeconds: number) {
  const perDay = (who: string, limit: number, variable: string) =>
    new AppError(
      "RATE_LIMITED",
      `This ${who} stored its bound of ${limit.toLocaleString("en")} agent events today (UTC; ${variable}); ` +
        `these ${events} events were not stored and count as dropped in Insights. Send more after midnight UTC.`,
      { retryAfterSeconds, droppedEvents: events },
    );
  const held = (who: string, limit: number, variable: string) =>
    new AppError(
      "PAYLOAD_TOO_LARGE",
      `This ${who} holds its bound of ${Math.round(limit / MB)} MB of agent events (${variable}); these ${events} ` +
        "events were not stored and count as dropped in Insights. Space frees as retention deletes old events.",
      { droppedEvents: events },
    );
  if (usage.catalogToday + events > bounds.catalogEventsPerDay)
    return perDay("catalog", bounds.catalogEventsPerDay, "STOCKROOM_EVENTS_PER_CATALOG_PER_DAY");
  if (usage.teamToday + events > bounds.teamEventsPerDay)
    return perDay("team", bounds.teamEventsPerDay, "STOCKROOM_EVENTS_PER_TEAM_PER_DAY");
  if (usage.catalogBytes + bytes > bounds.catalogBytes)
    return held("catalog", bounds.catalogBytes, "STOCKROOM_EVENT_MB_PER_CATALOG");
  if (usage.teamBytes + bytes > bounds.teamBytes) return held("team", bounds.teamBytes, "STOCKROOM_EVENT_MB_PER_TEAM");
  return null;
}

export interface CheckEventQuotaOptions {
  sql: Pick<SqlRunner, "query">;
  catalogId: string;
  /** Events in the batch, and its size (the request body's bytes: about what its rows will take). */
  events: number;
  bytes: number;
  /** Drops the client reported with the batch: counted with the refused events when it is refused. */
  reportedDropped?: number;
  bounds?: EventBounds;
  now?: Date;
}

/**
 * Refuses a batch that would pass a bound on stored events (per catalog and per team: events per UTC day → 429
 * until midnight UTC; bytes held → 413), naming the bound, after counting its events as dropped so the agent and
 * Insights see them. Batches in flight together may pass a bound by what they carry (at most a few thousand events).
 */
export async function checkEventQuota({
  sql,
  catalogId,
  events,
  bytes,
  reportedDropped = 0,
  bounds = eventBoundsFromEnv(),
  now = new Date(),
}: CheckEventQuotaOptions): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  const [usage] = await sql.query<Usage>(USAGE_SQL, [catalogId, day]);
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const refusal = boundPassed(usage!, bounds, events, bytes, Math.ceil((midnight - now.getTime()) / 1000));
  if (!refusal) return;
  await sql.query(COUNT_DROPPED_SQL, [catalogId, day, events + reportedDropped]);
  throw refusal;
}
