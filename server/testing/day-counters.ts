import type { PrismaClient } from "@prisma/client";
import {
  BUCKET_METRICS,
  type BucketMetric,
  COUNT_COLUMNS,
  type DailyMetric,
} from "../services/insights/daily-counters";

const isBucketMetric = (metric: DailyMetric): metric is BucketMetric =>
  (BUCKET_METRICS as readonly string[]).includes(metric);

/** For tests: one day counter of a catalog summed over days and versions (a histogram over its buckets). */
export async function sumDayCounter(
  db: PrismaClient,
  catalogId: string,
  metric: DailyMetric,
  toolId = "",
): Promise<number> {
  if (isBucketMetric(metric)) {
    const { _sum } = await db.agentDailyBucket.aggregate({ where: { catalogId, metric }, _sum: { count: true } });
    return _sum.count ?? 0;
  }
  const column = COUNT_COLUMNS[metric];
  const { _sum } = await db.agentDailyCount.aggregate({ where: { catalogId, toolId }, _sum: { [column]: true } });
  return (_sum as Record<string, number | null>)[column] ?? 0;
}
