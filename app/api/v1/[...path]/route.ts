import { answerWebRequest } from "@/server/services/agent-api/http/agent-http";

export const dynamic = "force-dynamic";

/** Unknown /api/v1 paths answer in the API's JSON error shape, not with the HTML not-found page. */
export { answerWebRequest as GET, answerWebRequest as POST, answerWebRequest as PUT, answerWebRequest as PATCH, answerWebRequest as DELETE };
