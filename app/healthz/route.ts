import { HEALTH_BODY, HEALTH_HEADERS } from "@/server/ops/health";

// `next dev` (npm start answers it in its node:http front: server/ops/ops-routes.ts): the process answers.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return new Response(HEALTH_BODY, { headers: HEALTH_HEADERS });
}
