import { answerWebEventsRequest } from "@/server/services/agent-api/http/events-http";

export const dynamic = "force-dynamic";

/** POST /api/v1/catalogs/{team}/{catalog}/events — agents report searches, calls and outcomes (write-only). */
export { answerWebEventsRequest as POST, answerWebEventsRequest as GET };
