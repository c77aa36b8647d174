import { answerWebRequest } from "@/server/services/agent-api/http/agent-http";

export const dynamic = "force-dynamic";

/** POST /api/v1/catalogs/{team}/{catalog}/import/preview — the import's plan, written nowhere (import-scoped token). */
export const POST = answerWebRequest;
