import { answerWebRequest } from "@/server/http/agent-dispatch";

export const dynamic = "force-dynamic";

/**
 * Every /api/v1 agent endpoint under `next dev` (and in production until the node:http handler is registered):
 * the route table in server/http/agent-routes.ts decides, as it does for `npm start`. Unknown paths answer in the
 * API's JSON error shape, not with the HTML not-found page.
 */
export {
  answerWebRequest as GET,
  answerWebRequest as POST,
  answerWebRequest as PUT,
  answerWebRequest as PATCH,
  answerWebRequest as DELETE,
};
