import type { SqlSource } from "../../db/sql-source";
import { queryRows } from "../../db/sql-source";
import { logger } from "../../ops/logger";

// Each catalog keeps events for its own number of days; the day counters and usage rows (the bounds on stored
// events, event-quota.ts) go with the days they count.
const DELETE_EVENTS_SQL = `
  WITH gone AS (
    DELETE FROM "AgentEvent" e USING "Catalog" c
    WHERE e."catalogId" = c."id" AND e."at" < ($1::timestamptz AT TIME ZONE 'UTC') - make_interval(days => c."telemetryRetentionDays")
    RETURNING 1)
  SELECT count(*)::int AS "count" FROM gone`;

const DELETE_COUNTERS_SQL = `
  WITH counts AS (
    DELETE FROM "AgentDailyCount" d USING "Catalog" c
    WHERE d."catalogId" = c."id" AND d."day" < (($1::timestamptz AT TIME ZONE 'UTC') - make_interval(days => c."telemetryRetentionDays"))::date
    RETURNING 1),
  buckets AS (
    DELETE FROM "AgentDailyBucket" d USING "Catalog" c
    WHERE d."catalogId" = c."id" AND d."day" < (($1::timestamptz AT TIME ZONE 'UTC') - make_interval(days => c."telemetryRetentionDays"))::date
    RETURNING 1),
  usage AS (
    DELETE FROM "AgentEventUsage" d USING "Catalog" c
    WHERE d."catalogId" = c."id" AND d."day" < (($1::timestamptz AT TIME ZONE 'UTC') - make_interval(days => c."telemetryRetentionDays"))::date
    RETURNING 1)
  SELECT (SELECT count(*) FROM counts)::int + (SELECT count(*) FROM buckets)::int + (SELECT count(*) FROM usage)::int AS "count"`;

/** The retention job: deletes agent events (and day counters) older than their catalog's retention. */
export async function deleteExpiredEvents({
  db,
  now = new Date(),
}: {
  db: SqlSource;
  now?: Date;
}): Promise<{ events: number; counters: number }> {
  const [events] = await queryRows<{ count: number }>(db, DELETE_EVENTS_SQL, [now.toISOString()]);
  const [counters] = await queryRows<{ count: number }>(db, DELETE_COUNTERS_SQL, [now.toISOString()]);
  return { events: events?.count ?? 0, counters: counters?.count ?? 0 };
}

const HOUR_MS = 3_600_000;
const globalForJob = globalThis as unknown as { stockroomRetentionTimer?: ReturnType<typeof setInterval> };

/** Runs the retention job now and then hourly in this process (started by instrumentation.ts). */
export function startRetentionJob(
  db: SqlSource,
  log: (message: string) => void = (message) => logger().info(message),
): void {
  if (globalForJob.stockroomRetentionTimer) return;
  const run = () =>
    deleteExpiredEvents({ db })
      .then(
        ({ events }) => events > 0 && log(`Retention: deleted ${events} agent events past their catalog's retention.`),
      )
      .catch((error: unknown) => logger().error({ err: error }, "retention job failed"));
  void run();
  globalForJob.stockroomRetentionTimer = setInterval(run, HOUR_MS);
  globalForJob.stockroomRetentionTimer.unref?.();
}
