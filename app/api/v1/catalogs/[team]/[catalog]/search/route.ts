import { answerWebRequest } from "@/server/services/agent-api/http/agent-http";

export const dynamic = "force-dynamic";

/** POST /api/v1/catalogs/{team}/{catalog}/search — hosted tool_search over a published snapshot. */
export { answerWebRequest as POST, answerWebRequest as GET };
