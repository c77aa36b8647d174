import { z } from "zod";
import { AppError } from "../../errors";

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a day is YYYY-MM-DD");

/** What every Insights view filters on: UTC days (inclusive) and optionally one snapshot version. */
export const insightsFilterSchema = z.object({
  from: DAY.optional(),
  to: DAY.optional(),
  version: z
    .number()
    .int()
    .min(0)
    .nullable()
    .optional()
    .describe("A snapshot version; 0 = events that named none; null = all."),
});
export type InsightsFilter = z.infer<typeof insightsFilterSchema>;

export interface Period {
  from: string;
  to: string;
  /** Start of `from` and end of `to` (exclusive), as ISO timestamps, for event queries. */
  fromAt: string;
  toAt: string;
  version: number | null;
}

const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** The filter made concrete: default the last 30 days up to today (UTC); a reversed or overlong period is refused. */
export function resolvePeriod(filter: InsightsFilter, now = new Date()): Period {
  const to = filter.to ?? now.toISOString().slice(0, 10);
  const from = filter.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  const toMs = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(fromMs) || Number.isNaN(toMs))
    throw new AppError("INVALID_INPUT", "from and to must be real days (YYYY-MM-DD).");
  if (fromMs > toMs)
    throw new AppError("INVALID_INPUT", `The period starts (${from}) after it ends (${to}); swap them.`);
  if ((toMs - fromMs) / DAY_MS >= MAX_DAYS)
    throw new AppError("INVALID_INPUT", `Choose a period of at most ${MAX_DAYS} days.`);
  return {
    from,
    to,
    fromAt: new Date(fromMs).toISOString(),
    toAt: new Date(toMs + DAY_MS).toISOString(),
    version: filter.version ?? null,
  };
}

/** Every day of the period, for charts that must show days without events. */
export function daysOf(period: Period): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${period.from}T00:00:00Z`); at <= Date.parse(`${period.to}T00:00:00Z`); at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}
