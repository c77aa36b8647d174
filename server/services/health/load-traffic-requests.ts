import type { CheckRequest } from "@/domain/catalog-check/index";
import { queryRows, type SqlSource } from "../../db/sql-source";

/** How far back, and how many distinct requests, the Health tab ranks as traffic. */
export const TRAFFIC_DAYS = 30;
export const MAX_TRAFFIC_REQUESTS = 2_000;

// Requests (as stored: redacted or full text per the catalog's privacy setting; none when only a hash is kept)
// whose search was followed by a successful call of the tool, newest first.
const TRAFFIC_SQL = `
  SELECT c."toolId", s."query" FROM "AgentEvent" c
  JOIN "AgentEvent" s ON s."catalogId" = c."catalogId" AND s."kind" = 'search' AND s."clientEventId" = c."searchEventId"
  WHERE c."catalogId" = $1 AND c."kind" = 'call' AND c."ok" AND c."toolId" IS NOT NULL
    AND c."at" >= ($2::timestamptz AT TIME ZONE 'UTC') AND s."query" IS NOT NULL AND s."query" <> ''
  GROUP BY c."toolId", s."query"
  ORDER BY max(c."at") DESC, c."toolId", s."query"
  LIMIT $3`;

/** The requests agents sent before successfully calling each tool, over the last TRAFFIC_DAYS days. */
export async function loadTrafficRequests(db: SqlSource, catalogId: string): Promise<CheckRequest[]> {
  const since = new Date(Date.now() - TRAFFIC_DAYS * 86_400_000).toISOString();
  const rows = await queryRows<{ toolId: string; query: string }>(db, TRAFFIC_SQL, [
    catalogId,
    since,
    MAX_TRAFFIC_REQUESTS,
  ]);
  return rows.map((r) => ({ query: r.query, toolId: r.toolId, source: "traffic" as const }));
}
