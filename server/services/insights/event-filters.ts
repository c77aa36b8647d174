import { z } from "zod";
import { agentEventKindSchema } from "@/domain/agent-events";
import type { Period } from "./insights-period";

/** What makes a request "failing" on the Insights page; each is also an events-list filter. */
export const FAILURE_KINDS = ["empty", "weak", "no-call", "low-rank", "repeated"] as const;
export const failureKindSchema = z.enum(FAILURE_KINDS);
export type FailureKind = z.infer<typeof failureKindSchema>;

export const FAILURE_LABELS: Record<FailureKind, string> = {
  empty: "No tool returned",
  weak: "Only weak matches",
  "no-call": "No call of a returned tool after it",
  "low-rank": "Called tool ranked below K",
  repeated: "Searched again in the conversation",
};

/** Failing-request tables group the latest this many searches (calls, for low-rank) of the period. */
export const FAILING_WINDOW = 20_000;

/** Every other number on the page links to events with one of these. */
export const EVENT_FLAGS = [...FAILURE_KINDS, "followed", "unreturned", "ok", "failed"] as const;
export const eventFlagSchema = z.enum(EVENT_FLAGS);
export type EventFlag = z.infer<typeof eventFlagSchema>;

export const eventFiltersSchema = z.object({
  kind: agentEventKindSchema.optional(),
  flag: eventFlagSchema.optional(),
  /** Only events of this UTC day (within the period). */
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /** search: returned this tool; call/outcome: of this tool. */
  toolId: z.string().max(300).optional(),
  queryHash: z.string().max(100).optional(),
  rank: z.number().int().min(1).max(1000).optional(),
  /** For `low-rank`: ranks above this count as low (default 3). */
  k: z.number().int().min(1).max(100).optional(),
});
export type EventFilters = z.infer<typeof eventFiltersSchema>;

const FLAG_SQL: Record<EventFlag, { kind: "search" | "call"; sql: string }> = {
  empty: { kind: "search", sql: `cardinality(e."returnedIds") = 0` },
  weak: { kind: "search", sql: `e."weakOnly"` },
  "no-call": { kind: "search", sql: `NOT e."followed"` },
  repeated: { kind: "search", sql: `e."repeated"` },
  followed: { kind: "search", sql: `e."followed"` },
  "low-rank": { kind: "call", sql: `e."rank" > $K` },
  unreturned: { kind: "call", sql: `e."rank" IS NULL` },
  ok: { kind: "call", sql: `e."ok"` },
  failed: { kind: "call", sql: `e."ok" = false` },
};

/** WHERE clauses over "AgentEvent" e for a period and filters; `params` starts with the catalog id. */
export function eventConditions(
  catalogId: string,
  period: Period,
  filters: EventFilters,
): { where: string; params: unknown[]; flagWhere: string } {
  const params: unknown[] = [catalogId];
  const add = (value: unknown) => `$${params.push(value)}`;
  const where = [`e."catalogId" = $1`];
  const day = filters.day && filters.day >= period.from && filters.day <= period.to ? filters.day : null;
  where.push(`e."at" >= (${add(day ? `${day}T00:00:00Z` : period.fromAt)}::timestamptz AT TIME ZONE 'UTC')`);
  where.push(
    `e."at" < (${add(day ? new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString() : period.toAt)}::timestamptz AT TIME ZONE 'UTC')`,
  );
  if (period.version !== null) where.push(`COALESCE(e."snapshotVersion", 0) = ${add(period.version)}`);
  const flag = filters.flag ? FLAG_SQL[filters.flag] : null;
  const kind = flag?.kind ?? filters.kind;
  if (kind) where.push(`e."kind" = ${add(kind)}::"AgentEventKind"`);
  const flagWhere = flag
    ? flag.sql.includes("$K")
      ? flag.sql.replace("$K", () => add(filters.k ?? 3))
      : flag.sql
    : "true";
  if (flag) where.push(flagWhere);
  if (filters.toolId)
    where.push(
      kind === "search" ? `${add(filters.toolId)} = ANY(e."returnedIds")` : `e."toolId" = ${add(filters.toolId)}`,
    );
  if (filters.queryHash) where.push(`e."queryHash" = ${add(filters.queryHash)}`);
  if (filters.rank) where.push(`e."rank" = ${add(filters.rank)}`);
  /** `flagWhere` alone, for callers that pick a window of events first and filter it after. */
  return { where: where.join(" AND "), params, flagWhere };
}
